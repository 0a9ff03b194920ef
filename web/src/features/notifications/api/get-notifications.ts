import { useMemo } from 'react';
import type { PageInput } from '@/lib/route-pages';
import { routePagesCacheKey, useRoutePages } from '@/lib/route-pages';

/**
 * GET /notifications: the caller's notifications, newest first, a cursor per page.
 * One cache per filter ('all', 'unread'); the bell, the centre and the page share them, and the
 * realtime bridge writes pushed notifications into them (see notification-cache.ts). The query's
 * schema is the shared notificationListQuerySchema, applied by the server; the typed query here keeps
 * zod out of the chunk every role user loads.
 */
export type NotificationFilter = 'all' | 'unread';
const NOTIFICATION_PAGE_SIZE = 20;

/** One filter's pages: the first without a cursor, each next one after the previous page's cursor. */
const pagesOf =
  (filter: NotificationFilter): PageInput<'GET /api/notifications'> =>
  (index, previous) =>
    index > 0 && !previous?.nextCursor
      ? null
      : {
          query: {
            isRead: filter === 'unread' ? 'false' : undefined,
            limit: NOTIFICATION_PAGE_SIZE,
            cursor: index === 0 ? undefined : (previous?.nextCursor ?? undefined),
          },
        };

/** The cache key the whole list of a filter is stored under (for mutate). */
export const notificationListCacheKey = (filter: NotificationFilter) =>
  routePagesCacheKey('GET /api/notifications', pagesOf(filter));

export function useNotificationList(filter: NotificationFilter, enabled = true) {
  const result = useRoutePages('GET /api/notifications', enabled ? pagesOf(filter) : null, {
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
