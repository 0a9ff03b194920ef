import { deferred, z } from '../zod';
import { chatMessages as m } from '../messages/chat';
import type { SlotStatus } from '../slot-status';

/**
 * Support chat: the advertiser's widget and the operator inbox (/admin/chat), pushed over the socket. The
 * widget's input parses with `chatMessageSchema`, the same schema the server uses. Every top-level schema
 * is deferred (built at first parse: keeps Lambda cold imports fast).
 */

// chat constants
export const CHAT_MESSAGE_MAX = 2000;
const CHAT_MESSAGES_DEFAULT = 50;
export const CHAT_MESSAGES_MAX = 100;
const CHAT_ROOM_NAME_MAX = 100;
export const CHAT_SCROLL_THRESHOLD_PX = 100;
export const CHAT_TEXTAREA_MIN_PX = 40;
export const CHAT_TEXTAREA_MAX_PX = 120;
/** Polling while the socket is down (ms): messages, rooms, unread count. */
export const CHAT_POLL_MESSAGES_MS = 2000;
export const CHAT_POLL_ROOMS_MS = 5000;
export const CHAT_POLL_UNREAD_MS = 30000;
/** Messages fetched per poll (`after` the last seen id). */
export const CHAT_POLL_LIMIT = 10;
const CANNED_REPLIES_MAX = 50;
export const CANNED_TITLE_MAX = 40;
export const CANNED_CONTENT_MAX = 2000;
/** Running slots shown in the operator's customer context. */
export const CHAT_CONTEXT_SLOTS = 10;

export const CHAT_ROOM_STATUSES = ['active', 'closed', 'archived'] as const;
export type ChatRoomStatus = (typeof CHAT_ROOM_STATUSES)[number];
export type ChatMessageType = 'normal' | 'system' | 'auto_reply';
export type ChatSenderRole = 'user' | 'operator' | 'developer' | 'admin' | 'system';

export interface ChatRoomDto {
  id: string;
  name: string;
  status: ChatRoomStatus;
  /** The advertiser whose room this is. */
  user_id: string;
  user_name: string;
  /** The user's login id. */
  user_email: string;
  creator: { name: string; email: string };
  last_message: string | null;
  last_message_id: string | null;
  last_message_at: string | null;
  /** Unread messages for the caller's side (the user, or staff). */
  unread_count: number;
  created_at: string;
  updated_at: string;
}

export interface ChatMessageDto {
  id: string;
  room_id: string;
  sender_id: string | null;
  sender: { name: string; email: string; role: ChatSenderRole };
  type: ChatMessageType;
  content: string;
  created_at: string;
  /** Read by the other side. */
  is_read: boolean;
}

export interface ChatRoomListResult {
  items: ChatRoomDto[];
  totals: { rooms: number; unread: number };
  /** Staff: the next page's cursor, absent on the last page. */
  nextCursor?: string;
}
export interface ChatMessageListResult {
  /** Oldest first, newest last. */
  items: ChatMessageDto[];
  hasMore: boolean;
}
export interface ChatFirstMessageResult {
  room: ChatRoomDto;
  message: ChatMessageDto;
}
export interface ChatReadResult {
  room_id: string;
  read_at: string;
  unread_count: 0;
}
export interface ChatUnreadCountResult {
  count: number;
}

export interface ChatContextSlot {
  id: string;
  slot_number: number;
  keyword: string;
  status: SlotStatus;
  rank: number | null;
  /** When the rank was measured (ISO; null: never). */
  rank_measured_at: string | null;
  yesterday_rank: number | null;
}
export interface ChatCustomerContext {
  user: { id: string; loginId: string; fullName: string; isActive: boolean; createdAt: string };
  /** null when the cash system is off. */
  balance: number | null;
  pendingCharges: { id: string; amount: number; requestedAt: string }[];
  slotCounts: Record<string, number>;
  /** Up to 10 running slots, best known rank first. */
  slots: ChatContextSlot[];
}

export interface CannedReply {
  id: string;
  title: string;
  content: string;
}
export interface CannedRepliesResult {
  items: CannedReply[];
}

/** WebSocket pushes: `{type, data}`. */
export interface ChatMessagePushData {
  room_id: string;
  message: ChatMessageDto;
  /** The room as the recipient's side sees it (its unread_count). */
  room: ChatRoomDto;
}
export interface ChatReadPushData {
  room_id: string;
  reader: 'user' | 'staff';
  read_at: string;
}
export interface ChatRoomPushData {
  room: ChatRoomDto;
}
const contentSchema = () =>
  z.string({ error: m.empty }).check(z.trim(), z.minLength(1, m.empty), z.maxLength(CHAT_MESSAGE_MAX, m.tooLong));

