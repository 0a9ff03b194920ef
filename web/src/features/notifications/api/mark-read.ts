import type { MarkReadResult } from '#shared/schemas/notifications';
import { api, ApiError } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';
import { useNotificationCache } from './notification-cache';

/** PUT /notifications/{id}/read: sets read_at and dismissed_at. A 404 is ignored (the notification is already gone). */
/**
 * Input: the id of one of the caller's notifications, checked by the server with the shared
 * notificationIdPathSchema. Not parsed here: that schema would pull zod into the chunk every role
 * user loads on every page.
 */
async function markNotificationRead(id: string): Promise<MarkReadResult | null> {
  try {
    return await api.call('PUT /api/notifications/{id}/read', { path: { id } });
  } catch (error) {
    // Deleted elsewhere (another tab) or never ours: nothing to mark.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useMarkRead() {
  const cache = useNotificationCache();
  return useAction('mark read', markNotificationRead, {
    onSuccess: (result) => {
      if (!result) return;
      void cache.setUnreadCount(result.unreadCount);
      void cache.patchItems((item, filter) =>
        item.id !== result.id
          ? item
          : filter === 'unread'
            ? null
            : {
                ...item,
                is_read: true,
                read_status: 'read',
                read_at: result.read_at,
                dismissed_at: item.dismissed_at ?? result.read_at,
              },
      );
    },
  });
}
