import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { SlotChangeType } from '#shared/schemas/slots';
import { slotStatuses, type SlotStatus } from '#shared/slot-status';
import { db, tableName } from './client';
import { isConditionFailure } from './errors';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * Slots, their change logs, rank days, per-user and global counters and bulk registration records.
 * This module builds items and reads; functions/domain/slots/ decides what changes together.
 *
 * Item layout (docs/data-model.md):
 * - slot        PK SLOT#{id}            SK SLOT            GSI1 USERSLOTS#{userId} / {createdAt}#{id}
 *                                                          GSI2 SLOTS#{status}     / {createdAt}#{id}
 * - change log  PK SLOT#{id}            SK LOG#{at}#{ulid}
 * - rank day    PK SLOT#{id}            SK RANK#{yyyy-MM-dd}
 * - counters    PK USER#{userId} / COUNTERS   SK SLOTCOUNTS   (st_{status}, held, seq)
 * - bulk        PK SLOTBULK#{bulkId}    SK BULK
 */
export interface SlotRecord {
  id: string;
  userId: string;
  /** The owner's login id (never changes), for the staff userId search. */
  userLogin: string;
  status: SlotStatus;
  /** The user's sequence number (1, 2, 3 … in registration order). */
  slot_number: number;
  customFields: Record<string, string>;
  keyword: string;
  url: string;
  mid: string;
  url_product_id: string | null;
  url_item_id: string | null;
  url_vendor_item_id: string | null;
  product_name: string | null;
  thumbnail: string | null;
  startDate: string | null;
  endDate: string | null;
  price: number;
  approved_price: number | null;
  rank: number | null;
  yesterday_rank: number | null;
  first_rank: number | null;
  rejection_reason: string | null;
  refund_reason: string | null;
  parent_slot_id: string | null;
  is_test: boolean;
  pre_allocation_start_date: string | null;
  pre_allocation_end_date: string | null;
  approvedAt: string | null;
  approvedBy: string | null;
  rejectedAt: string | null;
  /**
   * Set when the slot is deleted: the stored status it had then, so a staff restore can send it back
   * there (shared/slot-status.ts restoredStatus); removed on restore. Absent on slots deleted before.
   */
  statusBeforeDelete?: SlotStatus;
  createdAt: string;
  updatedAt: string;
  /** Optimistic concurrency: every update checks and bumps it. */
  version: number;
  /**
   * Set on slots written by a bulk registration: such a slot exists only once the bulk record
   * `SLOTBULK#{bulkId}` does (it is written in the charge's transaction) AND names this row's
   * attempt. Twin requests with one Idempotency-Key each write their own rows; only the rows of the
   * attempt that committed (and paid) ever exist for readers. Readers check (records.ts).
   */
  bulkId?: string;
  bulkIndex?: number;
  bulkAttempt?: string;
}

/** The attributes list filters and sorts read (the page's full items are fetched afterwards). */
export type SlotListRow = Pick<
  SlotRecord,
  | 'id'
  | 'userId'
  | 'userLogin'
  | 'status'
  | 'slot_number'
  | 'keyword'
  | 'url'
  | 'mid'
  | 'product_name'
  | 'startDate'
  | 'endDate'
  | 'rank'
  | 'createdAt'
  | 'updatedAt'
  | 'bulkId'
  | 'bulkIndex'
  | 'bulkAttempt'
>;
const listAttributes: Array<keyof SlotListRow> = [
  'id',
  'userId',
  'userLogin',
  'status',
  'slot_number',
  'keyword',
  'url',
  'mid',
  'product_name',
  'startDate',
  'endDate',
  'rank',
  'createdAt',
  'updatedAt',
  'bulkId',
  'bulkIndex',
  'bulkAttempt',
];

export interface SlotLogRecord {
  id: string;
  slot_id: string;
  change_type: SlotChangeType;
  field_key: string | null;
  old_value: string | null;
  new_value: string | null;
  description: string;
  user_id: string;
  /** The developer acting as user_id through user-switch, if any. */
  actor_id: string | null;
  full_name: string;
  ip_address: string;
  user_agent: string;
  created_at: string;
}

export interface RankDayRecord {
  date: string;
  rank: number | null;
  min_rank: number | null;
  avg_rank: number | null;
  max_rank: number | null;
  prev_rank: number | null;
}

export type CounterDeltas = Partial<Record<SlotStatus | 'held', number>>;

