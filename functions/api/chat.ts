import * as Rooms from '../domain/chat/rooms';
import * as Messages from '../domain/chat/messages';
import * as Context from '../domain/chat/customer-context';
import * as Canned from '../domain/chat/canned-replies';
import { defineGroup, reply } from '../http/api-handler';
import { chatRoutes } from '#shared/contract/routes/chat';

/** Support chat: the advertiser's room and messages, the operator inbox, its context and canned replies. */
export const handler = defineGroup(chatRoutes, {
  createRoom: async ({ body }, ctx) => reply(await Rooms.openRoom(ctx.user, body), { status: 201 }),
  listRooms: ({ query }, ctx) => Rooms.listRooms(ctx.user, query),
  listMessages: ({ path, query }, ctx) => Messages.listMessages(ctx.user, path.id, query),
  sendMessage: async ({ path, body }, ctx) =>
    reply(await Messages.sendMessage(ctx.user, path.id, body, { ip: ctx.ip }), { status: 201 }),
  sendFirstMessage: async ({ body }, ctx) =>
    reply(await Messages.sendFirstMessage(ctx.user, body, { ip: ctx.ip }), { status: 201 }),
  markRead: ({ path }, ctx) => Messages.markRead(ctx.user, path.id),
  unreadCount: (_, ctx) => Rooms.unreadCount(ctx.user),
  setStatus: ({ path, body }, ctx) => Rooms.setStatus(ctx.user, path.id, body.status),
  customerContext: ({ path }, ctx) => Context.customerContext(ctx.user, path.id),
  cannedReplies: () => Canned.listCannedReplies(),
  saveCannedReplies: ({ body }, ctx) => Canned.saveCannedReplies(ctx.user, body),
});
