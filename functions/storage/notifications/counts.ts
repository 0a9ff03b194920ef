import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client';
import { batchGetAll } from '../item-io';
import { notificationKeys } from '../keys';
import type { NotificationCounts } from './records';

const countsOf = (item: Record<string, unknown> | undefined): NotificationCounts => ({
  unread: Number(item?.unread ?? 0),
  broadcastSeen: Number(item?.broadcastSeen ?? 0),
  broadcastBase: item?.broadcastBase as number | undefined,
  broadcastAfter: item?.broadcastAfter as string | undefined,
});

/** Badge counters: a user's own and the broadcast total (N4, N5). */
export const notificationCountsStore = {
  async counts(userId: string): Promise<NotificationCounts> {
    const out = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: notificationKeys.notificationCounts(userId),
        ConsistentRead: true,
      }),
    );
    return countsOf(out.Item);
  },

  /** Counters of many users at once (a broadcast's unread_count pushes). */
  async countsOfMany(userIds: string[]): Promise<Map<string, NotificationCounts>> {
    const items = await batchGetAll(userIds.map((u) => notificationKeys.notificationCounts(u)));
    const byUser = new Map<string, NotificationCounts>();
    for (const item of items) {
      const userId = String(item.PK).slice('USER#'.length);
      byUser.set(userId, countsOf(item));
    }
    return byUser;
  },

  async broadcastTotal(): Promise<number> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: notificationKeys.broadcastCounter(), ConsistentRead: true }),
    );
    return Number(out.Item?.total ?? 0);
  },
};
