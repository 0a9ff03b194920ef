import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AllocationHistoryRow } from '#shared/schemas/slot-allocations';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { queryAll, queryCount, queryFirst } from './item-io';
import { keys, stripKeys } from './keys';
import { transactUnlessRefused, type TransactItem } from './transactions';

/**
 * Pre-allocation issuances (operator-console §3 "allocation history record"):
 * `SLOTALLOC#{id} / ALLOC`, on GSI1 `SLOTALLOCS / {createdAt}#{id}` (all, by time) and GSI2
 * `SLOTALLOCS#{userId} / {createdAt}#{id}` (one user's) and GSI3 `SLOTALLOCS#OP#{operatorId} /
 * {createdAt}#{id}` (one operator's); counted in `SLOTALLOCS / COUNT` and `SLOTALLOCS#OP#{operatorId} /
 * COUNT`. The record is written in the same
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

const item = (r: AllocationRecord) => ({
  ...keys.slotAllocation(r.id),
  ...keys.slotAllocationListing(r.createdAt, r.id),
  ...keys.slotAllocationsOfUser(r.userId, r.createdAt, r.id),
  ...keys.slotAllocationsOfOperator(r.operatorId, r.createdAt, r.id),
  entity: 'slotAllocation',
  ...r,
});

/** What the operator-key backfill needs of an issuance. */
export type UnkeyedIssuance = Pick<AllocationRecord, 'id' | 'operatorId' | 'createdAt'>;

/** Which issuances a history list reads: all, one user's or one operator's, since `from` (ISO, inclusive). */
export interface AllocationFilter {
  from?: string;
  userId?: string;
  operatorId?: string;
}

/**
 * The key condition of a filter: one user's partition (GSI2), else one operator's (GSI3), else every
 * issuance (GSI1); `from` is a key range. With both a user and an operator, the operator is the
 * `rest` left to check in memory (a user's issuances are few).
 */
function keyCondition(filter: AllocationFilter) {
  const [index, pk] = filter.userId
    ? (['GSI2', keys.slotAllocationsOfUser(filter.userId).GSI2PK] as const)
    : filter.operatorId
      ? (['GSI3', keys.slotAllocationsOfOperator(filter.operatorId).GSI3PK] as const)
      : (['GSI1', keys.slotAllocationListing().GSI1PK] as const);
  return {
    input: {
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `#pk = :pk${filter.from ? ' AND #sk >= :from' : ''}`,
      ExpressionAttributeNames: { '#pk': `${index}PK`, ...(filter.from ? { '#sk': `${index}SK` } : {}) },
      ExpressionAttributeValues: { ':pk': pk, ...(filter.from ? { ':from': filter.from } : {}) },
    },
    rest: filter.userId && filter.operatorId ? filter.operatorId : undefined,
  };
}

export const slotAllocationsStore = {
  /** A new record and its counts (all, its operator's); fails its transaction if the id exists. */
  put(record: AllocationRecord): TransactItem[] {
    return [
      { Put: { TableName: tableName(), Item: item(record), ConditionExpression: 'attribute_not_exists(PK)' } },
      ...this.count(record.operatorId, 1),
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

  async get(id: string): Promise<AllocationRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.slotAllocation(id), ConsistentRead: true }),
    );
    return out.Item ? stripKeys<AllocationRecord>(out.Item) : undefined;
  },

  /** Every issuance of the filter, newest first (for sorts other than time). */
  async list(filter: AllocationFilter): Promise<AllocationRecord[]> {
    const { input, rest } = keyCondition(filter);
    const items = await queryAll({ ...input, ScanIndexForward: false });
    return items.map((i) => stripKeys<AllocationRecord>(i)).filter((r) => !rest || r.operatorId === rest);
  },

  /**
   * Issuances `offset … offset + limit` of the filter in time order, read in key order (only as far
   * as the page), with how many match in all (a count: the store returns no items for it).
   */
  async page(
    filter: AllocationFilter,
    opts: { newestFirst: boolean; offset: number; limit: number },
  ): Promise<{ records: AllocationRecord[]; total: number }> {
    const { input, rest } = keyCondition(filter);
    if (rest) {
      const all = await this.list(filter);
      const ordered = opts.newestFirst ? all : all.reverse();
      return { records: ordered.slice(opts.offset, opts.offset + opts.limit), total: all.length };
    }
    const wanted = opts.offset + opts.limit;
    // Over all time the total is a counter; a period's (or a user's few) are counted in the key range.
    const [items, total] = await Promise.all([
      queryFirst({ ...input, ScanIndexForward: !opts.newestFirst }, wanted, {
        pageLimit: (missing) => Math.min(missing, 1000),
      }),
      filter.userId || filter.from ? queryCount(input) : this.total(filter.operatorId),
    ]);
    return { records: items.slice(opts.offset).map((i) => stripKeys<AllocationRecord>(i)), total };
  },

  /** How many issuances there are, all or one operator's (the counter the writes move). */
  async total(operatorId?: string): Promise<number> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.slotAllocationCount(operatorId), ConsistentRead: true }),
    );
    return Number(out.Item?.n ?? 0);
  },

  /** Issuances written before the operator key existed (GSI3): their ids, operators and times. */
  async withoutOperatorKey(): Promise<UnkeyedIssuance[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: 'attribute_not_exists(GSI3PK)',
      ProjectionExpression: '#id, #op, #at',
      ExpressionAttributeNames: { '#id': 'id', '#op': 'operatorId', '#at': 'createdAt' },
      ExpressionAttributeValues: { ':pk': keys.slotAllocationListing().GSI1PK },
    });
    return items as UnkeyedIssuance[];
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
