import { encodeTime } from 'ulid';
import type { NotificationDto } from '#shared/schemas/notifications';
import type { Role } from '#shared/roles';
import { notificationBaseStore } from '../../storage/notifications/broadcast-base';
import { notificationCountsStore } from '../../storage/notifications/counts';
import type { BroadcastState, NotificationCounts, NotificationRecord } from '../../storage/notifications/records';
import { usersStore } from '../../storage/users';

/** The DTO a user receives (snake_case, as API clients know it), with their own state of a broadcast. */
export function toDto(record: NotificationRecord, state?: BroadcastState): NotificationDto {
  const readAt = state ? (state.readAt ?? null) : (record.readAt ?? null);
  const dismissedAt = state ? (state.dismissedAt ?? null) : (record.dismissedAt ?? null);
  return {
    id: record.id,
    type: record.type,
    title: record.title,
    message: record.message,
    sender: record.sender,
    ...(record.senderName ? { sender_name: record.senderName } : {}),
    recipient_id: record.recipientId,
    group_id: record.groupId,
    is_read: !!readAt,
    read_status: readAt ? 'read' : 'unread',
    created_at: record.createdAt,
    read_at: readAt,
    dismissed_at: dismissedAt,
    priority: record.priority,
    auto_close: record.autoClose,
    duration: record.duration,
    ...(record.icon ? { icon: record.icon } : {}),
    ...(record.actions?.length ? { actions: record.actions } : {}),
    ...(record.metadata ? { metadata: record.metadata } : {}),
  };
}

/** Broadcast ids above this one were sent after an account created at `createdAt` (ids are ULIDs). */
const broadcastBoundOf = (createdAt: string): string => `${encodeTime(Date.parse(createdAt))}~`;

/** Only role-user accounts receive broadcasts (operators and developers load no notifications). */
const seesBroadcasts = (role: Role) => role === 'user';

export interface Badge {
  counts: NotificationCounts;
  /** Broadcast ids above this one are the user's; null for staff. */
  broadcastAfter: string | null;
}

/**
 * A user's counters with their broadcast base fixed: the first time, the broadcasts sent before the
 * account existed are counted once (one query of the broadcast partition) and stored.
 */
export async function badgeOf(
  userId: string,
  role: Role,
  known?: NotificationCounts,
  opts: { persist?: boolean } = {},
): Promise<Badge> {
  const counts = known ?? (await notificationCountsStore.counts(userId));
  if (!seesBroadcasts(role)) return { counts, broadcastAfter: null };
  if (counts.broadcastBase !== undefined && counts.broadcastAfter)
    return { counts, broadcastAfter: counts.broadcastAfter };
  const user = await usersStore.get(userId);
  const after = broadcastBoundOf(user?.createdAt ?? new Date().toISOString());
  const base = await notificationBaseStore.countBroadcastsBefore(after);
  // A refused request (another user's id → 404) writes nothing: only answered calls keep the base.
  if (opts.persist !== false) await notificationBaseStore.setBroadcastBase(userId, base, after);
  return { counts: { ...counts, broadcastBase: base, broadcastAfter: after }, broadcastAfter: after };
}

/** unread = direct unread + (broadcasts ever − those before the account − those read or deleted). */
export function unreadOf(badge: Badge, broadcastTotal: number): number {
  const direct = Math.max(0, badge.counts.unread);
  if (!badge.broadcastAfter) return direct;
  return direct + Math.max(0, broadcastTotal - (badge.counts.broadcastBase ?? 0) - badge.counts.broadcastSeen);
}

export async function unreadCountOf(userId: string, role: Role): Promise<number> {
  const [badge, total] = await Promise.all([badgeOf(userId, role), notificationCountsStore.broadcastTotal()]);
  return unreadOf(badge, total);
}

/**
 * Unread counts of many users for pushes after a send: counters read in batches. A role user whose
 * broadcast base was never fixed gets no count (left out of the map): every open app has fixed it
 * by loading its badge, and the push path stays free of the one-time count (bundle budget).
 */
export async function unreadCountsOf(users: Array<{ userId: string; role: Role }>): Promise<Map<string, number>> {
  const [counts, total] = await Promise.all([
    notificationCountsStore.countsOfMany(users.map((u) => u.userId)),
    notificationCountsStore.broadcastTotal(),
  ]);
  const out = new Map<string, number>();
  for (const u of users) {
    const known = counts.get(u.userId) ?? { unread: 0, broadcastSeen: 0 };
    const sees = seesBroadcasts(u.role);
    if (sees && !known.broadcastAfter) continue;
    out.set(u.userId, unreadOf({ counts: known, broadcastAfter: sees ? known.broadcastAfter! : null }, total));
  }
  return out;
}
