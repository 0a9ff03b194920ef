import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyLocalEnvironment } from '../infra/local/environment';
import { ensureTable, freePort, startDynamoDbLocal } from '../infra/local/dynamodb-local';
import { startLocalServer } from '../infra/local/http-server';

/**
 * The local product for a benchmark run, started the way test/support/local-stack.ts does it but
 * outside vitest: its own in-memory DynamoDB Local, the real handlers behind the real HTTP server.
 */
export async function startBenchStack(opts: { webDist?: boolean; workQueueThreads?: boolean } = {}) {
  process.env.POWERTOOLS_LOG_LEVEL ??= 'SILENT';
  const dynamo = await startDynamoDbLocal();
  const dataDir = mkdtempSync(join(tmpdir(), 'simple-slot-bench-'));
  const port = await freePort();
  const tableName = 'simple-slot-bench';
  applyLocalEnvironment({ dataDir, tableName, dynamoEndpoint: dynamo.endpoint, port });
  try {
    await ensureTable(dynamo.endpoint, tableName);
    const { bootstrap } = await import('../functions/domain/bootstrap');
    await bootstrap({ loginId: 'benchdev', password: 'benchdev123' });
    const server = await startLocalServer({
      port,
      host: '127.0.0.1',
      webDist: opts.webDist ? join(import.meta.dirname, '../web/dist') : undefined,
      // Each consumer invocation in a worker thread of its own (Lambda's execution environments).
      workQueues: { threads: opts.workQueueThreads },
    });
    return {
      url: `http://127.0.0.1:${server.port}`,
      workQueues: server.workQueues,
      websocketConnections: server.websocketConnections,
      async stop() {
        await server.close();
        await dynamo.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await dynamo.stop();
    throw err;
  }
}
