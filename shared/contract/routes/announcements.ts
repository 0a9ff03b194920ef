import { answerOf, type RouteContract } from '../route';
import type { Announcement, ImageContentType, ImageUploadTicket } from '../../announcements';
import {
  announcementIdPathSchema,
  createAnnouncementSchema,
  imageUploadPathSchema,
  imageUploadRequestSchema,
  listAnnouncementsQuerySchema,
  updateAnnouncementSchema,
} from '../../schemas/announcements';

const id = announcementIdPathSchema;

/** The `announcements` group: advertisers read the live announcements, operators manage them. */
export const announcementRoutes = [
  {
    method: 'GET',
    path: '/api/announcements',
    group: 'announcements',
    op: 'list',
    access: 'user',
    input: { query: listAnnouncementsQuerySchema },
    answer: answerOf<{ announcements: Announcement[]; total: number; nextCursor?: string }>(),
  },
  {
    method: 'GET',
    path: '/api/announcements/pinned',
    group: 'announcements',
    op: 'pinned',
    access: 'user',
    answer: answerOf<Announcement[]>(),
  },
  // opening one counts a view
  {
    method: 'GET',
    path: '/api/announcements/{id}',
    group: 'announcements',
    op: 'open',
    access: 'user',
    input: { path: id },
    answer: answerOf<Announcement>(),
  },
  {
    method: 'POST',
    path: '/api/announcements',
    group: 'announcements',
    op: 'create',
    access: 'operator',
    input: { body: createAnnouncementSchema },
    answer: answerOf<Announcement>(),
  },
  {
    method: 'PUT',
    path: '/api/announcements/{id}',
    group: 'announcements',
    op: 'update',
    access: 'operator',
    input: { path: id, body: updateAnnouncementSchema },
    answer: answerOf<Announcement>(),
  },
  {
    method: 'DELETE',
    path: '/api/announcements/{id}',
    group: 'announcements',
    op: 'remove',
    access: 'operator',
    input: { path: id },
    answer: answerOf<{ deleted: string }>(),
  },
  // images: a ticket to upload the bytes (S3 presigned POST / the local server), then a checked confirm
  {
    method: 'POST',
    path: '/api/announcements/images',
    group: 'announcements',
    op: 'requestImageUpload',
    access: 'operator',
    input: { body: imageUploadRequestSchema },
    answer: answerOf<ImageUploadTicket>(),
  },
  {
    method: 'POST',
    path: '/api/announcements/images/{uploadId}/confirm',
    group: 'announcements',
    op: 'confirmImageUpload',
    access: 'operator',
    input: { path: imageUploadPathSchema },
    answer: answerOf<{ url: string; contentType: ImageContentType; size: number }>(),
  },
] as const satisfies readonly RouteContract[];
