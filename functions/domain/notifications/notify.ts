import { monotonicFactory } from 'ulid';
import {
  DURATION_DEFAULT_MS,
  type NotificationAction,
  type NotificationDto,
  type NotificationPriority,
  type NotificationSender,
  type NotificationType,
} from '#shared/schemas/notifications';
import { notificationMessages } from '#shared/messages/notifications';
import type { Role } from '#shared/roles';
import { logger } from '#commons/logger';
import { pushToAudience, pushToUsers, type PushMessage } from '../../adapters/push';
import { DELIVERIES_PER_TRANSACTION, notificationsStore, type NotificationContent, type NotificationRecord, type SendRecord } from '../../storage/notifications';
import { userStatsStore } from '../../storage/user-stats';
import { usersStore } from '../../storage/users';
import { toDto, unreadCountsOf } from './views';

/**
 * THE one call every feature uses to notify people (issue 13 item 6): store, then push.
 *
 * - recipients: a user id, a list of ids, or 'all' (every role-user account; stored once).
 * - `dedupeKey`: a retried caller (a re-run job, a repeated approval) never sends twice; the second
 *   call answers the first send.
 * - Storing failures throw (the operator's send reports them); a push failure never does: the
 *   notification is stored and the client catches up on its next list or poll.
 */
export type Recipients = string | string[] | 'all';

export interface NotifyInput {
  type?: NotificationType;
  title: string;
  message: string;
  priority?: NotificationPriority;
  auto_close?: boolean;
  /** Milliseconds; default 5000. */
  duration?: number;
  icon?: string;
  actions?: NotificationAction[];
  metadata?: Record<string, unknown>;
  /** Who sent it: a feature ('system', the default) or a signed-in operator / developer. */
  sender?: { kind: NotificationSender; userId?: string; name?: string };
  dedupeKey?: string;
}

export interface NotifyResult {
  groupId: string;
  recipientCount: number;
  /** The notification as its recipients see it before they act on it. */
  notification: NotificationDto | null;
  /** True when the dedupe key had already sent: nothing new was stored or pushed. */
  duplicate: boolean;
}

const nextId = monotonicFactory();

export async function notify(recipients: Recipients, input: NotifyInput): Promise<NotifyResult> {
  const broadcast = recipients === 'all';
  const userIds = broadcast ? [] : [...new Set((Array.isArray(recipients) ? recipients : [recipients]).filter(Boolean))];
  if (!broadcast && !userIds.length) return { groupId: '', recipientCount: 0, notification: null, duplicate: false };

  const now = Date.now();
  const groupId = nextId(now);
  const createdAt = new Date(now).toISOString();
  const content: NotificationContent = {
    type: input.type ?? 'info',
    title: input.title,
    message: input.message,
    sender: input.sender?.kind ?? 'system',
    senderId: input.sender?.userId ?? null,
    senderName: input.sender?.name ?? null,
    priority: input.priority ?? 'normal',
    autoClose: input.auto_close ?? true,
    duration: input.duration ?? DURATION_DEFAULT_MS,
    ...(input.icon ? { icon: input.icon } : {}),
    ...(input.actions?.length ? { actions: input.actions } : {}),
    ...(input.metadata ? { metadata: input.metadata } : {}),
  };
  const send: SendRecord = {
    ...content,
    groupId,
    recipientId: broadcast ? 'all' : userIds.length === 1 ? userIds[0] : 'multiple',
    recipientLabel: await recipientLabelOf(broadcast, userIds),
    recipientCount: broadcast ? (await userStatsStore.read()).byRole.user : userIds.length,
    readCount: 0,
    ...(broadcast ? {} : { recipientIds: userIds }),
    status: broadcast || userIds.length <= DELIVERIES_PER_TRANSACTION ? 'sent' : 'sending',
    createdAt,
  };

  if (broadcast) {
    const { duplicateOf } = await notificationsStore.createBroadcast(send, content, input.dedupeKey);
    if (duplicateOf) return duplicateResult(duplicateOf);
  } else {
    const { duplicateOf } = await notificationsStore.createDirectSend(send, content, userIds.slice(0, DELIVERIES_PER_TRANSACTION), input.dedupeKey);
    if (duplicateOf) {
      // The first call may have stopped part-way: finish its deliveries (those who have it are skipped).
      if (duplicateOf.status === 'sending') {
        await notificationsStore.deliver(duplicateOf, contentOf(duplicateOf), duplicateOf.recipientIds ?? []);
        await notificationsStore.markSent(duplicateOf.groupId);
      }
      return duplicateResult(duplicateOf);
    }
    if (userIds.length > DELIVERIES_PER_TRANSACTION) {
      await notificationsStore.deliver(send, content, userIds.slice(DELIVERIES_PER_TRANSACTION));
      await notificationsStore.markSent(groupId);
    }
  }

  const record: NotificationRecord = { ...content, id: groupId, groupId, recipientId: broadcast ? 'all' : userIds[0], createdAt };
  await pushNewNotification(broadcast ? 'all' : userIds, record);
  return { groupId, recipientCount: send.recipientCount, notification: toDto(record), duplicate: false };
}

