import { failedConditionIndex, isConditionFailure } from '#commons/store-errors';
import { tableName } from '../client';
import { notificationKeys } from '../keys';
import { transact, type TransactItem } from '../transactions';
import type { NotificationContent, SendRecord } from './records';

/** Transaction items more than one notification store writes: deliveries, badge counters, send records. */

/** Recipients per delivery transaction: 2 items each (the notification and the counter), ≤ 100 items. */
export const DELIVERIES_PER_TRANSACTION = 48;

export const countsUpdate = (userId: string, field: 'unread' | 'broadcastSeen', delta: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: notificationKeys.notificationCounts(userId),
    UpdateExpression: 'SET #entity = :entity ADD #f :d',
    ExpressionAttributeNames: { '#entity': 'entity', '#f': field },
    ExpressionAttributeValues: { ':entity': 'notificationCounts', ':d': delta },
  },
});

export const sendReadCountUpdate = (groupId: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: notificationKeys.notificationSend(groupId),
    UpdateExpression: 'ADD readCount :one',
    ExpressionAttributeValues: { ':one': 1 },
  },
});

export const deliveryItems = (send: SendRecord, content: NotificationContent, userId: string): TransactItem[] => [
  {
    Put: {
      TableName: tableName(),
      Item: {
        ...notificationKeys.notification(userId, send.groupId),
        entity: 'notification',
        ...content,
        id: send.groupId,
        groupId: send.groupId,
        recipientId: userId,
        createdAt: send.createdAt,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
  countsUpdate(userId, 'unread', 1),
];

export const sendPut = (send: SendRecord): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...notificationKeys.notificationSend(send.groupId),
      ...notificationKeys.notificationSendListing(send.createdAt, send.groupId),
      entity: 'notificationSend',
      ...send,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

export const dedupePut = (dedupeKey: string, groupId: string, createdAt: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...notificationKeys.notificationDedupe(dedupeKey), entity: 'notificationDedupe', groupId, createdAt },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** Writes a send; `duplicate` when the dedupe marker (the first item) already existed. */
export async function transactUnlessDuplicate(
  items: TransactItem[],
  dedupeKey?: string,
): Promise<{ duplicate: boolean }> {
  try {
    await transact(items);
    return { duplicate: false };
  } catch (err) {
    if (dedupeKey && isConditionFailure(err) && failedConditionIndex(err) === 0) return { duplicate: true };
    throw err;
  }
}

/** A transaction may touch an item once: the per-notification counter moves become one ADD per counter item. */
export function mergeCounterUpdates(items: TransactItem[]): TransactItem[] {
  const others: TransactItem[] = [];
  const counters = new Map<string, { key: Record<string, unknown>; deltas: Map<string, number> }>();
  for (const item of items) {
    const u = item.Update;
    if (u && u.ExpressionAttributeValues?.[':entity'] === 'notificationCounts') {
      const id = `${u.Key!.PK}|${u.Key!.SK}`;
      const entry = counters.get(id) ?? { key: u.Key!, deltas: new Map<string, number>() };
      const field = u.ExpressionAttributeNames!['#f'];
      entry.deltas.set(field, (entry.deltas.get(field) ?? 0) + Number(u.ExpressionAttributeValues[':d']));
      counters.set(id, entry);
    } else others.push(item);
  }
  return [
    ...others,
    ...[...counters.values()].map(({ key, deltas }): TransactItem => {
      const moves = [...deltas.entries()];
      return {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: `SET #entity = :entity ADD ${moves.map((_, i) => `#f${i} :d${i}`).join(', ')}`,
          ExpressionAttributeNames: {
            '#entity': 'entity',
            ...Object.fromEntries(moves.map(([f], i) => [`#f${i}`, f])),
          },
          ExpressionAttributeValues: {
            ':entity': 'notificationCounts',
            ...Object.fromEntries(moves.map(([, d], i) => [`:d${i}`, d])),
          },
        },
      };
    }),
  ];
}
