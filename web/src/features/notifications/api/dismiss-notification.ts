import useSWRMutation from 'swr/mutation';
import { notificationIdPathSchema, type DismissResult } from '#shared/schemas/notifications';
import { api, ApiError } from '@/lib/api-client';
import { useNotificationCache } from './notification-cache';

/** PUT /notifications/{id}/dismiss: a closed toast; sets dismissed_at only, so it never toasts again. */
export const dismissSchema = notificationIdPathSchema;
export const dismissKey = '/notifications/dismiss';

export async function dismissNotification(id: string): Promise<DismissResult | null> {
  const { id: safeId } = dismissSchema.parse({ id });
  try {
    return await api.put<DismissResult>(`/notifications/${encodeURIComponent(safeId)}/dismiss`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useDismissNotification() {
  const cache = useNotificationCache();
  return useSWRMutation(dismissKey, (_key: string, { arg: id }: { arg: string }) => dismissNotification(id), {
    throwOnError: false,
    onSuccess: (result) => {
      if (!result) return;
      void cache.patchItems((item) => (item.id === result.id ? { ...item, dismissed_at: result.dismissed_at } : item));
    },
  });
}