/** POST /api/chat/rooms/{id}/messages, POST /api/chat/messages and the widget's input. */
export const chatMessageSchema = deferred(() => z.object({ content: contentSchema() }));
export type ChatMessageBody = z.output<typeof chatMessageSchema>;

/** POST /api/chat/rooms: the name is optional (the server names the room after the user). */
export const chatRoomCreateSchema = deferred(() =>
  z.object({
    name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(CHAT_ROOM_NAME_MAX, m.roomNameTooLong))),
  }),
);
export type ChatRoomCreateBody = z.output<typeof chatRoomCreateSchema>;

/** GET /api/chat/rooms (`status` filters for staff). */
export const CHAT_ROOMS_PAGE_DEFAULT = 50;
const CHAT_ROOMS_PAGE_MAX = 200;
/**
 * GET /api/chat/rooms. Staff's inbox: a page of rooms by last activity (`cursor` = the previous page's
 * `nextCursor`), one status, only rooms with unread user messages, or one user's room (`user` = id,
 * login id or a part of the name).
 */
export const chatRoomListQuerySchema = deferred(() =>
  z.object({
    status: z.optional(z.enum(CHAT_ROOM_STATUSES, { error: m.statusInvalid })),
    unread: z.optional(
      z.pipe(
        z.enum(['true', 'false'], { error: m.unreadFilterInvalid }),
        z.transform((v) => v === 'true'),
      ),
    ),
    user: z.optional(z.string().check(z.trim(), z.maxLength(64, { error: m.userSearchTooLong }))),
    limit: z._default(
      z.coerce
        .number({ error: m.roomLimitInvalid(CHAT_ROOMS_PAGE_MAX) })
        .check(
          z.int({ error: m.roomLimitInvalid(CHAT_ROOMS_PAGE_MAX) }),
          z.gte(1, { error: m.roomLimitInvalid(CHAT_ROOMS_PAGE_MAX) }),
          z.lte(CHAT_ROOMS_PAGE_MAX, { error: m.roomLimitInvalid(CHAT_ROOMS_PAGE_MAX) }),
        ),
      CHAT_ROOMS_PAGE_DEFAULT,
    ),
    cursor: z.optional(
      z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9A-HJKMNP-TV-Z]{26}$/, { error: m.roomCursorInvalid })),
    ),
  }),
);
export type ChatRoomListQuery = z.output<typeof chatRoomListQuerySchema>;

/** A message id: a 26-character ULID. */
const messageIdSchema = () => z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, m.afterInvalid));

/** GET /api/chat/rooms/{id}/messages: `offset` counts back from the newest; `after` only newer ones. */
export const chatMessageListQuerySchema = deferred(() =>
  z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(CHAT_MESSAGES_MAX)), CHAT_MESSAGES_DEFAULT),
    offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100000)), 0),
    after: z.optional(messageIdSchema()),
  }),
);
export type ChatMessageListQuery = z.output<typeof chatMessageListQuerySchema>;

/** PUT /api/chat/rooms/{id}/status (operators). */
export const chatRoomStatusBodySchema = deferred(() =>
  z.object({ status: z.enum(CHAT_ROOM_STATUSES, { error: m.statusInvalid }) }),
);

export const chatRoomIdPathSchema = deferred(() =>
  z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
);

const cannedReplySchema = () =>
  z.object({
    id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
    title: z
      .string({ error: m.cannedTitleRequired })
      .check(z.trim(), z.minLength(1, m.cannedTitleRequired), z.maxLength(CANNED_TITLE_MAX, m.cannedTitleTooLong)),
    content: z
      .string({ error: m.cannedContentRequired })
      .check(
        z.trim(),
        z.minLength(1, m.cannedContentRequired),
        z.maxLength(CANNED_CONTENT_MAX, m.cannedContentTooLong),
      ),
  });

/** PUT /api/chat/canned-replies (operators): the whole list. An item without an id gets one. */
export const cannedRepliesBodySchema = deferred(() =>
  z.object({ items: z.array(cannedReplySchema()).check(z.maxLength(CANNED_REPLIES_MAX, m.cannedTooMany)) }),
);
export type CannedRepliesBody = z.output<typeof cannedRepliesBodySchema>;
