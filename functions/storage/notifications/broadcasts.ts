import { tableName } from '../client';
import { notificationKeys } from '../keys';
import type { TransactItem } from '../transactions';
import type { NotificationContent, SendRecord } from './records';
import { dedupePut, sendPut, transactUnlessDuplicate } from './write-items';

/** Broadcasts (notify('all')): apart, so the functions that only notify named users never bundle them. */
export const notificationBroadcastsStore = {
  /** A broadcast: stored once, with its send record and the broadcast total, in one transaction. */
  async createBroadcast(
    send: SendRecord,
    content: NotificationContent,
    dedupeKey?: string,
  ): Promise<{ duplicate: boolean }> {
    const items: TransactItem[] = [
      sendPut(send),
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...notificationKeys.broadcast(send.groupId),
            entity: 'broadcast',
            ...content,
            id: send.groupId,
            groupId: send.groupId,
            recipientId: 'all',
            createdAt: send.createdAt,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: notificationKeys.broadcastCounter(),
          UpdateExpression: 'SET #entity = :entity ADD #total :one',
          ExpressionAttributeNames: { '#entity': 'entity', '#total': 'total' },
          ExpressionAttributeValues: { ':entity': 'broadcastCounter', ':one': 1 },
        },
      },
    ];
    if (dedupeKey) items.unshift(dedupePut(dedupeKey, send.groupId, send.createdAt));
    return transactUnlessDuplicate(items, dedupeKey);
  },
};
