import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import {
  BatchWriteItemCommand,
  DynamoDBClient,
  ScanCommand,
  type AttributeValue,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { ensureTable } from './dynamodb-local';
import { keys } from '../../functions/storage/keys';

/**
 * The restore drill in local mode: export the table, restore the export into a fresh table built
 * from infra/table.ts, and check the copy the way an operator would before pointing the product at
 * it: every balance equals its ledger, every slot reads through the product's own code.
 *
 * The export is DynamoDB JSON, one `{"Item": {...}}` per line: the format of DynamoDB's own export
 * to S3, so a cloud export can be restored here the same way.
 */
type Item = Record<string, AttributeValue>;

const client = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

/** Writes every item of the table to `file`; returns how many. */
export async function exportTable(endpoint: string, tableName: string, file: string): Promise<number> {
  const dynamo = client(endpoint);
  const out = createWriteStream(file);
  let count = 0;
  try {
    let start: Item | undefined;
    do {
      const page = await dynamo.send(
        new ScanCommand({ TableName: tableName, ExclusiveStartKey: start, ConsistentRead: true }),
      );
      for (const item of page.Items ?? []) {
        if (!out.write(`${JSON.stringify({ Item: item })}\n`)) await once(out, 'drain');
        count += 1;
      }
      start = page.LastEvaluatedKey;
    } while (start);
  } finally {
    out.end();
    await once(out, 'close');
    dynamo.destroy();
  }
  return count;
}

/** Creates `tableName` (it must not exist yet) and writes every item of the export into it. */
export async function restoreTable(endpoint: string, file: string, tableName: string): Promise<number> {
  if ((await ensureTable(endpoint, tableName)) !== 'created') {
    throw new Error(`table ${tableName} exists already: a restore goes into a fresh table`);
  }
  const dynamo = client(endpoint);
  let count = 0;
  let batch: WriteRequest[] = [];
  const flush = async () => {
    // A batch may come back partly unwritten (throttling): those items go again until none is left.
    let pending = batch;
    batch = [];
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const answer = await dynamo.send(new BatchWriteItemCommand({ RequestItems: { [tableName]: pending } }));
      pending = answer.UnprocessedItems?.[tableName] ?? [];
    }
  };
  try {
    for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
      if (!line.trim()) continue;
      batch.push({ PutRequest: { Item: (JSON.parse(line) as { Item: Item }).Item } });
      count += 1;
      if (batch.length === 25) await flush();
    }
    await flush();
  } finally {
    dynamo.destroy();
  }
  return count;
}

/** What the export holds that the checks must find again: the owners of balances and the slots. */
export async function exportedIds(file: string): Promise<{ balanceOwners: string[]; slotIds: string[] }> {
  const balance = keys.cashBalance('');
  const slot = keys.slot('');
  const balanceOwners: string[] = [];
  const slotIds: string[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    const { Item } = JSON.parse(line) as { Item: Item };
    const pk = Item.PK?.S ?? '';
    const sk = Item.SK?.S ?? '';
    if (sk === balance.SK && pk.startsWith(balance.PK)) balanceOwners.push(pk.slice(balance.PK.length));
    if (sk === slot.SK && pk.startsWith(slot.PK)) slotIds.push(pk.slice(slot.PK.length));
  }
  return { balanceOwners, slotIds };
}

export interface DrillCheck {
  balances: number;
  /** Owners whose balance does not equal their ledger (or whose chain is broken), with why. */
  drifted: Array<{ userId: string; problems: string[] }>;
  slots: number;
  /** Slots the product could not read back, with the error it gave. */
  unreadable: Array<{ slotId: string; error: string }>;
}

/**
 * Reads the table TABLE_NAME names (the restored one) through the product's own stores and domain:
 * the ledger check of the nightly reconciliation for every balance, a staff read of every slot.
 */
export async function checkRestoredTable(ids: { balanceOwners: string[]; slotIds: string[] }): Promise<DrillCheck> {
  const { ledgerStore } = await import('../../functions/storage/ledger');
  const { findProblems } = await import('../../functions/domain/cash/reconcile');
  const { getSlot } = await import('../../functions/domain/slots/queries');
  const drifted: DrillCheck['drifted'] = [];
  for (const userId of ids.balanceOwners) {
    const balance = await ledgerStore.getBalance(userId);
    const problems = (await ledgerStore.balanceExists(userId))
      ? findProblems(balance, await ledgerStore.allEntries(userId))
      : ['the balance item is missing'];
    if (problems.length) drifted.push({ userId, problems });
  }
  // A developer reads every slot (staff may read any); no account is needed for a read through the domain.
  const reader = { userId: 'restore-drill', role: 'developer' as const, sessionId: 'restore-drill', actorId: null };
  const unreadable: DrillCheck['unreadable'] = [];
  for (const slotId of ids.slotIds) {
    try {
      const slot = await getSlot(reader, slotId);
      if (slot.id !== slotId) throw new Error(`read ${slot.id} instead`);
    } catch (err) {
      unreadable.push({ slotId, error: (err as Error).message });
    }
  }
  return { balances: ids.balanceOwners.length, drifted, slots: ids.slotIds.length, unreadable };
}
