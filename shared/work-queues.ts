/**
 * The kinds of queued work, read by both sides: infra/work-queues.ts builds one queue per name and
 * functions/commons/work-queue.ts is the port domain code sends through. The env name of a queue's
 * URL is built here, once.
 */
export const WORK_QUEUE_NAMES = ['notification-delivery', 'rank-recompute'] as const;
export type WorkQueueName = (typeof WORK_QUEUE_NAMES)[number];

/** `notification-delivery` → `WORK_QUEUE_URL_NOTIFICATION_DELIVERY`: the one place a queue's env name is built. */
export const workQueueUrlEnv = (name: string): string => `WORK_QUEUE_URL_${name.toUpperCase().replace(/-/g, '_')}`;
