/**
 * Notification constants and enums, apart from the zod schemas so server code that only
 * sends (every feature's Lambda) bundles no schema. shared/schemas/notifications.ts re-exports them.
 */
export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error', 'custom', 'promotion'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_SENDERS = ['system', 'operator', 'developer'] as const;
export type NotificationSender = (typeof NOTIFICATION_SENDERS)[number];
export const NOTIFICATION_PRIORITIES = ['normal', 'high'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];
export const NOTIFICATION_ACTION_STYLES = ['primary', 'secondary', 'danger'] as const;

export const TITLE_MAX = 100;
export const MESSAGE_MAX = 1000;
export const MAX_RECIPIENTS = 1000;
export const DURATION_MIN_MS = 1000;
export const DURATION_MAX_MS = 30000;
export const DURATION_DEFAULT_MS = 5000;
export const NOTIFICATION_LIST_DEFAULT = 50;
export const NOTIFICATION_LIST_MAX = 100;
export const HISTORY_PAGE_DEFAULT = 20;
export const HISTORY_PAGE_MAX = 100;
/** POST /api/notifications/test: at most this many per user per minute. */
export const TEST_NOTIFICATIONS_PER_MINUTE = 30;

/**
 * What a feature's notice is about, carried as `metadata.event`: the SPA refreshes the data each
 * event changed (a balance, a ledger, a slot list) from this, never from the Korean title.
 */
export const NOTIFICATION_EVENTS = [
  'charge-approved',
  'charge-rejected',
  'slot-approved',
  'slot-rejected',
  'slot-refunded',
  'slot-price-changed',
  'slot-extended',
  'slots-extended',
  'slots-allocated',
  'expiry-notice',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
