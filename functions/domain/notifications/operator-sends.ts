import type {
  NotificationHistoryQuery,
  NotificationSendBody,
  SendHistoryResult,
  SendRecord as SendRecordDto,
  SendResult,
} from '#shared/schemas/notifications';
import { notificationMessages as m } from '#shared/messages/notifications';
import { addKstDays, kstDayOf, kstDayStartIso, kstToday } from '#shared/kst';
import { DomainError, ValidationError } from '#commons/errors';
import { isTransientFailure } from '#commons/store-errors';
import { paginate, offsetOf } from '#commons/pagination';
import { notificationHistoryStore } from '../../storage/notifications/history';
import type { SendRecord } from '../../storage/notifications/records';
import { usersStore } from '../../storage/users';
import type { Caller } from '../auth/tokens';
import { notify } from './notify';

/**
 * Operator sends and their history (the console's notification page). Only active role-user accounts
 * are valid recipients; 'all' is stored once.
 */
export async function sendByOperator(caller: Caller, body: NotificationSendBody): Promise<SendResult> {
  if (body.recipientId !== 'all') {
    const found = await usersStore.getMany(body.recipientId);
    const valid = new Set(found.filter((u) => u.role === 'user' && u.isActive && !u.deletedAt).map((u) => u.id));
    const wrong = body.recipientId.filter((id) => !valid.has(id));
    if (wrong.length)
      throw new ValidationError(
        m.recipientNotUser,
        wrong.slice(0, 20).map((id) => ({ field: 'recipientId', message: `${m.recipientNotUser} (${id})` })),
      );
  }
  const me = await usersStore.get(caller.actorId ?? caller.userId);
  try {
    const result = await notify(body.recipientId, {
      type: body.type,
      title: body.title,
      message: body.message,
      priority: body.priority,
      auto_close: body.auto_close,
      duration: body.duration,
      // The body's `sender` is ignored: who sent it is the signed-in caller.
      sender: {
        kind: caller.role === 'developer' ? 'developer' : 'operator',
        userId: caller.userId,
        name: me?.fullName ?? caller.userId,
      },
    });
    return { groupId: result.groupId, recipientCount: result.recipientCount };
  } catch (err) {
    if (err instanceof DomainError || isTransientFailure(err)) throw err;
    throw new DomainError('INTERNAL', m.sendFailed);
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const rateOf = (read: number, of: number) => (of > 0 ? round1(Math.min(100, (read / of) * 100)) : 0);

function toDto(s: SendRecord): SendRecordDto {
  return {
    group_id: s.groupId,
    type: s.type,
    title: s.title,
    message: s.message,
    sender: s.sender,
    sender_name: s.senderName ?? (s.sender === 'system' ? '시스템' : ''),
    recipient_id: s.recipientId,
    recipient_label: s.recipientLabel,
    recipient_count: s.recipientCount,
    read_count: s.readCount ?? 0,
    read_rate: rateOf(s.readCount ?? 0, s.recipientCount),
    priority: s.priority,
    auto_close: s.autoClose,
    duration: s.duration,
    created_at: s.createdAt,
  };
}

/** GET /api/notifications/all: one row per send, newest first; KST days; stats over the filtered sends. */
export async function sendHistory(_caller: Caller, query: NotificationHistoryQuery): Promise<SendHistoryResult> {
  const fromIso = query.fromDate ? kstDayStartIso(query.fromDate) : '0000';
  const toIso = query.toDate
    ? new Date(Date.parse(kstDayStartIso(addKstDays(query.toDate, 1))) - 1).toISOString()
    : '9999';
  // A user's own /notification-test sends are not operator history.
  const sends = (await notificationHistoryStore.sendsBetween(fromIso, toIso)).filter(
    (s) => !s.metadata?.test && (!query.sender || s.sender === query.sender) && (!query.type || s.type === query.type),
  );
  const today = kstToday();
  const totalRecipients = sends.reduce((sum, s) => sum + s.recipientCount, 0);
  const totalRead = sends.reduce((sum, s) => sum + (s.readCount ?? 0), 0);
  const page = paginate(
    sends.slice(offsetOf(query.page, query.limit), offsetOf(query.page, query.limit) + query.limit).map(toDto),
    query.page,
    query.limit,
    sends.length,
  );
  return {
    items: page.items,
    pagination: page.pagination,
    stats: {
      totalSent: sends.length,
      sentToday: sends.filter((s) => kstDayOf(s.createdAt) === today).length,
      totalRecipients,
      totalRead,
      readRate: rateOf(totalRead, totalRecipients),
    },
  };
}
