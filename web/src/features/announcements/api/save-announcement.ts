import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { AnnouncementInput, UpdateAnnouncement } from '#shared/schemas/announcements';
import { api } from '@/lib/api-client';
import { isAnnouncementsKey } from './get-announcements';

/**
 * The schemas the server parses (create/update): the dialog validates with the same ones, loaded on
 * the first save so zod is not part of the management page's first load.
 */
export const loadAnnouncementSchemas = () => import('#shared/schemas/announcements');

export const saveAnnouncementKey = '/announcements#save';

export const createAnnouncement = (input: AnnouncementInput) => api.call('POST /api/announcements', { body: input });
export const updateAnnouncement = (id: string, input: UpdateAnnouncement) =>
  api.call('PUT /api/announcements/{id}', { path: { id }, body: input });
export const deleteAnnouncement = (id: string) => api.call('DELETE /api/announcements/{id}', { path: { id } });

type SaveArg =
  | { kind: 'create'; input: AnnouncementInput }
  | { kind: 'update'; id: string; input: UpdateAnnouncement }
  | { kind: 'delete'; id: string };

export function useSaveAnnouncement() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(saveAnnouncementKey, async (_key: string, { arg }: { arg: SaveArg }) => {
    try {
      if (arg.kind === 'create') return await createAnnouncement(arg.input);
      if (arg.kind === 'update') return await updateAnnouncement(arg.id, arg.input);
      return await deleteAnnouncement(arg.id);
    } finally {
      await mutate(isAnnouncementsKey);
    }
  });
}
