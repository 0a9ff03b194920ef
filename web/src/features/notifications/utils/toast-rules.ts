import { DURATION_DEFAULT_MS } from '#shared/notification-constants';
import type { NotificationDto } from '#shared/schemas/notifications';
import type { NotificationConfig } from './notification-config';

/** Entries 100 ms × index apart, 300 ms exit, 10 s for errors and high priority. */
export const TOAST_STAGGER_MS = 100;
export const TOAST_EXIT_MS = 300;
const LONG_TOAST_MS = 10_000;

type ToastFields = Pick<NotificationDto, 'type' | 'priority' | 'auto_close' | 'duration'>;

/** Only info and success close by themselves, and only when both the sender and the user allow it. */
export const toastAutoCloses = (n: ToastFields, config: Pick<NotificationConfig, 'defaultAutoClose'>) =>
  config.defaultAutoClose && n.auto_close !== false && (n.type === 'info' || n.type === 'success');

/**
 * How long a toast stays: the sender's own duration when it chose one, else 10 s for errors and high
 * priority, else the user's default (5 s). The server fills 5000 when the sender chose nothing, so
 * 5000 counts as "not chosen".
 */
export function toastDuration(n: ToastFields, config: Pick<NotificationConfig, 'defaultDuration'>): number {
  if (n.duration && n.duration !== DURATION_DEFAULT_MS) return n.duration;
  if (n.type === 'error' || n.priority === 'high') return LONG_TOAST_MS;
  return config.defaultDuration;
}
