import useSWRMutation from 'swr/mutation';
import { notificationIdPathSchema, type DeleteResult } from '#shared/schemas/notifications';
import { api, ApiError } from '@/lib/api-client';
import { useNotificationCache } from './notification-cache';

/** DELETE /notifications/{id}: gone for good (a 404 means it already is). */
export const deleteNotificationSchema = notificationIdPathSchema;
export const deleteNotificationKey = '/notifications/delete';

export async function deleteNotification(id: string): Promise<(DeleteResult & { id: string }) | { id: string; deleted: false }> {
  const { id: safeId } = deleteNotificationSchema.parse({ id });
  try {
    return { ...(await api.delete<DeleteResult>(`/notifications/${encodeURIComponent(safeId)}`)), id: safeId };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { id: safeId, deleted: false };
    throw error;
  }
}

export function useDeleteNotification() {
  const cache = useNotificationCache();
  return useSWRMutation(deleteNotificationKey, (_key: string, { arg: id }: { arg: string }) => deleteNotification(id), {
    onSuccess: (result) => {
      if ('unreadCount' in result) void cache.setUnreadCount(result.unreadCount);
      void cache.patchItems((item) => (item.id === result.id ? null : item));
    },
  });
}
