import {
  announcementIdPathSchema,
  createAnnouncementSchema,
  imageUploadPathSchema,
  imageUploadRequestSchema,
  listAnnouncementsQuerySchema,
  updateAnnouncementSchema,
} from '#shared/schemas/announcements';
import * as Announcements from '../domain/announcements/announcement-service';
import * as Images from '../domain/announcements/images';
import { defineGroup, op, reply } from '../http/api-handler';
import { announcementRoutes } from '#infra/routes/announcements';

/** Announcements (issue 15): lists, the banner's pinned ones, opening one (counts a view), operator writes and images. */
export const handler = defineGroup(announcementRoutes, {
  list: op({ query: listAnnouncementsQuerySchema }, ({ query }, ctx) =>
    Announcements.listAnnouncements(ctx.user, query),
  ),

  pinned: op({}, (_, ctx) => Announcements.listPinned(ctx.user)),

  open: op({ path: announcementIdPathSchema }, ({ path }, ctx) => Announcements.openAnnouncement(ctx.user, path.id)),

  create: op({ body: createAnnouncementSchema }, async ({ body }, ctx) =>
    reply(await Announcements.createAnnouncement(ctx.user, body), { status: 201 }),
  ),

  update: op({ path: announcementIdPathSchema, body: updateAnnouncementSchema }, ({ path, body }, ctx) =>
    Announcements.updateAnnouncement(ctx.user, path.id, body),
  ),

  remove: op({ path: announcementIdPathSchema }, ({ path }, ctx) =>
    Announcements.deleteAnnouncement(ctx.user, path.id),
  ),

  requestImageUpload: op({ body: imageUploadRequestSchema }, async ({ body }, ctx) =>
    reply(await Images.requestImageUpload(ctx.user, body), { status: 201 }),
  ),

  confirmImageUpload: op({ path: imageUploadPathSchema }, ({ path }, ctx) =>
    Images.confirmImageUpload(ctx.user, path.uploadId),
  ),
});
