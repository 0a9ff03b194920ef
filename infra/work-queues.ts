/**
 * Work queues: one SQS queue per kind of work, consumed by one function. The CDK work stack turns
 * each entry into a queue + dead-letter queue + consumer + event source mapping; local mode runs the
 * same consumer from an in-process queue with the same batch, retry and DLQ rules
 * (infra/local/work-queues.ts). Producers name the queues they send to (`sends` in
 * infra/api-groups.ts and infra/schedules.ts) and get SendMessage on those only.
 */
import { ITEM_WRITES, TABLE_READS, type TableAccess } from '#infra/table-access';
import type { WorkQueueName } from '#shared/work-queues';

export interface WorkQueueDef {
  name: WorkQueueName;
  /** Consumer module (exports `handler`, built with functions/queues/consumer.ts). */
  entry: string;
  description: string;
  /** The consumer's timeout; the queue's visibility timeout is six times it (AWS's advice for SQS sources). */
  timeoutSeconds: number;
  memoryMb?: number;
  /** The table actions the consumer's code calls (see ApiGroup.tableAccess). */
  tableAccess: TableAccess;
  /** websocketPush: posts to sockets; connectionCleanup: may delete connection items (410 Gone) and nothing else. */
  needs?: ReadonlyArray<'websocketPush' | 'connectionCleanup'>;
  /** Messages per invocation (SQS: 1–10 without a batching window). */
  batchSize: number;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  /** Most consumer invocations at once for this queue (event source mapping; 2–1000). */
  maxConcurrency: number;
  /** The consumer sends more work to its own queue (a page that continues, a retry later). */
  sendsToSelf?: boolean;
}

export const workQueues: readonly WorkQueueDef[] = [
  {
    name: 'notification-delivery',
    entry: 'functions/queues/notification-delivery.ts',
    description:
      'Delivers a broadcast: reads the audience a page of connections at a time and posts each socket the notification with its unread count',
    timeoutSeconds: 60,
    tableAccess: TABLE_READS,
    needs: ['websocketPush', 'connectionCleanup'],
    batchSize: 5,
    maxReceiveCount: 5,
    maxConcurrency: 20,
    sendsToSelf: true,
  },
  {
    name: 'rank-recompute',
    entry: 'functions/queues/rank-recompute.ts',
    description:
      "Recomputes one unit of the hourly rank run: a range of pairs' checks into their slots' ranks, history and alerts",
    // A unit is at most 2,000 slots (UNIT_SLOTS): seconds on AWS, ~25 s on a loaded DynamoDB Local.
    timeoutSeconds: 180,
    memoryMb: 1024,
    tableAccess: [...TABLE_READS, ...ITEM_WRITES, 'BatchWriteItem'],
    // Rank alerts notify the slot's owner.
    needs: ['websocketPush'],
    // One unit per invocation: a failed unit is redelivered alone and never holds up another.
    batchSize: 1,
    maxReceiveCount: 5,
    // Units of one run at once (the write concurrency the table sees is this × 12 transactions).
    maxConcurrency: 8,
  },
];

export const visibilityTimeoutSeconds = (def: WorkQueueDef) => def.timeoutSeconds * 6;

export const findWorkQueue = (name: string) => workQueues.find((q) => q.name === name);
