import type { DeleteResult } from '#shared/schemas/notifications';
import { api, ApiError } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';
import { useNotificationCache } from './notification-cache';

/** DELETE /notifications/{id}: gone for good (a 404 means it already is). */
/**
 * Input: the id of one of the caller's notifications, checked by the server with the shared
 * notificationIdPathSchema. Not parsed here: that schema would pull zod into the chunk every role
 * user loads on every page.
 */
async function deleteNotification(
  id: string,
): Promise<(DeleteResult & { id: string }) | { id: string; deleted: false }> {
  try {
    return { ...(await api.call('DELETE /api/notifications/{id}', { path: { id } })), id };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { id, deleted: false };
    throw error;
  }
}

export function useDeleteNotification() {
  const cache = useNotificationCache();
  return useAction('delete notification', deleteNotification, {
    onSuccess: (result) => {
      if ('unreadCount' in result) void cache.setUnreadCount(result.unreadCount);
      void cache.patchItems((item) => (item.id === result.id ? null : item));
    },
  });
}
