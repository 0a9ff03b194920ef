import type { RouteDef } from '../route-types';

/**
 * The `chat` group (issue 14): the advertiser's support chat and the operator inbox. Literal segments
 * (`/unread-count`, `/canned-replies`, `/messages`) never clash with `{id}`. POST /rooms and POST /messages
 * are open to every signed-in account at the guard; the domain refuses staff (403): only advertisers open rooms.
 * PUT /rooms/{id}/status is too, and the domain refuses a role user with its own text (403 `staffOnly`):
 * a route-level 403 text in the shared HTTP adapter would add to every function's bundle.
 */
export const chatRoutes = [
  { method: 'POST', path: '/api/chat/rooms', group: 'chat', op: 'createRoom', access: 'user' },
  { method: 'GET', path: '/api/chat/rooms', group: 'chat', op: 'listRooms', access: 'user' },
  { method: 'GET', path: '/api/chat/rooms/{id}/messages', group: 'chat', op: 'listMessages', access: 'user' },
  { method: 'POST', path: '/api/chat/rooms/{id}/messages', group: 'chat', op: 'sendMessage', access: 'user' },
  { method: 'POST', path: '/api/chat/messages', group: 'chat', op: 'sendFirstMessage', access: 'user' },
  { method: 'PUT', path: '/api/chat/rooms/{id}/read', group: 'chat', op: 'markRead', access: 'user' },
  { method: 'GET', path: '/api/chat/unread-count', group: 'chat', op: 'unreadCount', access: 'user' },
  { method: 'PUT', path: '/api/chat/rooms/{id}/status', group: 'chat', op: 'setStatus', access: 'user' },
  { method: 'GET', path: '/api/chat/rooms/{id}/context', group: 'chat', op: 'customerContext', access: 'operator' },
  { method: 'GET', path: '/api/chat/canned-replies', group: 'chat', op: 'cannedReplies', access: 'operator' },
  { method: 'PUT', path: '/api/chat/canned-replies', group: 'chat', op: 'saveCannedReplies', access: 'operator' },
] as const satisfies readonly RouteDef[];
