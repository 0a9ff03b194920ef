import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SettingChange } from '#shared/schemas/settings';
import { db, tableName } from './client';
import { queryAll } from './item-io';
import { keys, stripKeys } from './keys';
import { transact, type TransactItem } from './transactions';

/** One setting as it will be written, with the stored value it replaces (the write's guard). */
export interface SettingWrite {
  key: string;
  category: string;
  value: unknown;
  /** The raw stored value read before the write; undefined = no item yet. */
  storedBefore: unknown;
  change: SettingChange;
}

/**
 * System settings: one item per key under one partition (a few dozen items, read whole); and their
 * change history under `SETTINGHIST`, one item per change, written in the same transaction.
 */
export const settingsStore = {
  async readAll(opts: { consistent?: boolean } = {}): Promise<Record<string, unknown>> {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.settingsPartition().PK },
        ...(opts.consistent ? { ConsistentRead: true } : {}),
      }),
    );
    return Object.fromEntries((out.Items ?? []).map((i) => [i.key as string, i.value]));
  },

  /** Writes a value; with `onlyIfMissing` an existing value is left as it is (bootstrap). */
  async put(key: string, value: unknown, category: string, updatedBy: string, onlyIfMissing = false): Promise<boolean> {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.setting(key), entity: 'setting', key, value, category, updatedBy, updatedAt: new Date().toISOString() },
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
   * Every setting of one write and its history entry, in ONE transaction: all or nothing. Each setting
   * is guarded by the value read before (a concurrent change cancels the write, so `oldValue` in the
   * history is what was really replaced).
   */
  async writeChanges(writes: SettingWrite[]): Promise<void> {
    const items: TransactItem[] = [];
    for (const w of writes) {
      const guard =
        w.storedBefore === undefined
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : { ConditionExpression: '#value = :before', ExpressionAttributeNames: { '#value': 'value' }, ExpressionAttributeValues: { ':before': w.storedBefore } };
      items.push({
        Put: {
          TableName: tableName(),
          Item: { ...keys.setting(w.key), entity: 'setting', key: w.key, value: w.value, category: w.category, updatedBy: w.change.changedBy.id, updatedAt: w.change.changedAt },
          ...guard,
        },
      });
      items.push({
        Put: {
          TableName: tableName(),
          Item: { ...keys.settingChange(w.change.id), ...keys.settingChangesOfKey(w.key, w.change.id), entity: 'settingChange', ...w.change },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      });
    }
    await transact(items);
  },

  /** The change log newest first: all of it, or one key's (GSI1). Human-paced, so read whole and paged by the caller. */
  async listChanges(key?: string): Promise<SettingChange[]> {
    const items = key
      ? await queryAll({
          TableName: tableName(),
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.settingChangesOfKey(key).GSI1PK },
          ScanIndexForward: false,
        })
      : await queryAll({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.settingChangesPartition().PK },
          ScanIndexForward: false,
        });
    return items.map((i) => stripKeys<SettingChange>(i));
  },

  async getChange(changeId: string): Promise<SettingChange | undefined> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.settingChange(changeId), ConsistentRead: true }));
    return out.Item ? stripKeys<SettingChange>(out.Item) : undefined;
  },
};
