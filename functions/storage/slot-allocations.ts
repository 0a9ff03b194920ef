import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AllocationHistoryRow } from '#shared/schemas/slot-allocations';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { queryAll } from './item-io';
import { keys, stripKeys } from './keys';
import type { TransactItem } from './transactions';

/**
 * Pre-allocation issuances (operator-console §3 "allocation history record"):
 * `SLOTALLOC#{id} / ALLOC`, on GSI1 `SLOTALLOCS / {createdAt}#{id}` (all, by time) and GSI2
 * `SLOTALLOCS#{userId} / {createdAt}#{id}` (one user's). The record is written in the same
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
  entity: 'slotAllocation',
  ...r,
});

export const slotAllocationsStore = {
  /** A new record; fails its transaction if the id exists. */
  put(record: AllocationRecord): TransactItem {
    return { Put: { TableName: tableName(), Item: item(record), ConditionExpression: 'attribute_not_exists(PK)' } };
  },

  async get(id: string): Promise<AllocationRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.slotAllocation(id), ConsistentRead: true }),
    );
    return out.Item ? stripKeys<AllocationRecord>(out.Item) : undefined;
  },

  /** Every issuance since `from` (ISO, inclusive), or one user's; newest first. */
  async list(filter: { from?: string; userId?: string }): Promise<AllocationRecord[]> {
    const byUser = !!filter.userId;
    const pk = byUser ? keys.slotAllocationsOfUser(filter.userId!).GSI2PK : keys.slotAllocationListing().GSI1PK;
    const items = await queryAll({
      TableName: tableName(),
      IndexName: byUser ? 'GSI2' : 'GSI1',
      KeyConditionExpression: `#pk = :pk${filter.from ? ' AND #sk >= :from' : ''}`,
      ExpressionAttributeNames: {
        '#pk': byUser ? 'GSI2PK' : 'GSI1PK',
        ...(filter.from ? { '#sk': byUser ? 'GSI2SK' : 'GSI1SK' } : {}),
      },
      ExpressionAttributeValues: { ':pk': pk, ...(filter.from ? { ':from': filter.from } : {}) },
      ScanIndexForward: false,
    });
    return items.map((i) => stripKeys<AllocationRecord>(i));
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
