import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from '../client';
import { chunk } from '#commons/batching';
import { notificationKeys, stripKeys } from '../keys';
import { transact } from '../transactions';
import type { NotificationContent, SendRecord } from './records';
import { DELIVERIES_PER_TRANSACTION, deliveryItems } from './write-items';

/** Sends too large for one transaction, and answers to a repeated dedupe key (notify() in the notifications function). */
export const notificationLargeSendsStore = {
  /** Delivers one direct send to more recipients; recipients who already have it are skipped (a resumed send). */
  async deliver(send: SendRecord, content: NotificationContent, userIds: string[]): Promise<void> {
    for (const part of chunk(userIds, DELIVERIES_PER_TRANSACTION)) {
      try {
        await transact(part.flatMap((u) => deliveryItems(send, content, u)));
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        // Some already have it (a resumed send): one by one, skipping those.
        for (const userId of part) {
          await transact(deliveryItems(send, content, userId)).catch((e: unknown) => {
            if (!isConditionFailure(e)) throw e;
          });
        }
      }
    }
  },

  async markSent(groupId: string): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: notificationKeys.notificationSend(groupId),
        UpdateExpression: 'SET #s = :sent',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent' },
      }),
    );
  },

  async sendOfDedupeKey(dedupeKey: string): Promise<SendRecord | undefined> {
    const out = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: notificationKeys.notificationDedupe(dedupeKey),
        ConsistentRead: true,
      }),
    );
    const groupId = out.Item?.groupId as string | undefined;
    return groupId ? this.getSend(groupId) : undefined;
  },

  async getSend(groupId: string): Promise<SendRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: notificationKeys.notificationSend(groupId), ConsistentRead: true }),
    );
    return out.Item ? stripKeys<SendRecord>(out.Item) : undefined;
  },
};
