import { decodeTime, monotonicFactory } from 'ulid';
import type {
  ChatFirstMessageResult,
  ChatMessageBody,
  ChatMessageDto,
  ChatMessageListQuery,
  ChatMessageListResult,
  ChatReadResult,
} from '#shared/schemas/chat';
import { chatMessages as m } from '#shared/messages/chat';
import { commonMessages } from '#shared/messages/common';
import { ForbiddenError, NotFoundError } from '#commons/errors';
import { retrying } from '#commons/retry';
import { chatMessagesStore } from '../../storage/chat/messages';
import type { ChatMessageRecord, ChatRoomRecord, ChatSide } from '../../storage/chat/records';
import { usersStore } from '../../storage/users';
import { getSettings } from '../settings/settings-service';
import type { Caller } from '../auth/tokens';
import { enforceRateLimits } from '../rate-limits';
import { pushMessage, pushRead } from './chat-pushes';
import { assertChatOpenTo } from './chat-switch';
import { ensureOwnRoom, roomFor } from './rooms';
import { sideOf, toMessageDto, toRoomDto } from './views';

/**
 * Messages: a page of a room newest last, a send that updates the room and the unread
 * counters in one transaction and then pushes, and a read that moves the caller's side's marker.
 */
export interface SendOrigin {
  ip: string;
}

const nextUlid = monotonicFactory();

/** A new message id above the room's last one (ids from another Lambda instance may run a little ahead). */
function messageIdAfter(lastId: string | null): string {
  const now = Date.now();
  if (!lastId) return nextUlid(now);
  const last = decodeTime(lastId);
  return nextUlid(Math.max(now, last + 1));
}

export async function listMessages(
  caller: Caller,
  roomId: string,
  query: ChatMessageListQuery,
): Promise<ChatMessageListResult> {
  const room = await roomFor(caller, roomId);
  // chatMaxMessages bounds what a conversation shows: no page holds more (docs/settings.md).
  const limit = Math.min(query.limit, (await getSettings()).chatMaxMessages);
  const page = query.after
    ? await chatMessagesStore.messagesAfter(room.id, query.after, limit)
    : await chatMessagesStore
        .newestMessages(room.id, { offset: query.offset, limit })
        .then((p) => ({ ...p, items: p.items.reverse() }));
  return { items: page.items.map((msg) => toMessageDto(msg, room)), hasMore: page.hasMore };
}

async function senderOf(
  caller: Caller,
  room: ChatRoomRecord,
): Promise<Pick<ChatMessageRecord, 'side' | 'senderId' | 'senderName' | 'senderLogin' | 'senderRole'>> {
  const side = sideOf(caller);
  if (side === 'user')
    return {
      side,
      senderId: caller.userId,
      senderName: room.userName,
      senderLogin: room.userLogin,
      senderRole: 'user',
    };
  const staff = await usersStore.get(caller.userId);
  if (!staff) throw new NotFoundError(commonMessages.userNotFound);
  return {
    side,
    senderId: staff.id,
    senderName: staff.fullName,
    senderLogin: staff.loginId,
    senderRole: staff.role === 'developer' ? 'developer' : 'operator',
  };
}

/** Appends to a room the caller may write to; a user's message reopens a closed or archived room. */
async function append(
  caller: Caller,
  first: ChatRoomRecord,
  content: string,
): Promise<{ room: ChatRoomRecord; message: ChatMessageRecord }> {
  const sender = await senderOf(caller, first);
  return retrying(async (n) => {
    const seen = n === 1 ? first : await roomFor(caller, first.id);
    const createdAtMs = Date.now();
    const id = messageIdAfter(seen.lastMessageId);
    const message: ChatMessageRecord = {
      id,
      roomId: seen.id,
      ...sender,
      type: 'normal',
      content,
      createdAt: new Date(Math.max(createdAtMs, decodeTime(id))).toISOString(),
    };
    const status = sender.side === 'user' ? 'active' : seen.status;
    const room = await chatMessagesStore.appendMessage(seen, message, status);
    return { room, message };
  });
}

const limitSends = (caller: Caller, origin: SendOrigin) =>
  enforceRateLimits(
    [
      { name: 'chatMessagesPerUser', subject: caller.userId },
      { name: 'chatMessagesPerAddress', subject: origin.ip || 'unknown' },
    ],
    m.rateLimited,
  );

export async function sendMessage(
  caller: Caller,
  roomId: string,
  body: ChatMessageBody,
  origin: SendOrigin,
): Promise<ChatMessageDto> {
  await assertChatOpenTo(caller);
  // The room check comes next: a message to someone else's room is a 404 that writes nothing, not even a rate count.
  const first = await roomFor(caller, roomId);
  await limitSends(caller, origin);
  const { room, message } = await append(caller, first, body.content);
  await pushMessage(room, message);
  return toMessageDto(message, room);
}

/** The widget's first message: creates the user's room ('{fullName}님의 문의') when there is none, then sends. */
export async function sendFirstMessage(
  caller: Caller,
  body: ChatMessageBody,
  origin: SendOrigin,
): Promise<ChatFirstMessageResult> {
  if (sideOf(caller) !== 'user') throw new ForbiddenError(m.usersOnly); // staff answer in their rooms: 403 before anything is counted
  await assertChatOpenTo(caller);
  await limitSends(caller, origin);
  const first = await ensureOwnRoom(caller);
  const { room, message } = await append(caller, first, body.content);
  await pushMessage(room, message);
  return { room: toRoomDto(room, 'user'), message: toMessageDto(message, room) };
}

/** Marks the other side's messages read for the caller's side (a user, or staff as one side). */
export async function markRead(caller: Caller, roomId: string): Promise<ChatReadResult> {
  const side: ChatSide = sideOf(caller);
  let wrote = false;
  const room = await retrying(async () => {
    const seen = await roomFor(caller, roomId);
    const unread = side === 'user' ? seen.userUnread : seen.staffUnread;
    // No unread message of the other side: every one of them is already at or below the marker.
    if (!seen.lastMessageId || unread === 0) return seen;
    const next = await chatMessagesStore.markRead(seen, side, new Date().toISOString());
    wrote = true;
    return next;
  });
  const readAt = (side === 'user' ? room.userReadAt : room.staffReadAt) ?? new Date().toISOString();
  if (wrote) await pushRead(room, side, readAt);
  return { room_id: room.id, read_at: readAt, unread_count: 0 };
}