export interface SlotCounters {
  byStatus: Record<SlotStatus, number>;
  /** Slots that count against maxSlotsPerUser (not deleted, rejected or refunded). */
  held: number;
  /** Last slot number handed out (per user). */
  seq: number;
  /**
   * Per user: bumped by EVERY change of one of the user's slots (userCounterUpdate is part of each
   * slot-changing transaction, the rank job included), so a reader can tell whether list rows it
   * read before are still current. `listChangedAt` is the time of that change.
   */
  listVersion: number;
  listChangedAt: string | null;
}

export interface BulkRecord {
  bulkId: string;
  userId: string;
  /** The attempt that committed: its slots are `{bulkId}{attempt}{index}`, index 0..count-1. */
  attempt: string;
  count: number;
  /** slot_number of index 0. */
  seqStart: number;
  /** sha256 of the accepted rows: a retry with other rows under the same key is refused. */
  rowsHash: string;
  /** The answer given, replayed to a retry. */
  result: Record<string, unknown>;
  createdAt: string;
}

const statusAttr = (s: SlotStatus) => `st_${s}`;
const emptyCounts = () => Object.fromEntries(slotStatuses.map((s) => [s, 0])) as Record<SlotStatus, number>;

const strip = (item: Record<string, unknown>) => {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, entity, ...rest } = item;
  return rest;
};

const slotItem = (slot: SlotRecord) => ({
  ...keys.slot(slot.id),
  ...keys.slotsOfUser(slot.userId, slot.createdAt, slot.id),
  ...keys.slotsByStatus(slot.status, slot.createdAt, slot.id),
  entity: 'slot',
  ...slot,
});

function countersFrom(item: Record<string, unknown> | undefined): SlotCounters {
  const byStatus = emptyCounts();
  for (const s of slotStatuses) if (typeof item?.[statusAttr(s)] === 'number') byStatus[s] = item[statusAttr(s)] as number;
  return {
    byStatus,
    held: (item?.held as number | undefined) ?? 0,
    seq: (item?.seq as number | undefined) ?? 0,
    listVersion: (item?.listVersion as number | undefined) ?? 0,
    listChangedAt: (item?.listChangedAt as string | undefined) ?? null,
  };
}

function counterUpdate(
  key: ReturnType<typeof keys.slotCountsGlobal>,
  deltas: CounterDeltas,
  extra?: { seq?: { expected: number; next: number }; heldAtMost?: number; touch?: boolean },
): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds: string[] = [];
  if (extra?.touch) {
    names['#lv'] = 'listVersion';
    names['#lca'] = 'listChangedAt';
    values[':one'] = 1;
    values[':now'] = new Date().toISOString();
    adds.push('#lv :one');
  }
  Object.entries(deltas).forEach(([k, n], i) => {
    if (!n) return;
    const attr = k === 'held' ? 'held' : statusAttr(k as SlotStatus);
    names[`#a${i}`] = attr;
    values[`:a${i}`] = n;
    adds.push(`#a${i} :a${i}`);
  });
  const sets = ['#entity = :entity', ...(extra?.touch ? ['#lca = :now'] : [])];
  names['#entity'] = 'entity';
  values[':entity'] = 'slotCounters';
  const conditions: string[] = [];
  if (extra?.seq) {
    names['#seq'] = 'seq';
    values[':seqNext'] = extra.seq.next;
    sets.push('#seq = :seqNext');
    if (extra.seq.expected === 0) conditions.push('attribute_not_exists(#seq)');
    else {
      values[':seqExpected'] = extra.seq.expected;
      conditions.push('#seq = :seqExpected');
    }
  }
  if (extra?.heldAtMost !== undefined) {
    names['#held'] = 'held';
    values[':heldMax'] = extra.heldAtMost;
    conditions.push('(attribute_not_exists(#held) OR #held <= :heldMax)');
  }
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${sets.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
    },
  };
}

async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: cursor }));
    items.push(...(out.Items ?? []));
    cursor = out.LastEvaluatedKey;
  } while (cursor);
  return items;
}

const chunk = <T>(list: T[], size: number): T[][] => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** Runs `work` over items with at most `limit` in flight. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** BatchWrite with the unprocessed items retried (DynamoDB may hand some back under load). */
async function batchWrite(requests: Array<Record<string, unknown>>): Promise<void> {
  await inParallel(chunk(requests, 25), 4, async (part) => {
    let pending = part;
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 8) throw new Error('BatchWrite left unprocessed items');
      if (attempt) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending as never } }));
      pending = (out.UnprocessedItems?.[tableName()] ?? []) as Array<Record<string, unknown>>;
    }
  });
}

