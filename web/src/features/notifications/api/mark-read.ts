import useSWRMutation from 'swr/mutation';
import { notificationIdPathSchema, type MarkReadResult } from '#shared/schemas/notifications';
import { api, ApiError } from '@/lib/api-client';
import { useNotificationCache } from './notification-cache';

/** PUT /notifications/{id}/read: sets read_at and dismissed_at. A 404 is ignored (advertiser §7). */
export const markReadSchema = notificationIdPathSchema;
export const markReadKey = '/notifications/read';

export async function markNotificationRead(id: string): Promise<MarkReadResult | null> {
  const { id: safeId } = markReadSchema.parse({ id });
  try {
    return await api.put<MarkReadResult>(`/notifications/${encodeURIComponent(safeId)}/read`);
  } catch (error) {
    // Deleted elsewhere (another tab) or never ours: nothing to mark.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useMarkRead() {
  const cache = useNotificationCache();
  return useSWRMutation(markReadKey, (_key: string, { arg: id }: { arg: string }) => markNotificationRead(id), {
    onSuccess: (result) => {
      if (!result) return;
      void cache.setUnreadCount(result.unreadCount);
      void cache.patchItems((item, filter) =>
        item.id !== result.id
          ? item
          : filter === 'unread'
            ? null
            : { ...item, is_read: true, read_status: 'read', read_at: result.read_at, dismissed_at: item.dismissed_at ?? result.read_at },
      );
    },
  });
}
