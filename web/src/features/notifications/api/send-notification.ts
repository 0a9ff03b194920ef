import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { notificationSendSchema, type NotificationSendBody, type SendResult } from '#shared/schemas/notifications';
import { api } from '@/lib/api-client';
import { isNotificationHistoryKey } from './notification-history';

/** The schema the server parses the body with; the form validates with it too. */
export { notificationSendSchema, type NotificationSendBody };

export const sendNotificationPath = '/notifications';
export const sendNotificationKey = `${sendNotificationPath}#send`;

/** POST /api/notifications (operators): one send to 'all', one user or a list → its group id and head count. */
export const sendNotification = (body: NotificationSendBody) => api.post<SendResult>(sendNotificationPath, body);

export function useSendNotification() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(sendNotificationKey, async (_key: string, { arg }: { arg: NotificationSendBody }) => {
    const result = await sendNotification(arg);
    // The new send heads the history and moves its stat cards.
    await mutate(isNotificationHistoryKey);
    return result;
  });
}
