import useSWR from 'swr';
import type { Announcement } from '#shared/announcements';
import { api, type AnswerTo } from '@/lib/api-client';

/** The query the server parses with `listAnnouncementsQuerySchema` (#shared/schemas/announcements). */
export interface AnnouncementsQuery {
  limit: number;
  /** The users' list: which page of `limit` (the management list pages by `cursor`). */
  page?: number;
  /** Operators only (the management page); the server ignores it for users. */
  includeInactive?: boolean;
  /** The management list's server-side search, filters and cursor (operators). */
  search?: string;
  category?: Announcement['category'];
  active?: 'active' | 'inactive';
  cursor?: string;
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
    query: {
      limit: query.limit,
      page: query.page,
      ...(query.includeInactive ? { includeInactive: true } : {}),
      search: query.search || undefined,
      category: query.category,
      active: query.active,
      cursor: query.cursor,
    },
  });

export function useAnnouncements(query: AnnouncementsQuery) {
  return useSWR(announcementsKey(query), ([, q]) => getAnnouncements(q), { keepPreviousData: true });
}
