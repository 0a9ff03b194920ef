import type {
  DeleteReadResult,
  DeleteResult,
  DismissResult,
  MarkAllReadResult,
  MarkReadResult,
  NotificationDto,
  NotificationListQuery,
  NotificationListResult,
  NotificationTestBody,
  UnreadCountResult,
} from '#shared/schemas/notifications';
import { TEST_NOTIFICATIONS_PER_MINUTE } from '#shared/schemas/notifications';
import { notificationMessages as m } from '#shared/messages/notifications';
import { NotFoundError, ThrottledError, ValidationError } from '#commons/errors';
import { notificationCountsStore } from '../../storage/notifications/counts';
import { notificationsStore } from '../../storage/notifications/inbox';
import type { BroadcastState, NotificationRecord } from '../../storage/notifications/records';
import { rateLimitsStore } from '../../storage/rate-limits';
import type { Caller } from '../auth/tokens';
import { notifyUsers, pushUnreadCount } from './notify-users';
import { badgeOf, toDto, unreadCountOf, unreadOf, type Badge } from './views';

/**
 * A user's own notifications: direct ones from their partition merged with the
 * broadcasts sent since their account began, each with the user's own state. Every call is keyed by
 * the caller's id, so another user's notification is simply not found (404) and nothing changes.
 */
const CURSOR = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export async function listNotifications(caller: Caller, query: NotificationListQuery): Promise<NotificationListResult> {
  if (query.cursor && !CURSOR.test(query.cursor))
    throw new ValidationError(m.cursorInvalid, [{ field: 'cursor', message: m.cursorInvalid }]);
  const [badge, total] = await Promise.all([
    badgeOf(caller.userId, caller.role),
    notificationCountsStore.broadcastTotal(),
  ]);
  const want = query.limit + 1;
  const [direct, broadcasts] = await Promise.all([
    notificationsStore.directPage(caller.userId, {
      beforeId: query.cursor,
      limit: want,
      read: query.isRead,
      type: query.type,
    }),
    badge.broadcastAfter
      ? notificationsStore.broadcastPage({
          afterId: badge.broadcastAfter,
          beforeId: query.cursor,
          limit: want,
          type: query.type,
          keep: async (batch) => {
            const states = await notificationsStore.statesOf(
              caller.userId,
              batch.map((b) => b.id),
            );
            return batch
              .map((b) => ({ ...b, state: states.get(b.id) }))
              .filter((b) => !b.state?.deletedAt && (query.isRead === undefined || !!b.state?.readAt === query.isRead));
          },
        })
      : Promise.resolve([]),
  ]);
  const merged = [
    ...direct.map((r) => toDto(r)),
    ...(broadcasts as Array<NotificationRecord & { state?: BroadcastState }>).map(({ state, ...r }) =>
      toDto(r, state ?? { id: r.id }),
    ),
  ].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const items = merged.slice(0, query.limit);
  return {
    items,
    nextCursor: merged.length > query.limit ? items[items.length - 1].id : null,
    unreadCount: unreadOf(badge, total),
  };
}

export async function unreadCount(caller: Caller): Promise<UnreadCountResult> {
  return { count: await unreadCountOf(caller.userId, caller.role) };
}

/** The caller's notification of this id: a direct one, or a broadcast they can see and have not deleted. */
async function findOwn(
  caller: Caller,
  id: string,
): Promise<{ badge: Badge; direct?: NotificationRecord; broadcast?: NotificationRecord; state?: BroadcastState }> {
  const [badge, found] = await Promise.all([
    badgeOf(caller.userId, caller.role, undefined, { persist: false }),
    notificationsStore.find(caller.userId, id),
  ]);
  if (found.direct) return { badge, direct: found.direct };
  if (found.broadcast && badge.broadcastAfter && found.broadcast.id > badge.broadcastAfter && !found.state?.deletedAt)
    return { badge, broadcast: found.broadcast, state: found.state };
  throw new NotFoundError(m.notFound);
}

async function countAndPush(caller: Caller): Promise<number> {
  const count = await unreadCountOf(caller.userId, caller.role);
  await pushUnreadCount(caller.userId, count);
  return count;
}

