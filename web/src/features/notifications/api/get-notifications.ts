import { useMemo } from 'react';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import type { NotificationListQuery, NotificationListResult } from '#shared/schemas/notifications';
import { api } from '@/lib/api-client';

/**
 * GET /notifications: the caller's notifications, newest first, a cursor per page.
 * One cache per filter ('all', 'unread'); the bell, the centre and the page share them, and the
 * realtime bridge writes pushed notifications into them (see notification-cache.ts). The query's
 * schema is the shared notificationListQuerySchema, applied by the server; the typed query here keeps
 * zod out of the chunk every role user loads.
 */
export type NotificationFilter = 'all' | 'unread';
export const NOTIFICATION_PAGE_SIZE = 20;

type PageKey = readonly ['/notifications', NotificationFilter, string];

/** The swr/infinite key of one filter's list (page index → key; null after the last page). */
export const notificationListKey =
  (filter: NotificationFilter) =>
  (index: number, previous: NotificationListResult | null): PageKey | null =>
    index > 0 && !previous?.nextCursor
      ? null
      : (['/notifications', filter, index === 0 ? '' : (previous?.nextCursor ?? '')] as const);

/** The cache key the whole list of a filter is stored under (for mutate). */
export const notificationListCacheKey = (filter: NotificationFilter) => unstable_serialize(notificationListKey(filter));

export function getNotifications(query: Partial<NotificationListQuery>) {
  return api.call('GET /api/notifications', {
    query: {
      isRead: query.isRead === undefined ? undefined : query.isRead ? 'true' : 'false',
      type: query.type,
      limit: query.limit,
      cursor: query.cursor,
    },
  });
}

const fetchPage = ([, filter, cursor]: PageKey) =>
  getNotifications({
    isRead: filter === 'unread' ? false : undefined,
    limit: NOTIFICATION_PAGE_SIZE,
    cursor: cursor || undefined,
  });

export function useNotificationList(filter: NotificationFilter, enabled = true) {
  const result = useSWRInfinite(enabled ? notificationListKey(filter) : () => null, fetchPage, {
    revalidateFirstPage: false,
    revalidateOnFocus: false,
  });
  const { data } = result;
  const items = useMemo(() => (data ?? []).flatMap((page) => page.items), [data]);
  return {
    ...result,
    items,
    hasMore: !!data?.at(-1)?.nextCursor,
    loadMore: () => result.setSize((size) => size + 1),
  };
}
