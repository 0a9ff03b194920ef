import type {
  NotificationAction,
  NotificationPriority,
  NotificationSender,
  NotificationType,
} from '#shared/schemas/notifications';

/**
 * Notifications: the records of the store modules in this folder. Layout (docs/data-model.md):
 * - a direct notification lives in its recipient's partition, `USER#{id} / NOTIF#{groupId}`; the id
 *   is the send's group id, a ULID, so a user's list newest-first is one reverse query;
 * - a broadcast ('all') is stored ONCE, `NOTIFALL / NOTIF#{groupId}`; a user's read / dismiss / delete
 *   of it is an item `USER#{id} / NOTIFSTATE#{groupId}` written the first time they act on it;
 * - badge counters, changed in the same transaction as what they count: `USER#{id} / NOTIFCOUNTS`
 *   holds `unread` (direct ones), `broadcastSeen` (broadcasts this user read or deleted) and
 *   `broadcastBase` (broadcasts sent before the account existed, fixed once); `COUNTERS / NOTIFALL`
 *   holds `total` broadcasts. A user's unread = unread + (total − broadcastBase − broadcastSeen).
 * - each send has a record `NOTIFSEND#{groupId} / SEND` (recipient count, read count kept as
 *   recipients read), listed by time on GSI1 `NOTIFSENDS`; the operator history reads only these.
 */
export interface NotificationContent {
  type: NotificationType;
  title: string;
  message: string;
  sender: NotificationSender;
  senderId: string | null;
  senderName: string | null;
  priority: NotificationPriority;
  autoClose: boolean;
  duration: number;
  icon?: string;
  actions?: NotificationAction[];
  metadata?: Record<string, unknown>;
}

/** A stored notification: a direct one (recipientId = the user) or a broadcast (recipientId = 'all'). */
export interface NotificationRecord extends NotificationContent {
  id: string;
  groupId: string;
  recipientId: string;
  createdAt: string;
  readAt?: string;
  dismissedAt?: string;
}

/** A user's own state of one broadcast. */
export interface BroadcastState {
  id: string;
  readAt?: string;
  dismissedAt?: string;
  deletedAt?: string;
}

export interface SendRecord extends NotificationContent {
  groupId: string;
  /** 'all', the one recipient's id, or 'multiple'. */
  recipientId: string;
  recipientLabel: string;
  recipientCount: number;
  readCount: number;
  /** Direct sends: who gets it (a retried send finishes the deliveries from here). */
  recipientIds?: string[];
  status: 'sending' | 'sent';
  createdAt: string;
}

export interface NotificationCounts {
  unread: number;
  broadcastSeen: number;
  /** Broadcasts sent before the account existed (set once, on first need). */
  broadcastBase?: number;
  /** The lowest broadcast id this user can see is above this one (from the account's creation time). */
  broadcastAfter?: string;
}
