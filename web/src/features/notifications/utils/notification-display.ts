import type { NotificationDto, NotificationType } from '#shared/schemas/notifications';
import type { IconName } from '@/components/ui/icon';

/** Type icons for success, warning and error; every other type gets the default. */
export function typeIcon(type: NotificationType): IconName {
  if (type === 'success') return 'check-circle';
  if (type === 'warning') return 'alert-triangle';
  if (type === 'error') return 'alert-circle';
  return 'info';
}

export type NotificationTone = 'info' | 'success' | 'warning' | 'error';
export const typeTone = (type: NotificationType): NotificationTone =>
  type === 'success' || type === 'warning' || type === 'error' ? type : 'info';

/** The operator-sender tag of the centre and the page. */
export const isFromOperator = (n: Pick<NotificationDto, 'sender'>) =>
  n.sender === 'operator' || n.sender === 'developer';
export const OPERATOR_TAG = '운영자';

/** Unread badge text, capped at 99+ so the badge stays small. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The accessible name of a button that shows the unread badge. It ends with the badge's own text as
 * a word (WCAG 2.5.3 label in name: "1개" would not contain the visible "1" for axe or voice control).
 */
export const unreadButtonName = (name: string, count: number) =>
  count > 0 ? `${name}, 읽지 않은 알림 ${badgeText(count)}` : name;

export type ActionTarget = { kind: 'route'; path: string } | { kind: 'external'; url: string } | { kind: 'none' };

/**
 * Where an action button leads: in-app paths (and same-origin URLs) navigate inside the app; other
 * http(s) URLs open in a new tab; anything else (javascript:, data:) does nothing.
 */
export function actionTarget(action: string, origin: string = window.location.origin): ActionTarget {
  const value = action.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'route', path: value };
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'none' };
    if (url.origin === origin) return { kind: 'route', path: `${url.pathname}${url.search}${url.hash}` };
    return { kind: 'external', url: url.href };
  } catch {
    return { kind: 'none' };
  }
}
