import type { ChatMessageType, ChatRoomStatus, ChatSenderRole } from '#shared/schemas/chat';

/**
 * Support chat: the records of the store modules in this folder. Layout (docs/data-model.md):
 * - a room `CHATROOM#{id} / ROOM` with the last message, a read marker per side (the id of the newest
 *   message that side has read) and an unread counter per side; listed by last activity on GSI1
 *   `CHATROOMS` and per status on GSI2 `CHATROOMS#{status}` (the operator inbox, no scans);
 * - its messages `CHATROOM#{id} / MSG#{ulid}` in the same partition: a page newest-first is one
 *   reverse query, `after` a key range; a message id is always above the room's last one (the room
 *   update's condition), so "read" = id ≤ the other side's marker, exactly;
 *   the rooms with user messages no operator has read are also on the sparse GSI3
 *   `CHATROOMS#UNREAD` (`unread=true`), set and removed with `staffUnread` itself;
 * - a user's one room `USER#{id} / CHATROOM` (created with the room: a user never gets two);
 * - the suffixes of the room's user name `CHATNAME#{first character} / {suffix}#{roomId}`, written
 *   with the room: a search by part of a name is one key range, checked against the rooms it finds;
 * - staff-wide counters `COUNTERS / CHAT`: user messages staff have not read, rooms per status;
 *   every change to them commits in the same transaction as the message, read or status change.
 * Each write makes ONE attempt; the domain re-reads and retries a lost race (commons/retry.ts).
 */
export type ChatSide = 'user' | 'staff';

export interface ChatRoomRecord {
  id: string;
  name: string;
  status: ChatRoomStatus;
  userId: string;
  userName: string;
  userLogin: string;
  createdAt: string;
  updatedAt: string;
  /** The sort time on the listing indexes: the last message's, else the creation's. */
  activityAt: string;
  lastMessage: string | null;
  lastMessageId: string | null;
  lastMessageAt: string | null;
  /** Staff messages the user has not read. */
  userUnread: number;
  /** User messages staff have not read. */
  staffUnread: number;
  userReadId: string | null;
  userReadAt: string | null;
  staffReadId: string | null;
  staffReadAt: string | null;
}

export interface ChatMessageRecord {
  id: string;
  roomId: string;
  /** Who wrote it: the room's user, staff, or the system (auto replies, notices). */
  side: ChatSide | 'system';
  senderId: string | null;
  senderName: string;
  senderLogin: string;
  senderRole: ChatSenderRole;
  type: ChatMessageType;
  content: string;
  createdAt: string;
}

export interface ChatCounters {
  staffUnread: number;
  rooms: Record<ChatRoomStatus, number>;
}
