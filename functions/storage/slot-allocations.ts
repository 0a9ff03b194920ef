import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AllocationHistoryRow } from '#shared/schemas/slot-allocations';
import { kstDayOf, kstDayStartIso, type KstDay } from '#shared/kst';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { queryAll, queryCount, queryFirst } from './item-io';
import { keys, stripKeys } from './keys';
import { transactUnlessRefused, type TransactItem } from './transactions';

/**
 * Pre-allocation issuances (the records the issuance history lists):
 * `SLOTALLOC#{id} / ALLOC`, on GSI1 `SLOTALLOCS / {createdAt}#{id}` (all, by time) and GSI2
 * `SLOTALLOCS#{userId} / {createdAt}#{id}` (one user's) and GSI3 `SLOTALLOCS#OP#{operatorId} /
 * {createdAt}#{id}` (one operator's); counted in `SLOTALLOCS / COUNT` and `SLOTALLOCS#OP#{operatorId} /
 * COUNT`, and per KST day in `SLOTALLOCS[#OP#{operatorId}] / DAY#{day}` (`countedDay` on the record marks
 * it counted there). The record is written in the same
 * transaction as the issuance's slot-bulk record and counters (domain/slots/allocation.ts), so it
 * exists exactly when its slots do. Extensions made from its slots are linked by
 * `SLOTALLOC#{id} / EXT#{slotId}` items, written in the extension's transaction. A record is its
 * history row as issued: `user_name`/`user_email` are those at issuance (the list prefers the current
 * ones), `reason` the payload's description (null when none was given).
 */
export type AllocationRecord = Omit<AllocationHistoryRow, 'created_at' | 'current_user_name' | 'current_user_email'> & {
  payment_by: string | null;
  createdAt: string;
};

/** The stored item of an issuance: its keys, the record and its `countedDay` mark. */
export const allocationItem = (r: AllocationRecord) => ({
  ...keys.slotAllocation(r.id),
  ...keys.slotAllocationListing(r.createdAt, r.id),
  ...keys.slotAllocationsOfUser(r.userId, r.createdAt, r.id),
  ...keys.slotAllocationsOfOperator(r.operatorId, r.createdAt, r.id),
  entity: 'slotAllocation',
  ...r,
  countedDay: kstDayOf(r.createdAt),
});

/**
 * What a list reads of each issuance: the record without its keys and marks (about half of the
 * item), named through placeholders (several are reserved words). Every field of the record, or the
 * type check fails.
 */
const recordFields: Record<keyof AllocationRecord, true> = {
  id: true,
  userId: true,
  user_name: true,
  user_email: true,
  operatorId: true,
  operator_name: true,
  slot_count: true,
  reason: true,
  memo: true,
  amount: true,
  workCount: true,
  startDate: true,
  endDate: true,
  is_test: true,
  payment: true,
  payment_at: true,
  payment_by: true,
  createdAt: true,
};
const recordProjection = {
  ProjectionExpression: Object.keys(recordFields)
    .map((f) => `#f_${f}`)
    .join(', '),
  names: Object.fromEntries(Object.keys(recordFields).map((f) => [`#f_${f}`, f])),
};

/** What the backfills (operator key, day counts) need of an issuance. */
export type UnkeyedIssuance = Pick<AllocationRecord, 'id' | 'operatorId' | 'createdAt'>;

/** Which issuances a history list reads: all, one user's or one operator's, since the KST day `fromDay`. */
export interface AllocationFilter {
  fromDay?: KstDay;
  userId?: string;
  operatorId?: string;
}

/**
 * The key condition of a filter: one user's partition (GSI2), else one operator's (GSI3), else every
 * issuance (GSI1); `from` is a key range. With both a user and an operator, the operator is the
 * `rest` left to check in memory (a user's issuances are few).
 */
function keyCondition(filter: AllocationFilter) {
  const from = filter.fromDay ? kstDayStartIso(filter.fromDay) : undefined;
  const [index, pk] = filter.userId
    ? (['GSI2', keys.slotAllocationsOfUser(filter.userId).GSI2PK] as const)
    : filter.operatorId
      ? (['GSI3', keys.slotAllocationsOfOperator(filter.operatorId).GSI3PK] as const)
      : (['GSI1', keys.slotAllocationListing().GSI1PK] as const);
  return {
    input: {
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `#pk = :pk${from ? ' AND #sk >= :from' : ''}`,
      ExpressionAttributeNames: { '#pk': `${index}PK`, ...(from ? { '#sk': `${index}SK` } : {}) },
      ExpressionAttributeValues: { ':pk': pk, ...(from ? { ':from': from } : {}) },
    },
    rest: filter.userId && filter.operatorId ? filter.operatorId : undefined,
  };
}

