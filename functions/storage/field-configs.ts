import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { withFixedType, type FieldConfig } from '#shared/field-configs';
import { db, tableName } from './client';
import { queryAll } from './item-io';
import { keys } from './keys';
import { transact, type TransactItem } from './transactions';
import { isConditionFailure } from '#commons/store-errors';

const itemOf = (config: FieldConfig) => ({ ...keys.fieldConfig(config.field_key), entity: 'fieldConfig', ...config });

/** Field configs: one item per field under one partition, read whole and sorted by display order. */
export const fieldConfigsStore = {
  async list(opts: { consistent?: boolean } = {}): Promise<FieldConfig[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.fieldConfigsPartition().PK },
      ...(opts.consistent ? { ConsistentRead: true } : {}),
    });
    return (
      items
        // Rows written before select options existed have none.
        .map(({ PK, SK, entity, ...rest }) => withFixedType({ options: [], ...rest } as unknown as FieldConfig))
        .sort((a, b) => a.display_order - b.display_order || a.field_key.localeCompare(b.field_key))
    );
  },

  /** Writes one field; with `onlyIfMissing` an existing field is left alone and false comes back. */
  async put(config: FieldConfig, onlyIfMissing = false): Promise<boolean> {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: itemOf(config),
          ...(onlyIfMissing ? { ConditionExpression: 'attribute_not_exists(PK)' } : {}),
        }),
      );
      return true;
    } catch (err) {
      if (onlyIfMissing && isConditionFailure(err)) return false;
      throw err;
    }
  },

  /** Deletes one field if it is there; false when it was not. */
  async remove(fieldKey: string): Promise<boolean> {
    try {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.fieldConfig(fieldKey),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  /**
   * The whole list in one transaction: every field of `next` written, every key of `removeKeys`
   * deleted. Readers see the old list or the new one, never half of each.
   */
  async replaceAll(next: FieldConfig[], removeKeys: string[]): Promise<void> {
    const items: TransactItem[] = [
      ...next.map((config) => ({ Put: { TableName: tableName(), Item: itemOf(config) } })),
      ...removeKeys.map((fieldKey) => ({ Delete: { TableName: tableName(), Key: keys.fieldConfig(fieldKey) } })),
    ];
    await transact(items);
  },
};
