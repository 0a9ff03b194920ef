import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { queryAll } from './item-io';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/** One setting as it will be written, with the stored value it replaces (the write's guard). */
export interface SettingWrite {
  key: string;
  category: string;
  value: unknown;
  /** The raw stored value read before the write; undefined = no item yet. */
  storedBefore: unknown;
  updatedBy: string;
  updatedAt: string;
}

/**
 * System settings: one item per key under one partition (a few dozen items, read whole). Their change
 * history is its own aggregate (setting-changes.ts), written in the same transaction.
 */
export const settingsStore = {
  async readAll(opts: { consistent?: boolean } = {}): Promise<Record<string, unknown>> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.settingsPartition().PK },
      ...(opts.consistent ? { ConsistentRead: true } : {}),
    });
    return Object.fromEntries(items.map((i) => [i.key as string, i.value]));
  },

  /** Writes a value; with `onlyIfMissing` an existing value is left as it is (bootstrap). */
  async put(key: string, value: unknown, category: string, updatedBy: string, onlyIfMissing = false): Promise<boolean> {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.setting(key),
            entity: 'setting',
            key,
            value,
            category,
            updatedBy,
            updatedAt: new Date().toISOString(),
          },
          ...(onlyIfMissing ? { ConditionExpression: 'attribute_not_exists(PK)' } : {}),
        }),
      );
      return true;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  },

  /**
   * The transaction item that writes one setting, guarded by the value read before: a concurrent
   * change cancels the write, so the history's `oldValue` is what was really replaced.
   */
  guardedPutItem(w: SettingWrite): TransactItem {
    const guard =
      w.storedBefore === undefined
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : {
            ConditionExpression: '#value = :before',
            ExpressionAttributeNames: { '#value': 'value' },
            ExpressionAttributeValues: { ':before': w.storedBefore },
          };
    return {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.setting(w.key),
          entity: 'setting',
          key: w.key,
          value: w.value,
          category: w.category,
          updatedBy: w.updatedBy,
          updatedAt: w.updatedAt,
        },
        ...guard,
      },
    };
  },
};
