import type { RouteDef } from '../route-types';

/**
 * The `notifications` group (issue 13): each user's own notifications, the operator's send and history.
 * Literal segments (`/unread-count`, `/mark-all-read`, `/delete-read`, `/all`, `/test`) beat `{id}`.
 */
export const notificationRoutes = [
  { method: 'GET', path: '/api/notifications', group: 'notifications', op: 'list', access: 'user' },
  { method: 'GET', path: '/api/notifications/unread-count', group: 'notifications', op: 'unreadCount', access: 'user' },
  { method: 'PUT', path: '/api/notifications/{id}/read', group: 'notifications', op: 'markRead', access: 'user' },
  { method: 'PUT', path: '/api/notifications/{id}/dismiss', group: 'notifications', op: 'dismiss', access: 'user' },
  {
    method: 'PUT',
    path: '/api/notifications/mark-all-read',
    group: 'notifications',
    op: 'markAllRead',
    access: 'user',
  },
  { method: 'PUT', path: '/api/notifications/read-all', group: 'notifications', op: 'readAll', access: 'user' },
  {
    method: 'DELETE',
    path: '/api/notifications/delete-read',
    group: 'notifications',
    op: 'deleteRead',
    access: 'user',
  },
  { method: 'DELETE', path: '/api/notifications/{id}', group: 'notifications', op: 'remove', access: 'user' },
  { method: 'POST', path: '/api/notifications/test', group: 'notifications', op: 'test', access: 'user' },
  { method: 'POST', path: '/api/notifications', group: 'notifications', op: 'send', access: 'operator' },
  { method: 'GET', path: '/api/notifications/all', group: 'notifications', op: 'history', access: 'operator' },
] as const satisfies readonly RouteDef[];
