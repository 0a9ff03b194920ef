import useSWR from 'swr';
import type { NotificationHistoryQuery } from '#shared/schemas/notifications';
import { api } from '@/lib/api-client';

/**
 * The query schema the server parses (sender, type, fromDate, toDate, page, limit). The page builds
 * its query from fixed choices, so it never needs it at first load.
 */
export const loadNotificationHistoryQuerySchema = () =>
  import('#shared/schemas/notifications').then((m) => m.notificationHistoryQuerySchema);
export type NotificationHistoryParams = Partial<NotificationHistoryQuery>;

export const notificationHistoryPath = '/notifications/all';
export const notificationHistoryKey = (query: NotificationHistoryParams) => [notificationHistoryPath, query] as const;
/** Matches every cached history page (refreshed after a send). */
export const isNotificationHistoryKey = (key: unknown) => Array.isArray(key) && key[0] === notificationHistoryPath;

/** GET /api/notifications/all (operators): one row per send with read counts, plus the stat cards' figures. */
export const getNotificationHistory = (query: NotificationHistoryParams) =>
  api.call('GET /api/notifications/all', { query });

export function useNotificationHistory(query: NotificationHistoryParams) {
  return useSWR(notificationHistoryKey(query), ([, q]) => getNotificationHistory(q), { keepPreviousData: true });
}
