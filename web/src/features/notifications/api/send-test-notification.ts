import useSWRMutation from 'swr/mutation';
import { notificationTestSchema, type NotificationTestBody } from '#shared/schemas/notifications';
import { api } from '@/lib/api-client';

/** POST /notifications/test: one notification to the caller, through the real pipeline (socket push included). */
export const sendTestSchema = notificationTestSchema;
export const sendTestKey = '/notifications/test';

export const sendTestNotification = (input: NotificationTestBody) =>
  api.call('POST /api/notifications/test', { body: sendTestSchema.parse(input) });

export function useSendTestNotification() {
  return useSWRMutation(sendTestKey, (_key: string, { arg }: { arg: NotificationTestBody }) =>
    sendTestNotification(arg),
  );
}
