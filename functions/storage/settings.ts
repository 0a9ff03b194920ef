import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/** System settings: one item per key under one partition (a few dozen items, read whole). */
export const settingsStore = {
  async readAll(): Promise<Record<string, unknown>> {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.settingsPartition().PK },
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
};
