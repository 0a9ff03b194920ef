import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { NotificationSendBody } from '#shared/schemas/notifications';
import { api } from '@/lib/api-client';
import { isNotificationHistoryKey } from './notification-history';

export type { NotificationSendBody };

/**
 * The schema the server parses the body with; the form validates with it too. Loaded on the first
 * submit (as the sign-in form does): zod is ~40 KB the page can show without.
 */
export const loadSendSchema = () => import('#shared/schemas/notifications').then((m) => m.notificationSendSchema);

export const sendNotificationKey = '/notifications#send';

/** POST /api/notifications (operators): one send to 'all', one user or a list → its group id and head count. */
export const sendNotification = (body: NotificationSendBody) => api.call('POST /api/notifications', { body });

export function useSendNotification() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(sendNotificationKey, async (_key: string, { arg }: { arg: NotificationSendBody }) => {
    const result = await sendNotification(arg);
    // The new send heads the history and moves its stat cards.
    await mutate(isNotificationHistoryKey);
    return result;
  });
}
