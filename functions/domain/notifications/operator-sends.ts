import type { NotificationHistoryQuery, NotificationSendBody, SendHistoryResult, SendResult } from '#shared/schemas/notifications';
import { DomainError } from '#commons/errors';
import { notificationMessages } from '#shared/messages/notifications';
import type { Caller } from '../auth/tokens';

/** Operator sends and their history (issue 13 item 1, operator console "Notification sending and history"). */
export async function sendByOperator(_caller: Caller, _body: NotificationSendBody): Promise<SendResult> {
  throw new DomainError('INTERNAL', notificationMessages.sendFailed);
}

export async function sendHistory(_caller: Caller, _query: NotificationHistoryQuery): Promise<SendHistoryResult> {
  throw new DomainError('INTERNAL', notificationMessages.sendFailed);
}
