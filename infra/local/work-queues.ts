import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { workQueues, type WorkQueueDef } from '../work-queues';
import { invoke } from './lambda-runtime';
import { LambdaThreads } from './lambda-threads';

/**
 * Local mode's SQS: an in-process queue per entry of infra/work-queues.ts that runs THE SAME
 * consumer handler with the rules of an SQS event source mapping — batches of up to `batchSize`,
 * at most `maxConcurrency` invocations at once, a record listed in `batchItemFailures` (or a whole
 * batch whose invocation threw) is received again later, and after `maxReceiveCount` receives it
 * moves to the dead-letter list. Producers reach it through the unchanged @aws-sdk/client-sqs code:
 * `/_local/sqs` speaks the JSON protocol's SendMessage and SendMessageBatch.
 */
interface LocalMessage {
  messageId: string;
  body: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  /** String message attributes as sent (the correlation id travels in one). */
  attributes?: Record<string, string>;
}

export interface LocalWorkQueueOptions {
  /**
   * When a failed record is received again. AWS waits out the visibility timeout (six times the
   * consumer's timeout); locally a second is enough and keeps retries testable. @default 1000
   */
  retryDelayMs?: number;
  /**
   * Run each invocation in an execution environment of its own (a worker thread, lambda-threads.ts),
   * as Lambda does, instead of on the local server's thread. @default false
   */
  threads?: boolean;
  log?: (msg: string, extra?: unknown) => void;
}

