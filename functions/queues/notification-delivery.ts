import { deliverBroadcastStep, deliveryMessageSchema } from '../domain/notifications/broadcast-delivery';
import { workQueueConsumer } from './consumer';

/** Work queue `notification-delivery` (infra/work-queues.ts): a broadcast's pages of connections. */
export const handler = workQueueConsumer('notification-delivery', deliveryMessageSchema, (message) =>
  deliverBroadcastStep(message),
);
