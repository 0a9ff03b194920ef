import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { isAnnouncementsKey } from './get-announcements';

/** GET /api/announcements/{id}: opening it counts the caller's view once and marks it read. */
export const announcementKey = (id: string) => `/announcements/${encodeURIComponent(id)}`;
export const openAnnouncement = (id: string) => api.call('GET /api/announcements/{id}', { path: { id } });

export function useOpenAnnouncement(id: string | null) {
  const { mutate } = useSWRConfig();
  return useSWR(id ? announcementKey(id) : null, () => openAnnouncement(id!), {
    revalidateOnFocus: false,
    // The list's read mark and view count change with this open.
    onSuccess: () =>
      void mutate((key) => isAnnouncementsKey(key) && key !== (id ? announcementKey(id) : ''), undefined, {
        revalidate: true,
      }),
  });
}
