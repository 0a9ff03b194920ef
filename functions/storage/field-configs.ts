import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { FieldConfig } from '#shared/field-configs';
import { db, tableName } from './client';
import { keys } from './keys';
import { isConditionFailure } from '#commons/store-errors';

/** Field configs: one item per field under one partition, read whole and sorted by display order. */
export const fieldConfigsStore = {
  async list(): Promise<FieldConfig[]> {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.fieldConfigsPartition().PK },
      }),
    );
    return (out.Items ?? [])
      .map(({ PK, SK, entity, ...rest }) => rest as FieldConfig)
      .sort((a, b) => a.display_order - b.display_order);
  },

  async put(config: FieldConfig, onlyIfMissing = false): Promise<boolean> {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.fieldConfig(config.field_key), entity: 'fieldConfig', ...config },
          ...(onlyIfMissing ? { ConditionExpression: 'attribute_not_exists(PK)' } : {}),
        }),
      );
      return true;
    } catch (err) {
      if (onlyIfMissing && isConditionFailure(err)) return false;
      throw err;
    }
  },
};
