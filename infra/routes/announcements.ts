import type { RouteDef } from '../route-types';

/** The `announcements` group's routes (advertiser-area §7, operator-console §7; issue 15). */
export const announcementRoutes = [
  { method: 'GET', path: '/api/announcements', group: 'announcements', op: 'list', access: 'user' },
  { method: 'GET', path: '/api/announcements/pinned', group: 'announcements', op: 'pinned', access: 'user' },
  { method: 'GET', path: '/api/announcements/{id}', group: 'announcements', op: 'open', access: 'user' },
  { method: 'POST', path: '/api/announcements', group: 'announcements', op: 'create', access: 'operator' },
  { method: 'PUT', path: '/api/announcements/{id}', group: 'announcements', op: 'update', access: 'operator' },
  { method: 'DELETE', path: '/api/announcements/{id}', group: 'announcements', op: 'remove', access: 'operator' },
  // images: a ticket to upload the bytes (S3 presigned POST / the local server), then a checked confirm
  {
    method: 'POST',
    path: '/api/announcements/images',
    group: 'announcements',
    op: 'requestImageUpload',
    access: 'operator',
  },
  {
    method: 'POST',
    path: '/api/announcements/images/{uploadId}/confirm',
    group: 'announcements',
    op: 'confirmImageUpload',
    access: 'operator',
  },
] as const satisfies readonly RouteDef[];
