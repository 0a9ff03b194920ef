import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from '../client';
import { queryPages } from '../item-io';
import { notificationKeys } from '../keys';

/** A new account's broadcast base (N5): counted once, on its first badge. */
export const notificationBaseStore = {
  /** How many broadcasts sort before `boundSk` (those sent before an account existed): once per user. */
  async countBroadcastsBefore(boundId: string): Promise<number> {
    let count = 0;
    const pages = queryPages({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
      ExpressionAttributeValues: {
        ':pk': notificationKeys.broadcastsPartition().PK,
        ':lo': notificationKeys.notificationPrefix(),
        ':hi': `${notificationKeys.notificationPrefix()}${boundId}`,
      },
      Select: 'COUNT',
      ConsistentRead: true,
    });
    for await (const out of pages) count += out.Count ?? 0;
    return count;
  },

  /** Fixes a user's broadcast base the first time it is needed (the same value however often). */
  async setBroadcastBase(userId: string, base: number, afterId: string): Promise<void> {
    await db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: notificationKeys.notificationCounts(userId),
          UpdateExpression: 'SET #entity = :entity, broadcastBase = :base, broadcastAfter = :after',
          ConditionExpression: 'attribute_not_exists(broadcastBase)',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: { ':entity': 'notificationCounts', ':base': base, ':after': afterId },
        }),
      )
      .catch((err: unknown) => {
        if (!isConditionFailure(err)) throw err;
      });
  },
};
