import type { NotificationContent, SendRecord } from './records';
import { dedupePut, deliveryItems, sendPut, transactUnlessDuplicate } from './write-items';

/** Writing sends (notify()): what every feature's function bundles, nothing more. */
export const notificationSendsStore = {
  async createDirectSend(
    send: SendRecord,
    content: NotificationContent,
    firstRecipients: string[],
    dedupeKey?: string,
  ): Promise<{ duplicate: boolean }> {
    const items = [sendPut(send), ...firstRecipients.flatMap((u) => deliveryItems(send, content, u))];
    if (dedupeKey) items.unshift(dedupePut(dedupeKey, send.groupId, send.createdAt));
    return transactUnlessDuplicate(items, dedupeKey);
  },
};
