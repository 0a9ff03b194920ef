import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SettingChange } from '#shared/schemas/settings';
import { db, tableName } from './client';
import { queryAll } from './item-io';
import { keys, stripKeys } from './keys';
import type { TransactItem } from './transactions';

/**
 * The settings change log: one immutable item per change (who, when, old → new) under `SETTINGHIST`,
 * its id a ULID so newest first is a descending query; GSI1 holds one key's changes.
 */
export const settingChangesStore = {
  /** The transaction item that logs one change (written with the setting it describes). */
  putItem(change: SettingChange): TransactItem {
    return {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.settingChange(change.id),
          ...keys.settingChangesOfKey(change.key, change.id),
          entity: 'settingChange',
          ...change,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  },

  /** Newest first: all changes, or one key's. Human-paced (a few a day), so read whole and paged by the caller. */
  async list(key?: string): Promise<SettingChange[]> {
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

  async get(changeId: string): Promise<SettingChange | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.settingChange(changeId), ConsistentRead: true }),
    );
    return out.Item ? stripKeys<SettingChange>(out.Item) : undefined;
  },
};