export async function markRead(caller: Caller, id: string): Promise<MarkReadResult> {
  const own = await findOwn(caller, id);
  const at = new Date().toISOString();
  let readAt = own.direct?.readAt ?? own.state?.readAt;
  if (!readAt) {
    const changed = own.direct
      ? await notificationsStore.markDirectRead(caller.userId, id, at)
      : await notificationsStore.markBroadcastRead(caller.userId, id, at);
    if (changed) readAt = at;
    else {
      // Read (or deleted) by another tab in the meantime: answer what is stored now.
      const again = await findOwn(caller, id);
      readAt = again.direct?.readAt ?? again.state?.readAt ?? at;
    }
  }
  return { id, read_at: readAt, unreadCount: await countAndPush(caller) };
}

export async function dismiss(caller: Caller, id: string): Promise<DismissResult> {
  const own = await findOwn(caller, id);
  const at = new Date().toISOString();
  const dismissedAt = own.direct
    ? await notificationsStore.dismissDirect(caller.userId, id, at)
    : await notificationsStore.dismissBroadcast(caller.userId, id, at);
  if (!dismissedAt) throw new NotFoundError(m.notFound);
  return { id, dismissed_at: dismissedAt };
}

export async function markAllRead(caller: Caller): Promise<MarkAllReadResult> {
  const badge = await badgeOf(caller.userId, caller.role);
  const [direct, broadcastIds, states] = await Promise.all([
    notificationsStore.directIds(caller.userId, false),
    badge.broadcastAfter ? notificationsStore.broadcastIdsAfter(badge.broadcastAfter) : Promise.resolve([]),
    badge.broadcastAfter ? notificationsStore.allStates(caller.userId) : Promise.resolve([]),
  ]);
  const done = new Set(states.filter((s) => s.readAt || s.deletedAt).map((s) => s.id));
  const updated = await notificationsStore.markManyRead(
    caller.userId,
    direct,
    broadcastIds.filter((id) => !done.has(id)),
    new Date().toISOString(),
  );
  const count = await countAndPush(caller);
  return { updated, unreadCount: count };
}

export async function removeNotification(caller: Caller, id: string): Promise<DeleteResult> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const own = await findOwn(caller, id);
    const deleted = own.direct
      ? await notificationsStore.deleteDirect(caller.userId, id, !!own.direct.readAt)
      : await notificationsStore.deleteBroadcast(caller.userId, id, !!own.state?.readAt, new Date().toISOString());
    if (deleted) return { deleted: true, unreadCount: await countAndPush(caller) };
  }
  throw new NotFoundError(m.notFound);
}

export async function deleteRead(caller: Caller): Promise<DeleteReadResult> {
  const badge = await badgeOf(caller.userId, caller.role);
  const [directIds, states] = await Promise.all([
    notificationsStore.directIds(caller.userId, true),
    badge.broadcastAfter ? notificationsStore.allStates(caller.userId) : Promise.resolve([]),
  ]);
  const at = new Date().toISOString();
  const deleted =
    (await notificationsStore.deleteReadDirect(caller.userId, directIds)) +
    (await notificationsStore.deleteReadBroadcasts(
      caller.userId,
      states.filter((s) => s.readAt && !s.deletedAt).map((s) => s.id),
      at,
    ));
  return { deleted };
}

/** The /notification-test generator: one notification to the caller only, rate-limited per user. */
export async function sendTestNotification(caller: Caller, body: NotificationTestBody): Promise<NotificationDto> {
  const { allowed, windowEndsAt } = await rateLimitsStore.take(
    'notificationTest',
    caller.userId,
    TEST_NOTIFICATIONS_PER_MINUTE,
    60,
  );
  if (!allowed) throw new ThrottledError(m.testThrottled, Math.max(1, Math.ceil((windowEndsAt - Date.now()) / 1000)));
  const result = await notifyUsers(caller.userId, {
    type: body.type ?? 'info',
    title: body.title ?? m.testTitle,
    message: body.message ?? m.testMessage,
    priority: body.priority ?? 'normal',
    metadata: { test: true },
  });
  return result.notification!;
}