/** A history query that reads only the record's fields (counts keep the plain condition: `Select: COUNT` takes no projection). */
function projected<T extends { ExpressionAttributeNames: Record<string, string> }>(input: T) {
  return {
    ...input,
    ProjectionExpression: recordProjection.ProjectionExpression,
    ExpressionAttributeNames: { ...input.ExpressionAttributeNames, ...recordProjection.names },
  };
}

/** Every issuance lacking `attribute` (a backfill's mark): its id, operator and time, from the listing (GSI1). */
async function issuancesWithout(attribute: 'GSI3PK' | 'countedDay'): Promise<UnkeyedIssuance[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: 'attribute_not_exists(#mark)',
    ProjectionExpression: '#id, #op, #at',
    ExpressionAttributeNames: { '#mark': attribute, '#id': 'id', '#op': 'operatorId', '#at': 'createdAt' },
    ExpressionAttributeValues: { ':pk': keys.slotAllocationListing().GSI1PK },
  });
  return items as UnkeyedIssuance[];
}

export const slotAllocationsStore = {
  /** A new record and its counts (all, its operator's, over all time and its day); fails its transaction if the id exists. */
  put(record: AllocationRecord): TransactItem[] {
    return [
      {
        Put: { TableName: tableName(), Item: allocationItem(record), ConditionExpression: 'attribute_not_exists(PK)' },
      },
      ...this.count(record.operatorId, 1),
      ...this.countDay(record.operatorId, kstDayOf(record.createdAt), 1),
    ];
  },

  /** Adds `n` issuances to the counts of all and of one operator (each item once per transaction). */
  count(operatorId: string, n: number): TransactItem[] {
    return [undefined, operatorId].map((op) => ({
      Update: {
        TableName: tableName(),
        Key: keys.slotAllocationCount(op),
        UpdateExpression: 'ADD n :n',
        ExpressionAttributeValues: { ':n': n },
      },
    }));
  },

  /** Adds `n` issuances to one KST day's counts, all and one operator's (each item once per transaction). */
  countDay(operatorId: string, day: KstDay, n: number): TransactItem[] {
    return [undefined, operatorId].map((op) => ({
      Update: {
        TableName: tableName(),
        Key: keys.slotAllocationDayCount(op, day),
        UpdateExpression: 'ADD n :n',
        ExpressionAttributeValues: { ':n': n },
      },
    }));
  },

  async get(id: string): Promise<AllocationRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.slotAllocation(id), ConsistentRead: true }),
    );
    return out.Item ? stripKeys<AllocationRecord>(out.Item) : undefined;
  },

  /** Every issuance of the filter, newest first (for sorts other than time). */
  async list(filter: AllocationFilter): Promise<AllocationRecord[]> {
    const { input, rest } = keyCondition(filter);
    const items = await queryAll({ ...projected(input), ScanIndexForward: false });
    return items.map((i) => stripKeys<AllocationRecord>(i)).filter((r) => !rest || r.operatorId === rest);
  },

  /**
   * Issuances `offset … offset + limit` of the filter in time order, read in key order (only as far
   * as the page), and how many match in all. Two promises, so the caller can use the page's records
   * (look up their owners) while the total is still being read. The total: over all time the counter;
   * for a period of all or one operator's, the sum of its days' counts (one Query of at most a
   * day's item per day); one user's (a user has few) counted in the key range, and only when the page
   * did not already reach the end of it. Await both together (Promise.all), so neither fails unseen.
   */
  page(
    filter: AllocationFilter,
    opts: { newestFirst: boolean; offset: number; limit: number },
  ): { records: Promise<AllocationRecord[]>; total: Promise<number> } {
    const { input, rest } = keyCondition(filter);
    if (rest) {
      const all = this.list(filter);
      const records = all.then((list) => {
        const ordered = opts.newestFirst ? list : [...list].reverse();
        return ordered.slice(opts.offset, opts.offset + opts.limit);
      });
      return { records, total: all.then((list) => list.length) };
    }
    const wanted = opts.offset + opts.limit;
    const read = queryFirst({ ...projected(input), ScanIndexForward: !opts.newestFirst }, wanted, {
      pageLimit: (missing) => Math.min(missing, 1000),
    });
    const records = read.then((items) => items.slice(opts.offset).map((i) => stripKeys<AllocationRecord>(i)));
    if (filter.userId)
      return { records, total: read.then((items) => (items.length < wanted ? items.length : queryCount(input))) };
    const total = filter.fromDay ? this.totalSince(filter.fromDay, filter.operatorId) : this.total(filter.operatorId);
    return { records, total };
  },

  /** How many issuances there are, all or one operator's (the counter the writes move). */
  async total(operatorId?: string): Promise<number> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.slotAllocationCount(operatorId), ConsistentRead: true }),
    );
    return Number(out.Item?.n ?? 0);
  },

  /** How many issuances were made since the KST day `fromDay` (inclusive), all or one operator's. */
  async totalSince(fromDay: KstDay, operatorId?: string): Promise<number> {
    const days = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.slotAllocationDayCount(operatorId, fromDay).PK,
        ':from': keys.slotAllocationDayCount(operatorId, fromDay).SK,
        ':to': keys.slotAllocationDayCount(operatorId, '9999-12-31').SK,
      },
      ProjectionExpression: 'n',
      ConsistentRead: true,
    });
    return days.reduce((sum, d) => sum + Number(d.n ?? 0), 0);
  },

  /** Issuances written before the operator key existed (GSI3): their ids, operators and times. */
  async withoutOperatorKey(): Promise<UnkeyedIssuance[]> {
    return issuancesWithout('GSI3PK');
  },

  /**
   * Puts issuances of ONE operator (at most 98) on that operator's key (GSI3) and into the counts, in
   * one transaction: the key is the mark of a counted record, so each is counted once. False (nothing
   * written) when one of them is gone or already keyed.
   */
  async addOperatorKeys(records: UnkeyedIssuance[]): Promise<boolean> {
    return transactUnlessRefused([
      ...records.map((r) => {
        const key = keys.slotAllocationsOfOperator(r.operatorId, r.createdAt, r.id);
        return {
          Update: {
            TableName: tableName(),
            Key: keys.slotAllocation(r.id),
            UpdateExpression: 'SET GSI3PK = :pk, GSI3SK = :sk',
            ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(GSI3PK)',
            ExpressionAttributeValues: { ':pk': key.GSI3PK, ':sk': key.GSI3SK },
          },
        };
      }),
      ...this.count(records[0].operatorId, records.length),
    ]);
  },

  /** Issuances written before the day counts existed (no `countedDay`): their ids, operators and times. */
  async withoutDayCount(): Promise<UnkeyedIssuance[]> {
    return issuancesWithout('countedDay');
  },

  /**
   * Counts issuances of ONE operator made on ONE KST day (at most 98) in that day's counts and marks
   * them counted (`countedDay`), in one transaction, so each is counted once. False (nothing written)
   * when one of them is gone or already counted.
   */
  async addDayCounts(records: UnkeyedIssuance[]): Promise<boolean> {
    const day = kstDayOf(records[0].createdAt);
    return transactUnlessRefused([
      ...records.map((r) => ({
        Update: {
          TableName: tableName(),
          Key: keys.slotAllocation(r.id),
          UpdateExpression: 'SET countedDay = :day',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(countedDay)',
          ExpressionAttributeValues: { ':day': day },
        },
      })),
      ...this.countDay(records[0].operatorId, day, records.length),
    ]);
  },

  /** Sets the payment flag; false when the record does not exist. */
  async setPayment(id: string, payment: boolean, by: string, at: string): Promise<AllocationRecord | undefined> {
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.slotAllocation(id),
          UpdateExpression: 'SET payment = :p, payment_at = :at, payment_by = :by',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':p': payment, ':at': payment ? at : null, ':by': payment ? by : null },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return stripKeys<AllocationRecord>(out.Attributes!);
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  },

  /** Links an extension slot to the issuance of its parent (in the extension's transaction). */
  linkExtension(allocationId: string, slotId: string, parentSlotId: string, at: string): TransactItem {
    return {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.slotAllocationExtension(allocationId, slotId),
          entity: 'slotAllocationExtension',
          slotId,
          parentSlotId,
          createdAt: at,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  },

  /** The ids of the extension slots made from this issuance's slots, oldest first. */
  async extensionIds(allocationId: string): Promise<string[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.slotAllocation(allocationId).PK,
        ':prefix': keys.slotAllocationExtensionPrefix(),
      },
    });
    return items.map((i) => i.slotId as string);
  },
};
