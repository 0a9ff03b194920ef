import * as Announcements from '../domain/announcements/announcement-service';
import * as Images from '../domain/announcements/images';
import { defineGroup, reply } from '../http/api-handler';
import { announcementRoutes } from '#shared/contract/routes/announcements';

/** Announcements: lists, the banner's pinned ones, opening one (counts a view), operator writes and images. */
export const handler = defineGroup(announcementRoutes, {
  list: ({ query }, ctx) => Announcements.listAnnouncements(ctx.user, query),

  pinned: (_, ctx) => Announcements.listPinned(ctx.user),

  open: ({ path }, ctx) => Announcements.openAnnouncement(ctx.user, path.id),

  create: async ({ body }, ctx) => reply(await Announcements.createAnnouncement(ctx.user, body), { status: 201 }),

  update: ({ path, body }, ctx) => Announcements.updateAnnouncement(ctx.user, path.id, body),

  remove: ({ path }, ctx) => Announcements.deleteAnnouncement(ctx.user, path.id),

  requestImageUpload: async ({ body }, ctx) => reply(await Images.requestImageUpload(ctx.user, body), { status: 201 }),

  confirmImageUpload: ({ path }, ctx) => Images.confirmImageUpload(ctx.user, path.uploadId),
});
