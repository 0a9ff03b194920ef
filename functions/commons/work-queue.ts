/**
 * The work-queue port: domain code hands work to a queue through this interface and never sees the
 * transport (SQS on AWS, the in-process queue of local mode; functions/adapters/work-queue.ts).
 * Every kind of work has its own queue, declared once in infra/work-queues.ts.
 */
export { type WorkQueueName } from '#shared/work-queues';

export interface WorkMessage<T> {
  body: T;
  /** Hold the message this long before a consumer may see it (SQS: 0–900 s). */
  delaySeconds?: number;
}

export interface WorkQueue<T> {
  /** Enqueues every message or throws (at-least-once: a consumer must tolerate a repeat). */
  send(messages: ReadonlyArray<WorkMessage<T>>): Promise<void>;
}

/** SQS's message size limit (256 KiB); a message body stays well under it. */
export const WORK_MESSAGE_MAX_BYTES = 256 * 1024;
/** SQS's longest delivery delay. */
export const WORK_MESSAGE_MAX_DELAY_SECONDS = 900;
