import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { useNotificationCache } from './notification-cache';

/** DELETE /notifications/delete-read: removes every read notification ('읽은 알림 삭제'). */
export const deleteReadKey = '/notifications/delete-read';

export const deleteReadNotifications = () => api.call('DELETE /api/notifications/delete-read');

export function useDeleteRead() {
  const cache = useNotificationCache();
  return useSWRMutation(deleteReadKey, () => deleteReadNotifications(), {
    onSuccess: () => {
      void cache.patchItems((item) => (item.is_read ? null : item));
      // Later pages may hold read ones too: read the lists again.
      void cache.revalidateLists();
    },
  });
}
