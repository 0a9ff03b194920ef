import { recipientLabels } from '#shared/messages/notification-labels';
import { logger } from '#commons/logger';
import { pushToUsers } from '../../adapters/push';
import { notificationBroadcastsStore } from '../../storage/notifications/broadcasts';
import { notificationLargeSendsStore } from '../../storage/notifications/large-sends';
import type { NotificationContent, SendRecord } from '../../storage/notifications/records';
import { notificationSendsStore } from '../../storage/notifications/sends';
import { DELIVERIES_PER_TRANSACTION } from '../../storage/notifications/write-items';
import { userStatsStore } from '../../storage/user-stats';
import { newNotificationMessages, newSend, notifyUsers, type NotifyInput, type NotifyResult } from './notify-users';
import { toDto } from './views';
import { enqueueBroadcastDelivery } from './broadcast-delivery';

/**
 * THE one call that notifies people: store, then push.
 *
 * - recipients: a user id, a list of ids (up to 1,000), or 'all' (every role-user account, stored once);
 * - `dedupeKey`: a retried caller never sends twice; the second call answers the first send (and
 *   finishes its deliveries if the first stopped part-way);
 * - storing failures throw (the operator's send reports them); a push failure never does.
 *
 * Features' after-commit hooks use `notifyQuietly` (notify-users.ts): the same send for named users,
 * logging instead of throwing. None of them notifies 'all' or a thousand people, so their Lambdas
 * bundle only that part (the 250 KB budget).
 */
export type Recipients = string | string[] | 'all';
export type { NotifyInput, NotifyResult } from './notify-users';
export async function notify(recipients: Recipients, input: NotifyInput): Promise<NotifyResult> {
  if (recipients === 'all') return broadcast(input);
  const userIds = [...new Set((Array.isArray(recipients) ? recipients : [recipients]).filter(Boolean))];
  if (userIds.length <= DELIVERIES_PER_TRANSACTION) {
    const result = await notifyUsers(userIds, input);
    return result.duplicate ? answerDuplicate(input.dedupeKey!) : result;
  }
  // Longer lists: the send record and the first recipients in one transaction, the rest after it.
  const { content, send, record } = newSend(input, 'multiple', recipientLabels.count(userIds.length), userIds.length);
  send.recipientIds = userIds;
  send.status = 'sending';
  const { duplicate } = await notificationSendsStore.createDirectSend(
    send,
    content,
    userIds.slice(0, DELIVERIES_PER_TRANSACTION),
    input.dedupeKey,
  );
  if (duplicate) return answerDuplicate(input.dedupeKey!);
  await notificationLargeSendsStore.deliver(send, content, userIds.slice(DELIVERIES_PER_TRANSACTION));
  await notificationLargeSendsStore.markSent(send.groupId);
  try {
    await pushToUsers(userIds, newNotificationMessages(record, false));
  } catch (error) {
    logger.warn('notification push failed', { groupId: send.groupId, error: error as Error });
  }
  return { groupId: send.groupId, recipientCount: userIds.length, notification: toDto(record), duplicate: false };
}

async function broadcast(input: NotifyInput): Promise<NotifyResult> {
  const { content, send, record } = newSend(
    input,
    'all',
    recipientLabels.all,
    (await userStatsStore.read()).byRole.user,
  );
  const { duplicate } = await notificationBroadcastsStore.createBroadcast(send, content, input.dedupeKey);
  if (duplicate) return answerDuplicate(input.dedupeKey!);
  try {
    // Delivery goes on through the notification-delivery queue, so the send answers whatever the
    // audience: every open role-user connection, a page per message, each user with their own count.
    await enqueueBroadcastDelivery(toDto({ ...record, recipientId: 'all' }));
  } catch (error) {
    // Stored is sent: clients that missed the push see it on their next list.
    logger.warn('broadcast delivery not queued', { groupId: send.groupId, error: error as Error });
  }
  return { groupId: send.groupId, recipientCount: send.recipientCount, notification: toDto(record), duplicate: false };
}

/** The earlier send of this dedupe key; one that stopped part-way is finished first (those who have it are skipped). */
async function answerDuplicate(dedupeKey: string): Promise<NotifyResult> {
  const earlier = await notificationLargeSendsStore.sendOfDedupeKey(dedupeKey);
  if (!earlier) return { groupId: '', recipientCount: 0, notification: null, duplicate: true };
  const content = contentOf(earlier);
  if (earlier.status === 'sending') {
    await notificationLargeSendsStore.deliver(earlier, content, earlier.recipientIds ?? []);
    await notificationLargeSendsStore.markSent(earlier.groupId);
  }
  const recipientId = earlier.recipientId === 'multiple' ? (earlier.recipientIds?.[0] ?? '') : earlier.recipientId;
  return {
    groupId: earlier.groupId,
    recipientCount: earlier.recipientCount,
    notification: toDto({
      ...content,
      id: earlier.groupId,
      groupId: earlier.groupId,
      recipientId,
      createdAt: earlier.createdAt,
    }),
    duplicate: true,
  };
}

function contentOf(send: SendRecord): NotificationContent {
  const {
    groupId,
    recipientId,
    recipientLabel,
    recipientCount,
    readCount,
    recipientIds,
    status,
    createdAt,
    ...content
  } = send;
  void [groupId, recipientId, recipientLabel, recipientCount, readCount, recipientIds, status, createdAt];
  return content;
}
