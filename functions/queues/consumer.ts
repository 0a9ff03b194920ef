import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { z } from '#shared/zod';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { CORRELATION_ATTRIBUTE, withCorrelationId } from '#commons/correlation';
import { withDeadline } from '#commons/deadline';
import { logger } from '#commons/logger';
import { recordMetric } from '#commons/metrics';
import { tracer } from '#commons/tracer';

/** What a unit of work learns about its delivery. */
export interface WorkContext {
  /** 1 on the first delivery; SQS counts every receive (a message past maxReceiveCount goes to the DLQ). */
  receiveCount: number;
  messageId: string;
}

/**
 * The one shape of a work-queue consumer (infra/work-queues.ts): each record of the batch is
 * parsed with the queue's zod schema and worked on its own; a record that throws (or does not
 * parse) is reported in `batchItemFailures`, so SQS redelivers only it, and after the queue's
 * maxReceiveCount moves it to the dead-letter queue. The others of the batch are done.
 * Each record's work runs under the correlation id its producer sent, so its log lines (and any
 * work it queues in turn) name the request that started it; a failure counts in `WorkItemsFailed`.
 */
export function workQueueConsumer<S extends z.ZodType>(
  name: string,
  schema: S,
  work: (body: z.infer<S>, ctx: WorkContext) => Promise<void>,
) {
  const one = (record: SQSRecord): Promise<boolean> => {
    const id = record.messageAttributes?.[CORRELATION_ATTRIBUTE]?.stringValue;
    return id ? withCorrelationId(id, () => attempt(record)) : attempt(record);
  };
  const attempt = async (record: SQSRecord): Promise<boolean> => {
    const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? 1);
    try {
      const parsed = schema.safeParse(JSON.parse(record.body));
      if (!parsed.success) throw new Error(`not a ${name} message: ${parsed.error.message}`);
      await work(parsed.data, { receiveCount, messageId: record.messageId });
      return true;
    } catch (error) {
      logger.error('work item failed', {
        queue: name,
        messageId: record.messageId,
        receiveCount,
        error: error as Error,
      });
      recordMetric('WorkItemsFailed', 1, { queue: name });
      return false;
    }
  };
  return middy(async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    const deadline = Date.now() + context.getRemainingTimeInMillis();
    const results = await withDeadline(deadline, () => Promise.all(event.Records.map(one)));
    return {
      batchItemFailures: event.Records.filter((_, i) => !results[i]).map((r) => ({ itemIdentifier: r.messageId })),
    };
  }).use([injectLambdaContext(logger, { resetKeys: true }), captureLambdaHandler(tracer)]);
}
