import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { NotificationDto, NotificationListResult, UnreadCountResult } from '#shared/schemas/notifications';
import { notificationListCacheKey, type NotificationFilter } from './get-notifications';
import { unreadCountKey } from './get-unread-count';

type Pages = NotificationListResult[] | undefined;
const filters: NotificationFilter[] = ['all', 'unread'];

/**
 * Writes answers and pushes into the list and count caches without another request (realtime first:
 * a push must not trigger a fetch). Uses the SWR cache of the surrounding provider.
 */
export function useNotificationCache() {
  const { mutate } = useSWRConfig();

  const patchItems = useCallback(
    (change: (item: NotificationDto, filter: NotificationFilter) => NotificationDto | null) =>
      Promise.all(
        filters.map((filter) =>
          mutate(
            notificationListCacheKey(filter),
            (pages: Pages) =>
              pages?.map((page) => ({ ...page, items: page.items.flatMap((item) => change(item, filter) ?? []) })),
            { revalidate: false },
          ),
        ),
      ),
    [mutate],
  );

  const setUnreadCount = useCallback(
    (count: number) => mutate(unreadCountKey, { count } satisfies UnreadCountResult, { revalidate: false }),
    [mutate],
  );

  /** A pushed notification goes on top of each list it belongs to (once). */
  const prepend = useCallback(
    (notification: NotificationDto) =>
      Promise.all(
        filters
          .filter((filter) => filter === 'all' || !notification.is_read)
          .map((filter) =>
            mutate(
              notificationListCacheKey(filter),
              (pages: Pages) => {
                if (!pages?.length) return pages;
                if (pages.some((page) => page.items.some((item) => item.id === notification.id))) return pages;
                const [first, ...rest] = pages;
                return [{ ...first, items: [notification, ...first.items] }, ...rest];
              },
              { revalidate: false },
            ),
          ),
      ),
    [mutate],
  );

  /** Re-reads both lists (after bulk changes: mark all, delete read). */
  const revalidateLists = useCallback(
    () => Promise.all(filters.map((filter) => mutate(notificationListCacheKey(filter)))),
    [mutate],
  );

  return useMemo(
    () => ({ patchItems, setUnreadCount, prepend, revalidateLists }),
    [patchItems, setUnreadCount, prepend, revalidateLists],
  );
}
