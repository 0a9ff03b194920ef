import { z } from '#shared/zod';
import type { NotificationDto } from '#shared/schemas/notifications';
import { logger } from '#commons/logger';
import { recordMetric } from '#commons/metrics';
import { isPostThrottled, pushToConnection, PUSH_CONCURRENCY, type PushMessage } from '../../adapters/push';
import { workQueue } from '../../adapters/work-queue';
import { connectionAudiencesStore, type ConnectionRecord } from '../../storage/connections';
import { inParallel } from '#commons/batching';
import { unreadCountsOf } from './views';

/**
 * A broadcast's delivery through the `notification-delivery` work queue (the send answers at once
 * whatever the audience's size): the
 * operator's send stores the notification and enqueues one `scan`; a `scan` reads the audience's
 * connections a page at a time and enqueues each page as a `post` (after 20 pages, a `scan` for the rest);
 * each `post` sends every socket of its page ONE message carrying the notification and that
 * user's unread count. Posts API Gateway throttles go back to the queue as a smaller `post` after
 * a backoff; a gone socket (410) is forgotten. At-least-once: a redelivered message may post again.
 */
export const DELIVERY_PAGE_SIZE = 500;
/** Pages one `scan` reads before it hands the rest on (20 × 500 = 10,000 sockets, well inside the consumer's timeout). */
const SCAN_PAGES_PER_MESSAGE = 20;
/** A throttled socket is tried this many times (each after a longer wait) before it is left to catch up on its next list. */
const MAX_POST_ATTEMPTS = 6;
/** Waits before a throttled remainder is tried again: 1, 2, 4, … s (capped), with jitter. */
const throttleDelaySeconds = (attempt: number) => Math.min(60, 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5);

// [connectionId, userId, role]: short, so a page of 500 stays far below SQS's 256 KiB.
const connectionSchema = z.array(z.string()).check(z.minLength(3), z.maxLength(3));
// The notification as its recipients see it (NotificationDto, built by the send): carried as it is.
const notificationSchema = z.looseObject({ id: z.string(), group_id: z.string() });

export const deliveryMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('scan'),
    audience: z.literal('users'),
    notification: notificationSchema,
    cursor: z.optional(z.record(z.string(), z.unknown())),
  }),
  z.object({
    kind: z.literal('post'),
    notification: notificationSchema,
    connections: z.array(connectionSchema).check(z.minLength(1)),
    attempt: z.number().check(z.int(), z.gte(1)),
  }),
]);
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;

const queue = () => workQueue<DeliveryMessage>('notification-delivery');

/** The send's part: one small message, whatever the audience. */
export async function enqueueBroadcastDelivery(notification: NotificationDto): Promise<void> {
  await queue().send([{ body: { kind: 'scan', audience: 'users', notification: { ...notification } } }]);
}

/** The consumer's part: one message of the queue. */
export async function deliverBroadcastStep(message: DeliveryMessage): Promise<void> {
  if (message.kind === 'scan') return scanPage(message);
  return postPage(message);
}

async function scanPage(message: Extract<DeliveryMessage, { kind: 'scan' }>) {
  // Up to SCAN_PAGES_PER_MESSAGE pages per message: each page goes out as a `post` as soon as it is
  // read, so the reading is not held up by a queue hop per page; the rest continues as a new `scan`.
  let cursor = message.cursor;
  for (let page = 0; page < SCAN_PAGES_PER_MESSAGE; page++) {
    const { connections, next } = await connectionAudiencesStore.pageOfAudience(
      message.audience,
      cursor,
      DELIVERY_PAGE_SIZE,
    );
    const out = [];
    if (connections.length)
      out.push({
        body: {
          kind: 'post' as const,
          notification: message.notification,
          connections: connections.map((c) => [c.connectionId, c.userId, c.role]),
          attempt: 1,
        },
      });
    if (next && page === SCAN_PAGES_PER_MESSAGE - 1) out.push({ body: { ...message, cursor: next } });
    if (out.length) await queue().send(out);
    if (!next) return;
    cursor = next;
  }
}

async function postPage(message: Extract<DeliveryMessage, { kind: 'post' }>) {
  const page = message.connections.map(([connectionId, userId, role]) => ({ connectionId, userId, role }));
  const counts = await unreadCountsOf([
    ...new Map(page.map((c) => [c.userId, { userId: c.userId, role: c.role as ConnectionRecord['role'] }])).values(),
  ]);
  const throttled: string[][] = [];
  let delivered = 0;
  await inParallel(page, PUSH_CONCURRENCY, async (c) => {
    const count = counts.get(c.userId);
    const push: PushMessage = {
      type: 'new_notification',
      data: message.notification,
      ...(count === undefined ? {} : { unread: { count } }),
    };
    try {
      if (await pushToConnection(c.connectionId, push)) delivered++;
    } catch (error) {
      if (isPostThrottled(error)) throttled.push([c.connectionId, c.userId, c.role]);
      else logger.warn('push failed', { connectionId: c.connectionId, error: error as Error });
    }
  });
  recordMetric('BroadcastDeliveries', delivered, {});
  if (!throttled.length) return;
  if (message.attempt >= MAX_POST_ATTEMPTS) {
    logger.warn('broadcast posts still throttled; left to the next list', {
      groupId: message.notification.group_id,
      sockets: throttled.length,
    });
    return;
  }
  await queue().send([
    {
      body: { ...message, connections: throttled, attempt: message.attempt + 1 },
      delaySeconds: throttleDelaySeconds(message.attempt),
    },
  ]);
}
