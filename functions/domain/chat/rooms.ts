import { ulid } from 'ulid';
import type {
  ChatRoomCreateBody,
  ChatRoomDto,
  ChatRoomListQuery,
  ChatRoomListResult,
  ChatRoomStatus,
  ChatUnreadCountResult,
} from '#shared/schemas/chat';
import { chatMessages as m } from '#shared/messages/chat';
import { commonMessages } from '#shared/messages/common';
import { ForbiddenError, NotFoundError } from '#commons/errors';
import { retrying } from '#commons/retry';
import { chatCountersStore } from '../../storage/chat/counters';
import type { ChatRoomRecord } from '../../storage/chat/records';
import { chatRoomsStore } from '../../storage/chat/rooms';
import { chatSearchStore } from '../../storage/chat/search';
import { usersStore } from '../../storage/users';
import type { Caller } from '../auth/tokens';
import { pushRoom } from './chat-pushes';
import { assertChatOpenTo } from './chat-switch';
import { sideOf, toRoomDto } from './views';

/** A name search looks at most this many matching rooms. */
const USER_SEARCH_MAX = 50;

/**
 * Rooms: a role user has one room with support (created by POST /rooms or by the first
 * message); staff see every room. Another user's room is simply not found (404), never a 403 that
 * would confirm it exists.
 */
export async function roomFor(caller: Caller, roomId: string): Promise<ChatRoomRecord> {
  const room = await chatRoomsStore.getRoom(roomId);
  if (!room || (sideOf(caller) === 'user' && room.userId !== caller.userId)) throw new NotFoundError(m.roomNotFound);
  return room;
}

/** The caller's own room, created when there is none yet ('{fullName}님의 문의' unless named). Role users only. */
export async function ensureOwnRoom(caller: Caller, name?: string): Promise<ChatRoomRecord> {
  if (sideOf(caller) !== 'user') throw new ForbiddenError(m.usersOnly);
  for (let attempt = 0; attempt < 3; attempt++) {
    const existingId = await chatRoomsStore.roomIdOfUser(caller.userId);
    if (existingId) {
      const existing = await chatRoomsStore.getRoom(existingId);
      if (existing) return existing;
    }
    const user = await usersStore.get(caller.userId);
    if (!user) throw new NotFoundError(commonMessages.userNotFound);
    const now = new Date().toISOString();
    const room: ChatRoomRecord = {
      id: ulid(),
      name: name ?? m.roomNameOf(user.fullName || user.loginId),
      status: 'active',
      userId: user.id,
      userName: user.fullName,
      userLogin: user.loginId,
      createdAt: now,
      updatedAt: now,
      activityAt: now,
      lastMessage: null,
      lastMessageId: null,
      lastMessageAt: null,
      userUnread: 0,
      staffUnread: 0,
      userReadId: null,
      userReadAt: null,
      staffReadId: null,
      staffReadAt: null,
    };
    // Two first messages at once: one creates, the other finds its room on the next round.
    if (await chatRoomsStore.createRoom(room)) return room;
  }
  throw new NotFoundError(m.roomNotFound);
}

export async function openRoom(caller: Caller, body: ChatRoomCreateBody): Promise<ChatRoomDto> {
  await assertChatOpenTo(caller);
  return toRoomDto(await ensureOwnRoom(caller, body.name), 'user');
}

export async function listRooms(caller: Caller, query: ChatRoomListQuery): Promise<ChatRoomListResult> {
  const side = sideOf(caller);
  if (side === 'user') {
    const id = await chatRoomsStore.roomIdOfUser(caller.userId);
    const room = id ? await chatRoomsStore.getRoom(id) : undefined;
    const rooms = room && (!query.status || room.status === query.status) ? [room] : [];
    return {
      items: rooms.map((r) => toRoomDto(r, side)),
      totals: { rooms: rooms.length, unread: rooms.reduce((n, r) => n + r.userUnread, 0) },
    };
  }
  // The totals and the rooms are read at once: neither depends on the other.
  const [counters, found] = await Promise.all([
    chatCountersStore.counters(),
    query.user
      ? roomsOfUsers(query.user)
      : chatRoomsStore.listRooms({
          status: query.status,
          limit: query.limit + 1,
          before: query.cursor,
          unread: query.unread,
        }),
  ]);
  const total = query.status
    ? counters.rooms[query.status]
    : counters.rooms.active + counters.rooms.closed + counters.rooms.archived;
  const totals = { rooms: total, unread: counters.staffUnread };
  if (query.user) {
    // The rooms a user search names: status and unread filtered here, newest activity first, one page.
    const rooms = found.filter(
      (r) => (!query.status || r.status === query.status) && (!query.unread || r.staffUnread > 0),
    );
    rooms.sort((a, b) => (a.activityAt < b.activityAt ? 1 : -1));
    return { items: rooms.slice(0, query.limit).map((r) => toRoomDto(r, side)), totals };
  }
  const page = found.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toRoomDto(r, side)),
    totals,
    ...(found.length > query.limit && last ? { nextCursor: `${last.activityAt}#${last.id}` } : {}),
  };
}

/**
 * The rooms a search names: the user's one room for an exact user id or login id, else the rooms whose
 * user name contains it (the name-suffix keys: neither the user list nor the room list is read).
 */
async function roomsOfUsers(search: string): Promise<ChatRoomRecord[]> {
  // Both at once: a login id matches no name piece cheaply, and a name part costs no extra round trip.
  const [exact, byName] = await Promise.all([
    usersStore.idOf(search),
    chatSearchStore.roomsByNamePart(search, USER_SEARCH_MAX),
  ]);
  if (!exact) return byName;
  const roomId = await chatRoomsStore.roomIdOfUser(exact);
  const room = roomId ? await chatRoomsStore.getRoom(roomId) : undefined;
  return room ? [room] : [];
}

/** A user: the unread staff messages of their room. Staff: user messages no operator has read yet, over every room (one counter). */
export async function unreadCount(caller: Caller): Promise<ChatUnreadCountResult> {
  if (sideOf(caller) === 'staff') return { count: (await chatCountersStore.counters()).staffUnread };
  const id = await chatRoomsStore.roomIdOfUser(caller.userId);
  const room = id ? await chatRoomsStore.getRoom(id) : undefined;
  return { count: room?.userUnread ?? 0 };
}

export async function setStatus(caller: Caller, roomId: string, status: ChatRoomStatus): Promise<ChatRoomDto> {
  if (sideOf(caller) !== 'staff') throw new ForbiddenError(m.staffOnly);
  let changed = false;
  const room = await retrying(async () => {
    const seen = await roomFor(caller, roomId);
    if (seen.status === status) return seen;
    const next = await chatRoomsStore.setStatus(seen, status, new Date().toISOString());
    changed = true;
    return next;
  });
  if (changed) await pushRoom(room);
  return toRoomDto(room, 'staff');
}
