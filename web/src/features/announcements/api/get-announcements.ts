import useSWR from 'swr';
import { api, type AnswerTo } from '@/lib/api-client';

/** The query the server parses with `listAnnouncementsQuerySchema` (#shared/schemas/announcements). */
export interface AnnouncementsQuery {
  limit: number;
  /** Operators only (the management page); the server ignores it for users. */
  includeInactive?: boolean;
}
export type AnnouncementList = AnswerTo<'GET /api/announcements'>;

export const announcementsPath = '/announcements';
export const announcementsKey = (query: AnnouncementsQuery) => [announcementsPath, query] as const;
/** Every cached list (user page, management page, banner) — refreshed after a write or an open. */
export const isAnnouncementsKey = (key: unknown) =>
  (Array.isArray(key) && String(key[0]).startsWith(announcementsPath)) ||
  (typeof key === 'string' && key.startsWith(announcementsPath));

export const getAnnouncements = (query: AnnouncementsQuery) =>
  api.call('GET /api/announcements', {
    query: { limit: query.limit, ...(query.includeInactive ? { includeInactive: true } : {}) },
  });

export function useAnnouncements(query: AnnouncementsQuery) {
  return useSWR(announcementsKey(query), ([, q]) => getAnnouncements(q), { keepPreviousData: true });
}
