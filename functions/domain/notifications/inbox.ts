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
import { DomainError } from '#commons/errors';
import { notificationMessages } from '#shared/messages/notifications';
import type { Caller } from '../auth/tokens';

/** A user's own notifications (issue 13 item 1). Every call works on the caller's own items only. */
const pending = (): never => {
  throw new DomainError('INTERNAL', notificationMessages.sendFailed);
};

export async function listNotifications(_caller: Caller, _query: NotificationListQuery): Promise<NotificationListResult> {
  return pending();
}
export async function unreadCount(_caller: Caller): Promise<UnreadCountResult> {
  return pending();
}
export async function markRead(_caller: Caller, _id: string): Promise<MarkReadResult> {
  return pending();
}
export async function dismiss(_caller: Caller, _id: string): Promise<DismissResult> {
  return pending();
}
export async function markAllRead(_caller: Caller): Promise<MarkAllReadResult> {
  return pending();
}
export async function removeNotification(_caller: Caller, _id: string): Promise<DeleteResult> {
  return pending();
}
export async function deleteRead(_caller: Caller): Promise<DeleteReadResult> {
  return pending();
}
export async function sendTestNotification(_caller: Caller, _body: NotificationTestBody): Promise<NotificationDto> {
  return pending();
}
