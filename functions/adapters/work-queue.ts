import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config, workQueueUrl } from '#commons/config';
import { CORRELATION_ATTRIBUTE } from '#commons/correlation';
import { currentCorrelationId } from '#commons/logger';
import { traced } from '#commons/tracer';
import {
  WORK_MESSAGE_MAX_DELAY_SECONDS,
  type WorkMessage,
  type WorkQueue,
  type WorkQueueName,
} from '#commons/work-queue';

/** SQS takes at most ten messages per SendMessageBatch. */
const BATCH = 10;
/** Entries SQS refused for a passing reason are sent again this many times before the call throws. */
const RESENDS = 3;

let cached: { key: string; client: SQSClient } | undefined;

function client(): SQSClient {
  const { workQueueEndpoint, region, local } = config();
  const key = `${workQueueEndpoint ?? ''}|${region}`;
  if (cached?.key !== key) {
    cached = {
      key,
      client: traced(
        new SQSClient({
          region,
          // Local mode: the in-process queue speaks SQS's JSON protocol (infra/local/work-queues.ts).
          ...(workQueueEndpoint ? { endpoint: workQueueEndpoint } : {}),
          ...(local ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
        }),
      ),
    };
  }
  return cached.client;
}

/** The queue of one kind of work (its URL comes from WORK_QUEUE_URL_<NAME>, set by the stack or local mode). */
export function workQueue<T>(name: WorkQueueName): WorkQueue<T> {
  return {
    async send(messages: ReadonlyArray<WorkMessage<T>>) {
      const url = workQueueUrl(name);
      if (!url) throw new Error(`work queue ${name} is not configured (WORK_QUEUE_URL_…)`);
      // The consumer logs under the same id as the request (or message) that asked for the work.
      const correlationId = currentCorrelationId();
      const attributes = correlationId
        ? { MessageAttributes: { [CORRELATION_ATTRIBUTE]: { DataType: 'String', StringValue: correlationId } } }
        : {};
      for (let i = 0; i < messages.length; i += BATCH) {
        let entries = messages.slice(i, i + BATCH).map((m, j) => ({
          Id: String(j),
          MessageBody: JSON.stringify(m.body),
          ...attributes,
          ...(m.delaySeconds
            ? { DelaySeconds: Math.min(WORK_MESSAGE_MAX_DELAY_SECONDS, Math.ceil(m.delaySeconds)) }
            : {}),
        }));
        for (let attempt = 0; entries.length; attempt++) {
          const out = await client().send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries }));
          const failed = new Set((out.Failed ?? []).map((f) => f.Id));
          const fatal = (out.Failed ?? []).find((f) => f.SenderFault);
          if (fatal) throw new Error(`work queue ${name} refused a message: ${fatal.Code} ${fatal.Message ?? ''}`);
          entries = entries.filter((e) => failed.has(e.Id));
          if (entries.length && attempt >= RESENDS)
            throw new Error(`work queue ${name}: ${entries.length} message(s) not accepted`);
        }
      }
    },
  };
}
