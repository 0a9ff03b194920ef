import { monotonicFactory } from 'ulid';
import {
  DURATION_DEFAULT_MS,
  type NotificationEvent,
  type NotificationPriority,
  type NotificationSender,
  type NotificationType,
} from '#shared/notification-constants';
import type { NotificationAction, NotificationDto } from '#shared/schemas/notifications';
import { recipientLabels } from '#shared/messages/notification-labels';
import type { Role } from '#shared/roles';
import { logger } from '#commons/logger';
import { pushToUsers, type PushMessage } from '../../adapters/push';
import type { NotificationContent, NotificationRecord, SendRecord } from '../../storage/notifications/records';
import { notificationSendsStore } from '../../storage/notifications/sends';
import { DELIVERIES_PER_TRANSACTION } from '../../storage/notifications/write-items';
import { usersStore } from '../../storage/users';
import { toDto, unreadCountsOf } from './views';

/**
 * The core of notify() for named users (notify.ts adds 'all'): store, then push. Features import
 * `notifyQuietly` from here, so a feature's Lambda bundles the direct path only (bundle budget).
 */
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
  /** What a feature's notice is about: stored as `metadata.event`, read by the SPA to refresh what changed. */
  event?: NotificationEvent;
  /** Who sent it: a feature ('system', the default) or a signed-in operator / developer. */
  sender?: { kind: NotificationSender; userId?: string; name?: string };
  /** A retried caller (a re-run job, a repeated approval) never sends twice: the second call answers the first send. */
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

/** One send's id, time, content and record (shared with the broadcast path). */
export function newSend(input: NotifyInput, recipientId: string, recipientLabel: string, recipientCount: number) {
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
    ...(input.metadata || input.event
      ? { metadata: { ...input.metadata, ...(input.event ? { event: input.event } : {}) } }
      : {}),
  };
  const send: SendRecord = {
    ...content,
    groupId,
    recipientId,
    recipientLabel,
    recipientCount,
    readCount: 0,
    status: 'sent',
    createdAt,
  };
  return { content, send, record: { ...content, id: groupId, groupId, recipientId, createdAt } as NotificationRecord };
}

/**
 * Sends one notification to each of these users, everything in ONE transaction (at most
 * DELIVERIES_PER_TRANSACTION users; notify() takes longer lists). A repeated dedupe key writes and
 * pushes nothing (`duplicate`; notify() reads the earlier send when its caller needs it).
 */
export async function notifyUsers(recipients: string | string[], input: NotifyInput): Promise<NotifyResult> {
  const userIds = [...new Set((Array.isArray(recipients) ? recipients : [recipients]).filter(Boolean))];
  if (!userIds.length) return { groupId: '', recipientCount: 0, notification: null, duplicate: false };
  if (userIds.length > DELIVERIES_PER_TRANSACTION)
    throw new Error(`notifyUsers takes at most ${DELIVERIES_PER_TRANSACTION} users; use notify()`);
  const single = userIds.length === 1 ? await usersStore.get(userIds[0]).catch(() => undefined) : undefined;
  const label =
    userIds.length > 1
      ? recipientLabels.count(userIds.length)
      : single
        ? `${single.fullName} (${single.loginId})`
        : userIds[0];
  const { content, send, record } = newSend(
    input,
    userIds.length === 1 ? userIds[0] : 'multiple',
    label,
    userIds.length,
  );
  send.recipientIds = userIds;
  const { duplicate } = await notificationSendsStore.createDirectSend(send, content, userIds, input.dedupeKey);
  if (duplicate) return { groupId: '', recipientCount: userIds.length, notification: null, duplicate: true };
  await pushNew(userIds, record);
  return { groupId: send.groupId, recipientCount: userIds.length, notification: toDto(record), duplicate: false };
}

/**
 * notifyUsers() for a feature's after-commit hook: a failure is logged, never thrown (the feature's
 * own change is done). A list longer than one transaction goes out as several sends (part keys).
 */
export async function notifyQuietly(recipients: string | string[], input: NotifyInput): Promise<NotifyResult | null> {
  const userIds = Array.isArray(recipients) ? recipients : [recipients];
  let last: NotifyResult | null = null;
  for (let i = 0; i < Math.max(1, userIds.length); i += DELIVERIES_PER_TRANSACTION) {
    const part = userIds.slice(i, i + DELIVERIES_PER_TRANSACTION);
    try {
      last = await notifyUsers(part, i && input.dedupeKey ? { ...input, dedupeKey: `${input.dedupeKey}#${i}` } : input);
    } catch (error) {
      logger.warn('notification not sent', { dedupeKey: input.dedupeKey, title: input.title, error: error as Error });
    }
  }
  return last;
}

/** One `new_notification` post per socket, carrying the user's own new unread count (`unread`). */
export const newNotificationMessages =
  (record: NotificationRecord, broadcast: boolean) => async (users: Array<{ userId: string; role: Role }>) => {
    const counts = await unreadCountsOf(users);
    return (userId: string): PushMessage => {
      const count = counts.get(userId);
      return {
        type: 'new_notification',
        data: toDto({ ...record, recipientId: broadcast ? 'all' : userId }),
        ...(count === undefined ? {} : { unread: { count } }),
      };
    };
  };

/** A push failure never fails the send: the notification is stored and the client catches up on its next list. */
async function pushNew(userIds: string[], record: NotificationRecord): Promise<void> {
  try {
    await pushToUsers(userIds, newNotificationMessages(record, false));
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
