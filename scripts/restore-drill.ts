/**
 * `npm run restore-drill`: the restore, rehearsed on this machine (docs/operations.md).
 * 1. exports the local table (or takes an export given with --from, DynamoDB JSON lines as DynamoDB's
 *    export to S3 writes them), 2. restores it into a fresh table built from infra/table.ts,
 * 3. checks every balance against its ledger and reads every slot through the product's code,
 * 4. starts the product on the restored table (unless --no-serve) so it can be looked at.
 * Stop `npm start` first: both would open the same DynamoDB Local data.
 * Usage: npm run restore-drill [-- --from=FILE] [--no-serve]
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { applyLocalEnvironment, localDefaults } from '../infra/local/environment';
import { freePort, startDynamoDbLocal } from '../infra/local/dynamodb-local';
import { startLocalServer } from '../infra/local/http-server';
import { checkRestoredTable, exportTable, exportedIds, restoreTable } from '../infra/local/restore-drill';

const { values } = parseArgs({ options: { from: { type: 'string' }, 'no-serve': { type: 'boolean' } } });
const dataDir = resolve(process.env.DATA_DIR ?? localDefaults.dataDir);
const sourceTable = process.env.TABLE_NAME ?? localDefaults.tableName;
const port = Number(process.env.PORT ?? localDefaults.port);
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const restoredTable = `${sourceTable}-restored-${stamp}`;
const say = (msg: string) => console.log(`[restore-drill] ${msg}`);

const dynamo = await startDynamoDbLocal({ dataDir: join(dataDir, 'dynamodb'), port: await freePort() });
let ok = false;
try {
  let file = values.from ? resolve(values.from) : undefined;
  if (!file) {
    mkdirSync(join(dataDir, 'exports'), { recursive: true });
    file = join(dataDir, 'exports', `${sourceTable}-${stamp}.jsonl`);
    say(`exported ${await exportTable(dynamo.endpoint, sourceTable, file)} items of ${sourceTable} to ${file}`);
  }
  say(`restored ${await restoreTable(dynamo.endpoint, file, restoredTable)} items into ${restoredTable}`);

  applyLocalEnvironment({ dataDir, tableName: restoredTable, dynamoEndpoint: dynamo.endpoint, port });
  const check = await checkRestoredTable(await exportedIds(file));
  say(`${check.balances} balances, ${check.drifted.length} not equal to their ledger`);
  for (const d of check.drifted) say(`  ${d.userId}: ${d.problems.join('; ')}`);
  say(`${check.slots} slots, ${check.unreadable.length} unreadable`);
  for (const u of check.unreadable) say(`  ${u.slotId}: ${u.error}`);
  ok = !check.drifted.length && !check.unreadable.length;
  say(ok ? 'the restored table passed' : 'the restored table FAILED the checks');

  if (!values['no-serve']) {
    const server = await startLocalServer({ port, webDist: resolve(import.meta.dirname, '../web/dist') });
    say(`the product runs on ${restoredTable} at http://localhost:${server.port} (Ctrl+C to stop)`);
    say(`later: TABLE_NAME=${restoredTable} npm start`);
    const stop = async () => {
      await server.close().catch(() => undefined);
      await dynamo.stop();
      process.exit(ok ? 0 : 1);
    };
    process.once('SIGINT', () => void stop());
    process.once('SIGTERM', () => void stop());
  }
} catch (err) {
  console.error('[restore-drill] failed:', err);
  ok = false;
  await dynamo.stop();
  process.exit(1);
}
if (values['no-serve']) {
  await dynamo.stop();
  process.exit(ok ? 0 : 1);
}
