import {
  cannedRepliesBodySchema,
  chatMessageListQuerySchema,
  chatMessageSchema,
  chatRoomCreateSchema,
  chatRoomIdPathSchema,
  chatRoomListQuerySchema,
  chatRoomStatusBodySchema,
} from '#shared/schemas/chat';
import * as Rooms from '../domain/chat/rooms';
import * as Messages from '../domain/chat/messages';
import * as Context from '../domain/chat/customer-context';
import * as Canned from '../domain/chat/canned-replies';
import { defineGroup, op, reply } from '../http/api-handler';
import { chatRoutes } from '#infra/routes/chat';

/** Support chat (issue 14): the advertiser's room and messages, the operator inbox, its context and canned replies. */
const id = chatRoomIdPathSchema;

export const handler = defineGroup(chatRoutes, {
  createRoom: op({ body: chatRoomCreateSchema }, async ({ body }, ctx) =>
    reply(await Rooms.openRoom(ctx.user, body), { status: 201 }),
  ),
  listRooms: op({ query: chatRoomListQuerySchema }, ({ query }, ctx) => Rooms.listRooms(ctx.user, query)),
  listMessages: op({ path: id, query: chatMessageListQuerySchema }, ({ path, query }, ctx) =>
    Messages.listMessages(ctx.user, path.id, query),
  ),
  sendMessage: op({ path: id, body: chatMessageSchema }, async ({ path, body }, ctx) =>
    reply(await Messages.sendMessage(ctx.user, path.id, body, { ip: ctx.ip }), { status: 201 }),
  ),
  sendFirstMessage: op({ body: chatMessageSchema }, async ({ body }, ctx) =>
    reply(await Messages.sendFirstMessage(ctx.user, body, { ip: ctx.ip }), { status: 201 }),
  ),
  markRead: op({ path: id }, ({ path }, ctx) => Messages.markRead(ctx.user, path.id)),
  unreadCount: op({}, (_, ctx) => Rooms.unreadCount(ctx.user)),
  setStatus: op({ path: id, body: chatRoomStatusBodySchema }, ({ path, body }, ctx) =>
    Rooms.setStatus(ctx.user, path.id, body.status),
  ),
  customerContext: op({ path: id }, ({ path }, ctx) => Context.customerContext(ctx.user, path.id)),
  cannedReplies: op({}, () => Canned.listCannedReplies()),
  saveCannedReplies: op({ body: cannedRepliesBodySchema }, ({ body }, ctx) => Canned.saveCannedReplies(ctx.user, body)),
});
