import { useRouteMutation } from '@/lib/route-data';
import { useNotificationCache } from './notification-cache';

/** DELETE /notifications/delete-read: removes every read notification ('읽은 알림 삭제'). */
export function useDeleteRead() {
  const cache = useNotificationCache();
  return useRouteMutation('DELETE /api/notifications/delete-read', {
    onSuccess: () => {
      void cache.patchItems((item) => (item.is_read ? null : item));
      // Later pages may hold read ones too: read the lists again.
      void cache.revalidateLists();
    },
  });
}
