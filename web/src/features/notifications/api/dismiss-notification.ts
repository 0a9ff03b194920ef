import type { DismissResult } from '#shared/schemas/notifications';
import { api, ApiError } from '@/lib/api-client';

/** PUT /notifications/{id}/dismiss: a closed toast; sets dismissed_at only, so it never toasts again. */
/**
 * Input: the id of one of the caller's notifications, checked by the server with the shared
 * notificationIdPathSchema. Not parsed here: that schema would pull zod into the chunk every role
 * user loads on every page.
 */
export async function dismissNotification(id: string): Promise<DismissResult | null> {
  try {
    return await api.call('PUT /api/notifications/{id}/dismiss', { path: { id } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