export const slotsStore = {
  async get(slotId: string): Promise<SlotRecord | undefined> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.slot(slotId), ConsistentRead: true }));
    return out.Item ? (strip(out.Item) as unknown as SlotRecord) : undefined;
  },

  /** By id, in the order asked; missing ids are left out. */
  async getMany(slotIds: string[]): Promise<SlotRecord[]> {
    const found = new Map<string, SlotRecord>();
    for (const part of chunk([...new Set(slotIds)], 100)) {
      let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = { [tableName()]: { Keys: part.map((id) => keys.slot(id)) } };
      for (let attempt = 0; request && Object.keys(request).length; attempt++) {
        if (attempt) await new Promise((r) => setTimeout(r, 20 * 2 ** Math.min(attempt, 6)));
        const out = await db().send(new BatchGetCommand({ RequestItems: request }));
        for (const item of out.Responses?.[tableName()] ?? []) found.set(item.id as string, strip(item) as unknown as SlotRecord);
        request = out.UnprocessedKeys as typeof request;
      }
    }
    return slotIds.map((id) => found.get(id)).filter((s): s is SlotRecord => !!s);
  },

  /** A new slot; fails its transaction if the id exists. */
  putNew(slot: SlotRecord): TransactItem {
    return { Put: { TableName: tableName(), Item: slotItem(slot), ConditionExpression: 'attribute_not_exists(PK)' } };
  },

  /**
   * Changes a slot if nobody changed it since `expectedVersion` was read. A status change moves
   * it to its new GSI2 partition. `null` values are stored as null (the DTO shape keeps them).
   */
  update(slot: Pick<SlotRecord, 'id' | 'createdAt' | 'version'>, changes: Partial<Omit<SlotRecord, 'id' | 'userId' | 'createdAt' | 'version'>>, remove: string[] = []): TransactItem {
    const set: Record<string, unknown> = { ...changes, version: slot.version + 1 };
    if (changes.status) Object.assign(set, keys.slotsByStatus(changes.status, slot.createdAt, slot.id));
    const entries = Object.entries(set).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = Object.fromEntries(entries.map(([k], i) => [`#s${i}`, k]));
    const values: Record<string, unknown> = Object.fromEntries(entries.map(([, v], i) => [`:s${i}`, v]));
    remove.forEach((k, i) => (names[`#r${i}`] = k));
    names['#version'] = 'version';
    values[':expectedVersion'] = slot.version;
    return {
      Update: {
        TableName: tableName(),
        Key: keys.slot(slot.id),
        UpdateExpression:
          `SET ${entries.map((_, i) => `#s${i} = :s${i}`).join(', ')}` + (remove.length ? ` REMOVE ${remove.map((_, i) => `#r${i}`).join(', ')}` : ''),
        ConditionExpression: '#version = :expectedVersion',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  },

  logPut(log: SlotLogRecord): TransactItem {
    return { Put: { TableName: tableName(), Item: { ...keys.slotLog(log.slot_id, log.created_at, log.id), entity: 'slotLog', ...log } } };
  },

  /** Oldest first. */
  async listLogs(slotId: string): Promise<SlotLogRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.slot(slotId).PK, ':prefix': keys.slotLogPrefix() },
    });
    return items.map((i) => strip(i) as unknown as SlotLogRecord);
  },

  async rankDays(slotId: string, from: string, to: string): Promise<RankDayRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.slot(slotId).PK,
        ':from': keys.slotRankDay(slotId, from).SK,
        ':to': keys.slotRankDay(slotId, to).SK,
      },
    });
    return items.map((i) => strip(i) as unknown as RankDayRecord);
  },

  async rankDayKeys(slotId: string): Promise<Array<{ PK: string; SK: string }>> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.slot(slotId).PK, ':prefix': keys.slotRankDayPrefix() },
      ProjectionExpression: 'PK, SK',
    });
    return items as Array<{ PK: string; SK: string }>;
  },

  async deleteItems(itemKeys: Array<{ PK: string; SK: string }>): Promise<void> {
    await batchWrite(itemKeys.map((Key) => ({ DeleteRequest: { Key } })));
  },

  // ---- counters ------------------------------------------------------------------------------

  async countersOf(userId: string): Promise<SlotCounters> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.slotCountsOfUser(userId), ConsistentRead: true }));
    return countersFrom(out.Item);
  },

  async globalCounters(): Promise<SlotCounters> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.slotCountsGlobal() }));
    return countersFrom(out.Item);
  },

  /**
   * The user's counters move by `deltas` (may be empty) and `listVersion` is bumped: EVERY
   * transaction that changes a slot includes this item for the slot's owner (one per owner). With
   * `seq` the slot-number sequence advances only from the value read (numbers are never handed out
   * twice); with `heldAtMost` the held count must not exceed it before the change.
   */
  userCounterUpdate(userId: string, deltas: CounterDeltas, extra?: { seq?: { expected: number; next: number }; heldAtMost?: number }): TransactItem {
    return counterUpdate(keys.slotCountsOfUser(userId), deltas, { ...extra, touch: true });
  },

  /** Hands out `n` slot numbers at once (bulk registration); returns the first. Unused numbers leave a gap. */
  async reserveNumbers(userId: string, n: number): Promise<number> {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.slotCountsOfUser(userId),
        UpdateExpression: 'SET #entity = :entity ADD #seq :n',
        ExpressionAttributeNames: { '#seq': 'seq', '#entity': 'entity' },
        ExpressionAttributeValues: { ':n': n, ':entity': 'slotCounters' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return (out.Attributes?.seq as number) - n + 1;
  },

  globalCounterUpdate(deltas: CounterDeltas): TransactItem {
    return counterUpdate(keys.slotCountsGlobal(), deltas);
  },

  // ---- lists ---------------------------------------------------------------------------------

  /** Every slot of one user, only the list attributes (filters and sorting run on these). */
  async listRowsOfUser(userId: string): Promise<SlotListRow[]> {
    return (await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.slotsOfUser(userId).GSI1PK },
      ProjectionExpression: listAttributes.map((_, i) => `#p${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(listAttributes.map((a, i) => [`#p${i}`, a])),
    })) as unknown as SlotListRow[];
  },

  /** Every slot in the given stored statuses (staff lists across users). */
  async listRowsByStatus(statuses: readonly SlotStatus[]): Promise<SlotListRow[]> {
    const parts = await Promise.all(
      statuses.map((status) =>
        queryAll({
          TableName: tableName(),
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.slotsByStatus(status).GSI2PK },
          ProjectionExpression: listAttributes.map((_, i) => `#p${i}`).join(', '),
          ExpressionAttributeNames: Object.fromEntries(listAttributes.map((a, i) => [`#p${i}`, a])),
        }),
      ),
    );
    return parts.flat() as unknown as SlotListRow[];
  },

  /** Full slots of one stored status (the slot-status job). */
  async listByStatus(status: SlotStatus): Promise<SlotRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.slotsByStatus(status).GSI2PK },
    });
    return items.map((i) => strip(i) as unknown as SlotRecord);
  },

  // ---- bulk registration ---------------------------------------------------------------------

  /** Writes the slots of a bulk registration (invisible until their bulk record exists), 25 per request, 4 requests at once. */
  async putBulkSlots(slots: SlotRecord[]): Promise<void> {
    await batchWrite(slots.map((s) => ({ PutRequest: { Item: slotItem(s) } })));
  },

  bulkPut(record: BulkRecord): TransactItem {
    return { Put: { TableName: tableName(), Item: { ...keys.slotBulk(record.bulkId), entity: 'slotBulk', ...record }, ConditionExpression: 'attribute_not_exists(PK)' } };
  },

  /**
   * Deletes a row of a bulk that never committed, only as it was read: a retry with the same key
   * rewrites its rows with a new `createdAt`, and such a row is left alone. False when it changed.
   */
  async deleteUncommittedBulkRow(slot: Pick<SlotRecord, 'id' | 'createdAt' | 'version'>): Promise<boolean> {
    try {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.slot(slot.id),
          ConditionExpression: 'createdAt = :createdAt AND #version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':createdAt': slot.createdAt, ':version': slot.version },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  async getBulk(bulkId: string): Promise<BulkRecord | undefined> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.slotBulk(bulkId), ConsistentRead: true }));
    return out.Item ? (strip(out.Item) as unknown as BulkRecord) : undefined;
  },

};