class LocalWorkQueue {
  private readonly waiting: LocalMessage[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private idleWaiters: Array<() => void> = [];
  readonly deadLetters: LocalMessage[] = [];
  /** Invocations of the consumer so far (bench and tests read it). */
  invocations = 0;
  /**
   * Each invocation's records, start (performance.now()), duration and, in a thread of its own, the
   * CPU it used (the bench's per-stage costs).
   */
  readonly batches: Array<{ records: number; startedAt: number; ms: number; cpuMs?: number }> = [];
  private readonly threads: LambdaThreads | undefined;

  constructor(
    readonly def: WorkQueueDef,
    private readonly opts: LocalWorkQueueOptions = {},
  ) {
    this.threads = opts.threads ? new LambdaThreads() : undefined;
  }

  get url() {
    return `${process.env.WORK_QUEUE_ENDPOINT ?? 'http://local'}/${this.def.name}`;
  }

  send(body: string, delaySeconds = 0, attributes?: Record<string, string>): LocalMessage {
    const now = Date.now();
    const message: LocalMessage = {
      messageId: randomUUID(),
      body,
      ...(attributes && Object.keys(attributes).length ? { attributes } : {}),
      sentAt: now,
      visibleAt: now + delaySeconds * 1000,
      receiveCount: 0,
    };
    this.waiting.push(message);
    this.pump();
    return message;
  }

  /** Messages not yet done (waiting, delayed or in a running batch). */
  get depth() {
    return this.waiting.length;
  }

  /** Resolves once nothing waits and no batch runs (dead letters stay). */
  idle(): Promise<void> {
    if (!this.waiting.length && !this.inFlight) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Starts `count` execution environments with the consumer loaded (threads only; Lambda's warm environments). */
  async warm(count: number): Promise<void> {
    await this.threads?.warm(this.def.entry, count);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    // Stopping does not wait for the threads to end: terminate() cannot fail in a way worth reporting.
    void this.threads?.close();
  }

  private pump() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    while (this.inFlight < this.def.maxConcurrency) {
      const batch = this.waiting.filter((m) => m.visibleAt <= now).slice(0, this.def.batchSize);
      if (!batch.length) break;
      for (const m of batch) {
        // Received: invisible to other pollers while its batch runs.
        m.visibleAt = Number.POSITIVE_INFINITY;
        m.receiveCount++;
        m.firstReceivedAt ??= now;
      }
      this.inFlight++;
      // run() settles every outcome itself (a failed batch is retried or dead-lettered), so it never rejects.
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
    const next = Math.min(...this.waiting.map((m) => m.visibleAt));
    if (Number.isFinite(next)) {
      this.timer = setTimeout(() => this.pump(), Math.max(0, next - Date.now()));
      this.timer.unref();
    }
    if (!this.waiting.length && !this.inFlight) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async run(batch: LocalMessage[]) {
    let failed: Set<string>;
    let cpuMs: number | undefined;
    const started = performance.now();
    try {
      this.invocations++;
      const args = [this.def.entry, this.def.name, this.event(batch), this.def.timeoutSeconds * 1000] as const;
      let result: SQSBatchResponse | undefined;
      if (this.threads) {
        const reply = await this.threads.invoke(...args);
        result = reply.result as SQSBatchResponse | undefined;
        cpuMs = reply.cpuMs;
      } else result = (await invoke(...args)) as SQSBatchResponse | undefined;
      failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (error) {
      this.opts.log?.(`work queue ${this.def.name}: batch failed`, error);
      failed = new Set(batch.map((m) => m.messageId));
    }
    this.batches.push({ records: batch.length, startedAt: started, ms: performance.now() - started, cpuMs });
    for (const m of batch) {
      if (!failed.has(m.messageId)) {
        this.remove(m);
      } else if (m.receiveCount >= this.def.maxReceiveCount) {
        this.remove(m);
        this.deadLetters.push(m);
        this.opts.log?.(`work queue ${this.def.name}: message ${m.messageId} moved to the dead-letter queue`);
      } else {
        m.visibleAt = Date.now() + (this.opts.retryDelayMs ?? 1000);
      }
    }
  }

  private remove(m: LocalMessage) {
    const i = this.waiting.indexOf(m);
    if (i >= 0) this.waiting.splice(i, 1);
  }

  private event(batch: LocalMessage[]): SQSEvent {
    return {
      Records: batch.map((m) => ({
        messageId: m.messageId,
        receiptHandle: `${m.messageId}#${m.receiveCount}`,
        body: m.body,
        attributes: {
          ApproximateReceiveCount: String(m.receiveCount),
          SentTimestamp: String(m.sentAt),
          SenderId: 'local',
          ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
        },
        messageAttributes: Object.fromEntries(
          Object.entries(m.attributes ?? {}).map(([k, v]) => [
            k,
            { dataType: 'String', stringValue: v, stringListValues: [], binaryListValues: [] },
          ]),
        ),
        md5OfBody: md5(m.body),
        eventSource: 'aws:sqs',
        eventSourceARN: `arn:aws:sqs:local:000000000000:simple-slot-local-${this.def.name}`,
        awsRegion: process.env.AWS_REGION ?? 'local',
      })),
    };
  }
}

/** SQS's `MessageAttributes` as sent (`{name: {DataType, StringValue}}`): the string ones. */
function stringAttributes(sent: unknown): Record<string, string> | undefined {
  if (!sent || typeof sent !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [name, a] of Object.entries(sent as Record<string, { StringValue?: unknown }>))
    if (typeof a?.StringValue === 'string') out[name] = a.StringValue;
  return out;
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

/** Every queue of the table, with the `/_local/sqs` endpoint the SQS client posts to. */
export function createLocalWorkQueues(opts: LocalWorkQueueOptions = {}, defs: readonly WorkQueueDef[] = workQueues) {
  const queues = new Map(defs.map((d) => [d.name as string, new LocalWorkQueue(d, opts)]));
  const queueOf = (url: unknown) =>
    queues.get(
      String(url ?? '')
        .split('/')
        .pop() ?? '',
    );

  function reply(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const action = String(req.headers['x-amz-target'] ?? '').replace(/^AmazonSQS\./, '');
    const input = await readJson(req);
    const queue = queueOf(input.QueueUrl);
    if (!queue)
      return reply(res, 400, {
        __type: 'com.amazonaws.sqs#QueueDoesNotExist',
        message: 'The specified queue does not exist.',
      });
    if (action === 'SendMessage') {
      const m = queue.send(
        String(input.MessageBody),
        Number(input.DelaySeconds ?? 0),
        stringAttributes(input.MessageAttributes),
      );
      return reply(res, 200, { MessageId: m.messageId, MD5OfMessageBody: md5(m.body) });
    }
    if (action === 'SendMessageBatch') {
      const entries = (input.Entries ?? []) as Array<{
        Id: string;
        MessageBody: string;
        DelaySeconds?: number;
        MessageAttributes?: unknown;
      }>;
      if (entries.length > 10)
        return reply(res, 400, {
          __type: 'com.amazonaws.sqs#TooManyEntriesInBatchRequest',
          message: 'Too many entries',
        });
      const successful = entries.map((e) => {
        const m = queue.send(e.MessageBody, e.DelaySeconds ?? 0, stringAttributes(e.MessageAttributes));
        return { Id: e.Id, MessageId: m.messageId, MD5OfMessageBody: md5(m.body) };
      });
      return reply(res, 200, { Successful: successful, Failed: [] });
    }
    reply(res, 400, {
      __type: 'com.amazonaws.sqs#UnsupportedOperation',
      message: `${action} is not available locally`,
    });
  }

  return {
    queues,
    get: (name: string) => queues.get(name),
    handle,
    /** Resolves when every queue has nothing left to do. */
    idle: () => Promise.all([...queues.values()].map((q) => q.idle())).then(() => undefined),
    stop: () => queues.forEach((q) => q.stop()),
  };
}
