import type { Announcement } from '#shared/announcements';
import type { AnnouncementInput, UpdateAnnouncement } from '#shared/schemas/announcements';
import { api } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';

/**
 * The schemas the server parses (create/update): the dialog validates with the same ones, loaded on
 * the first save so zod is not part of the management page's first load.
 */
export const loadAnnouncementSchemas = () => import('#shared/schemas/announcements');

const createAnnouncement = (input: AnnouncementInput) => api.call('POST /api/announcements', { body: input });
const updateAnnouncement = (id: string, input: UpdateAnnouncement) =>
  api.call('PUT /api/announcements/{id}', { path: { id }, body: input });
const deleteAnnouncement = (id: string) => api.call('DELETE /api/announcements/{id}', { path: { id } });

type SaveArg =
  | { kind: 'create'; input: AnnouncementInput }
  | { kind: 'update'; id: string; input: UpdateAnnouncement }
  | { kind: 'delete'; id: string };

const saveAnnouncement = (arg: SaveArg): Promise<Announcement | { deleted: string }> =>
  arg.kind === 'create'
    ? createAnnouncement(arg.input)
    : arg.kind === 'update'
      ? updateAnnouncement(arg.id, arg.input)
      : deleteAnnouncement(arg.id);

/** Every list (user page, management page), the banner and an open one read again, also after a failure. */
export const useSaveAnnouncement = () =>
  useAction('save announcement', saveAnnouncement, {
    invalidates: ['GET /api/announcements', 'GET /api/announcements/pinned', 'GET /api/announcements/{id}'],
    invalidatesOnError: true,
  });
