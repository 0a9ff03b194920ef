import useSWR from 'swr';
import { api } from '@/lib/api-client';

/**
 * The banner's items (pinned, active, within their dates). Loaded on every page of the shell, so this
 * file imports no zod schema (the answer is typed only; the shell stays free of the schema library).
 */
export const pinnedAnnouncementsKey = '/announcements/pinned';
export const getPinnedAnnouncements = () => api.call('GET /api/announcements/pinned');

export function usePinnedAnnouncements() {
  // A failed load hides the banner (a notice bar is not worth an error); no retry storm on every page.
  return useSWR(pinnedAnnouncementsKey, getPinnedAnnouncements, {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
