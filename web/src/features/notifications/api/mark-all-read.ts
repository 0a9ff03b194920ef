import { useRouteMutation } from '@/lib/route-data';
import { useNotificationCache } from './notification-cache';

/** PUT /notifications/mark-all-read (alias /read-all): every notification read and dismissed. No input. */
export function useMarkAllRead() {
  const cache = useNotificationCache();
  return useRouteMutation('PUT /api/notifications/mark-all-read', {
    onSuccess: () => {
      const now = new Date().toISOString();
      void cache.setUnreadCount(0);
      void cache.patchItems((item, filter) =>
        filter === 'unread'
          ? null
          : {
              ...item,
              is_read: true,
              read_status: 'read',
              read_at: item.read_at ?? now,
              dismissed_at: item.dismissed_at ?? now,
            },
      );
    },
  });
}
