import {
  notificationHistoryQuerySchema,
  notificationIdPathSchema,
  notificationListQuerySchema,
  notificationSendSchema,
  notificationTestSchema,
} from '#shared/schemas/notifications';
import * as Inbox from '../domain/notifications/inbox';
import * as Sends from '../domain/notifications/operator-sends';
import { defineGroup, op, reply } from '../http/api-handler';
import { notificationRoutes } from '#infra/routes/notifications';

/** Notifications (issue 13): a user's own inbox, the test generator, the operator's send and history. */
const id = notificationIdPathSchema;

export const handler = defineGroup(notificationRoutes, {
  list: op({ query: notificationListQuerySchema }, ({ query }, ctx) => Inbox.listNotifications(ctx.user, query)),
  unreadCount: op({}, (_, ctx) => Inbox.unreadCount(ctx.user)),
  markRead: op({ path: id }, ({ path }, ctx) => Inbox.markRead(ctx.user, path.id)),
  dismiss: op({ path: id }, ({ path }, ctx) => Inbox.dismiss(ctx.user, path.id)),
  markAllRead: op({}, (_, ctx) => Inbox.markAllRead(ctx.user)),
  readAll: op({}, (_, ctx) => Inbox.markAllRead(ctx.user)),
  deleteRead: op({}, (_, ctx) => Inbox.deleteRead(ctx.user)),
  remove: op({ path: id }, ({ path }, ctx) => Inbox.removeNotification(ctx.user, path.id)),
  test: op({ body: notificationTestSchema }, async ({ body }, ctx) =>
    reply(await Inbox.sendTestNotification(ctx.user, body), { status: 201 }),
  ),
  send: op({ body: notificationSendSchema }, async ({ body }, ctx) =>
    reply(await Sends.sendByOperator(ctx.user, body), { status: 201 }),
  ),
  history: op({ query: notificationHistoryQuerySchema }, ({ query }, ctx) => Sends.sendHistory(ctx.user, query)),
});
