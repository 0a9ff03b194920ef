import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { queryAll } from './item-io';
import { keys, stripKeys } from './keys';

/**
 * Rank-check worker API keys: `RANKKEY#{sha256 of the key} / RANKKEY`, listed on
 * GSI1 `RANKKEYS`. Only the hash is stored; the key itself is shown once when it is created.
 */
export interface RankWorkerKeyRecord {
  id: string;
  name: string;
  /** The key's first characters, so a person can tell keys apart in the panel. */
  prefix: string;
  keyHash: string;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedBy?: string | null;
}

export const rankWorkerKeysStore = {
  async put(record: RankWorkerKeyRecord): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.rankWorkerKey(record.keyHash),
          ...keys.rankWorkerKeyListing(record.createdAt, record.id),
          entity: 'rankWorkerKey',
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },

  /** Read strongly consistent: a key revoked a moment ago is refused on the very next call. */
  async byHash(keyHash: string): Promise<RankWorkerKeyRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.rankWorkerKey(keyHash), ConsistentRead: true }),
    );
    return out.Item ? stripKeys<RankWorkerKeyRecord>(out.Item) : undefined;
  },

  /** Every key, newest first (a handful: one per worker machine). */
  async list(): Promise<RankWorkerKeyRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.rankWorkerKeyListing().GSI1PK },
      ScanIndexForward: false,
    });
    return items.map((i) => stripKeys<RankWorkerKeyRecord>(i));
  },

  /** Marks a key revoked; false when it already was. */
  async revoke(keyHash: string, at: string, by: string): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.rankWorkerKey(keyHash),
          UpdateExpression: 'SET revokedAt = :at, revokedBy = :by',
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(revokedAt) OR revokedAt = :null)',
          ExpressionAttributeValues: { ':at': at, ':by': by, ':null': null },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  /** Sets lastUsedAt unless it is already `notBefore` or later (at most one write a minute per key). */
  async touch(keyHash: string, at: string, notBefore: string): Promise<void> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.rankWorkerKey(keyHash),
          UpdateExpression: 'SET lastUsedAt = :at',
          ConditionExpression:
            'attribute_exists(PK) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt = :null OR lastUsedAt < :notBefore)',
          ExpressionAttributeValues: { ':at': at, ':notBefore': notBefore, ':null': null },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  },
};