/** notify() for a feature's after-commit hook: a failure is logged, never thrown (the feature's own change is done). */
export async function notifyQuietly(recipients: Recipients, input: NotifyInput): Promise<NotifyResult | null> {
  try {
    return await notify(recipients, input);
  } catch (error) {
    logger.warn('notification not sent', { dedupeKey: input.dedupeKey, title: input.title, error: error as Error });
    return null;
  }
}

function contentOf(send: SendRecord): NotificationContent {
  const { groupId, recipientId, recipientLabel, recipientCount, readCount, recipientIds, status, createdAt, ...content } = send;
  void [groupId, recipientId, recipientLabel, recipientCount, readCount, recipientIds, status, createdAt];
  return content;
}

function duplicateResult(send: SendRecord | undefined): NotifyResult {
  if (!send) return { groupId: '', recipientCount: 0, notification: null, duplicate: true };
  const record: NotificationRecord = { ...contentOf(send), id: send.groupId, groupId: send.groupId, recipientId: send.recipientId === 'multiple' ? (send.recipientIds?.[0] ?? '') : send.recipientId, createdAt: send.createdAt };
  return { groupId: send.groupId, recipientCount: send.recipientCount, notification: toDto(record), duplicate: true };
}

async function recipientLabelOf(broadcast: boolean, userIds: string[]): Promise<string> {
  if (broadcast) return notificationMessages.allUsersLabel;
  if (userIds.length > 1) return notificationMessages.recipientsLabel(userIds.length);
  const user = await usersStore.get(userIds[0]).catch(() => undefined);
  return user ? `${user.fullName} (${user.loginId})` : userIds[0];
}

/** `new_notification` then the user's own `unread_count`, on every open connection of each recipient. */
async function pushNewNotification(recipients: 'all' | string[], record: NotificationRecord): Promise<void> {
  try {
    const prepare = async (users: Array<{ userId: string; role: Role }>) => {
      const counts = await unreadCountsOf(users);
      return (userId: string): PushMessage[] => [
        { type: 'new_notification', data: toDto({ ...record, recipientId: recipients === 'all' ? 'all' : userId }) },
        { type: 'unread_count', data: { count: counts.get(userId) ?? 0 } },
      ];
    };
    if (recipients === 'all') await pushToAudience('users', prepare);
    else await pushToUsers(recipients, prepare);
  } catch (error) {
    logger.warn('notification push failed', { groupId: record.groupId, error: error as Error });
  }
}

/** After a user's count changed (read, mark all, delete): their other tabs hear the new count. */
export async function pushUnreadCount(userId: string, count: number): Promise<void> {
  try {
    await pushToUsers([userId], async () => () => ({ type: 'unread_count', data: { count } }));
  } catch (error) {
    logger.warn('unread count push failed', { userId, error: error as Error });
  }
}
