import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { workQueueUrlEnv } from '#shared/work-queues';
import { Logger } from '@aws-lambda-powertools/logger';
import { logger } from '#commons/logger';
import { withCorrelationId } from '#commons/correlation';
import { workQueue } from '../../functions/adapters/work-queue';
import { createLocalWorkQueues } from '../../infra/local/work-queues';
import { findWorkQueue } from '../../infra/work-queues';

/**
 * Support reads one user's action across functions by its correlation id: the id of the request that
 * queued work must be on every line the consumer logs for that work, message by message, through the
 * unchanged SQS client and local mode's queue (which runs consumers the way the event source mapping does).
 */
const def = { ...findWorkQueue('notification-delivery')!, entry: 'test/support/fixtures/correlated-consumer.ts' };
const local = createLocalWorkQueues({}, [def]);
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => void local.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubEnv('TABLE_NAME', 'unused');
  vi.stubEnv('SIMPLE_SLOT_LOCAL', '1');
  vi.stubEnv('WORK_QUEUE_ENDPOINT', endpoint);
  vi.stubEnv(workQueueUrlEnv('notification-delivery'), `${endpoint}/notification-delivery`);
});
afterAll(async () => {
  local.stop();
  vi.unstubAllEnvs();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
  vi.restoreAllMocks();
  logger.resetKeys();
});

/**
 * What the consumer's lines carry: the fields each `info` call hands to Powertools (the logger's
 * level is reset per invocation, so the printed output cannot be switched on from here).
 */
function logLines(): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  vi.spyOn(Logger.prototype, 'info').mockImplementation((message: unknown, ...extra: unknown[]) => {
    if (message === 'working on a message')
      lines.push(Object.assign({}, ...extra.filter((e) => typeof e === 'object')));
  });
  return lines;
}

describe('correlation id through a work queue', () => {
  it("puts the API request's correlation id on the consumer's log lines", async () => {
    const lines = logLines();
    // What the API adapter does for a request before its op queues work.
    logger.setCorrelationId('req-5f1c9a0e-support');
    await workQueue<{ n: number }>('notification-delivery').send([{ body: { n: 1 } }]);
    logger.resetKeys();
    await local.idle();

    expect(lines).toEqual([expect.objectContaining({ n: 1, correlation_id: 'req-5f1c9a0e-support' })]);
  });

  it('keeps each message’s own id while messages of different requests are worked on at once', async () => {
    const lines = logLines();
    const queue = workQueue<{ n: number }>('notification-delivery');
    // Queued by two requests at once; their work overlaps in this one process (the consumers wait first).
    await Promise.all([
      withCorrelationId('req-aaaaaaaa', () => queue.send([{ body: { n: 1 } }])),
      withCorrelationId('req-bbbbbbbb', () => queue.send([{ body: { n: 2 } }])),
    ]);
    await local.idle();

    expect(lines).toHaveLength(2);
    expect(Object.fromEntries(lines.map((l) => [l.n, l.correlation_id]))).toEqual({
      1: 'req-aaaaaaaa',
      2: 'req-bbbbbbbb',
    });
  });
});
