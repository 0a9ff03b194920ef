import * as Inbox from '../domain/notifications/inbox';
import * as Sends from '../domain/notifications/operator-sends';
import { defineGroup, reply } from '../http/api-handler';
import { notificationRoutes } from '#shared/contract/routes/notifications';

/** Notifications: a user's own inbox, the test generator, the operator's send and history. */
export const handler = defineGroup(notificationRoutes, {
  list: ({ query }, ctx) => Inbox.listNotifications(ctx.user, query),
  unreadCount: (_, ctx) => Inbox.unreadCount(ctx.user),
  markRead: ({ path }, ctx) => Inbox.markRead(ctx.user, path.id),
  dismiss: ({ path }, ctx) => Inbox.dismiss(ctx.user, path.id),
  markAllRead: (_, ctx) => Inbox.markAllRead(ctx.user),
  readAll: (_, ctx) => Inbox.markAllRead(ctx.user),
  deleteRead: (_, ctx) => Inbox.deleteRead(ctx.user),
  remove: ({ path }, ctx) => Inbox.removeNotification(ctx.user, path.id),
  test: async ({ body }, ctx) => reply(await Inbox.sendTestNotification(ctx.user, body), { status: 201 }),
  send: async ({ body }, ctx) => reply(await Sends.sendByOperator(ctx.user, body), { status: 201 }),
  history: ({ query }, ctx) => Sends.sendHistory(ctx.user, query),
});
