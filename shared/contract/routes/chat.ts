import { answerOf, type RouteContract } from '../route';
import {
  cannedRepliesBodySchema,
  chatMessageListQuerySchema,
  chatMessageSchema,
  chatRoomCreateSchema,
  chatRoomIdPathSchema,
  chatRoomListQuerySchema,
  chatRoomStatusBodySchema,
  type CannedRepliesResult,
  type ChatCustomerContext,
  type ChatFirstMessageResult,
  type ChatMessageDto,
  type ChatMessageListResult,
  type ChatReadResult,
  type ChatRoomDto,
  type ChatRoomListResult,
  type ChatUnreadCountResult,
} from '../../schemas/chat';

const id = chatRoomIdPathSchema;

/**
 * The `chat` group: the advertiser's support chat and the operator inbox. Literal segments
 * (`/unread-count`, `/canned-replies`, `/messages`) never clash with `{id}`. POST /rooms and POST /messages
 * are open to every signed-in account at the guard; the domain refuses staff (403): only advertisers open rooms.
 * PUT /rooms/{id}/status is too, and the domain refuses a role user with its own text (403 `staffOnly`).
 */
export const chatRoutes = [
  {
    method: 'POST',
    path: '/api/chat/rooms',
    group: 'chat',
    op: 'createRoom',
    access: 'user',
    input: { body: chatRoomCreateSchema },
    answer: answerOf<ChatRoomDto>(),
  },
  {
    method: 'GET',
    path: '/api/chat/rooms',
    group: 'chat',
    op: 'listRooms',
    access: 'user',
    input: { query: chatRoomListQuerySchema },
    answer: answerOf<ChatRoomListResult>(),
  },
  {
    method: 'GET',
    path: '/api/chat/rooms/{id}/messages',
    group: 'chat',
    op: 'listMessages',
    access: 'user',
    input: { path: id, query: chatMessageListQuerySchema },
    answer: answerOf<ChatMessageListResult>(),
  },
  {
    method: 'POST',
    path: '/api/chat/rooms/{id}/messages',
    group: 'chat',
    op: 'sendMessage',
    access: 'user',
    input: { path: id, body: chatMessageSchema },
    answer: answerOf<ChatMessageDto>(),
  },
  {
    method: 'POST',
    path: '/api/chat/messages',
    group: 'chat',
    op: 'sendFirstMessage',
    access: 'user',
    input: { body: chatMessageSchema },
    answer: answerOf<ChatFirstMessageResult>(),
  },
  {
    method: 'PUT',
    path: '/api/chat/rooms/{id}/read',
    group: 'chat',
    op: 'markRead',
    access: 'user',
    input: { path: id },
    answer: answerOf<ChatReadResult>(),
  },
  {
    method: 'GET',
    path: '/api/chat/unread-count',
    group: 'chat',
    op: 'unreadCount',
    access: 'user',
    answer: answerOf<ChatUnreadCountResult>(),
  },
  {
    method: 'PUT',
    path: '/api/chat/rooms/{id}/status',
    group: 'chat',
    op: 'setStatus',
    access: 'user',
    input: { path: id, body: chatRoomStatusBodySchema },
    answer: answerOf<ChatRoomDto>(),
  },
  {
    method: 'GET',
    path: '/api/chat/rooms/{id}/context',
    group: 'chat',
    op: 'customerContext',
    access: 'operator',
    input: { path: id },
    answer: answerOf<ChatCustomerContext>(),
  },
  {
    method: 'GET',
    path: '/api/chat/canned-replies',
    group: 'chat',
    op: 'cannedReplies',
    access: 'operator',
    answer: answerOf<CannedRepliesResult>(),
  },
  {
    method: 'PUT',
    path: '/api/chat/canned-replies',
    group: 'chat',
    op: 'saveCannedReplies',
    access: 'operator',
    input: { body: cannedRepliesBodySchema },
    answer: answerOf<CannedRepliesResult>(),
  },
] as const satisfies readonly RouteContract[];
