/**
 * `npm start`: the whole product on one machine, one process, one port (docs/architecture.md).
 * DynamoDB Local keeps its data under DATA_DIR, so a second start sees everything the first wrote.
 */
import { resolve } from 'node:path';
import { applyLocalEnvironment, localDefaults } from './environment';
import { ensureTable, freePort, startDynamoDbLocal } from './dynamodb-local';
import { startLocalServer } from './http-server';

const port = Number(process.env.PORT ?? localDefaults.port);
const dataDir = resolve(process.env.DATA_DIR ?? localDefaults.dataDir);
const tableName = process.env.TABLE_NAME ?? localDefaults.tableName;
const log = (msg: string, extra?: unknown) => console.log(`[simple-slot] ${msg}`, extra ?? '');

async function main() {
  // Lambda runs Node 22; the SDK's warning about this machine's Node 20 would greet every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  log(`starting DynamoDB Local (data in ${dataDir})`);
  const dynamo = await startDynamoDbLocal({ dataDir: resolve(dataDir, 'dynamodb'), port: await freePort() });
  let server: Awaited<ReturnType<typeof startLocalServer>> | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    await server?.close().catch(() => undefined);
    await dynamo.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    applyLocalEnvironment({ dataDir, tableName, dynamoEndpoint: dynamo.endpoint, port });
    log(`table ${tableName}: ${await ensureTable(dynamo.endpoint, tableName)}`);
    // Imported after the environment is set: the handlers read it.
    const { bootstrap } = await import('../../functions/domain/bootstrap');
    const developerId = process.env.BOOTSTRAP_DEVELOPER_ID ?? localDefaults.developerId;
    const result = await bootstrap({
      loginId: developerId,
      password: process.env.BOOTSTRAP_DEVELOPER_PASSWORD ?? localDefaults.developerPassword,
    });
    if (result.developerCreated) log(`developer account "${developerId}" created`);
    server = await startLocalServer({
      port,
      webDist: resolve(import.meta.dirname, '../../web/dist'),
      scheduler: true,
      log,
    });
    log(`ready on http://localhost:${server.port}`);
  } catch (err) {
    console.error('[simple-slot] failed to start:', err);
    await dynamo.stop();
    process.exit(1);
  }
}

// main() reports a failed start itself and exits with 1.
void main();
