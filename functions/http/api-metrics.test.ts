import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsStore } from '../storage/settings';
import { handler } from '../api/settings';

/**
 * What an operator reads on the dashboard comes from these lines: every request through the adapter
 * leaves its group's request and latency figures, an error answer one more by its code, in the
 * stage's namespace as CloudWatch's Embedded Metric Format.
 */
interface EmfLine {
  _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }> };
  [key: string]: unknown;
}

function healthEvent(headers: Record<string, string> = {}) {
  return {
    version: '2.0',
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    headers,
    requestContext: {
      requestId: 'req-0123456789',
      http: { method: 'GET', path: '/api/health', sourceIp: '127.0.0.1', userAgent: 'vitest' },
    },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

const context = {
  functionName: 'simple-slot-test-settings',
  awsRequestId: 'aws-req',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

let printed: string[];
beforeEach(() => {
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  printed = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string' && chunk.includes('"CloudWatchMetrics"')) {
      printed.push(chunk);
      return true;
    }
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const emf = (): EmfLine[] => printed.flatMap((s) => s.trim().split('\n')).map((l) => JSON.parse(l) as EmfLine);
const named = (name: string) => emf().filter((l) => l._aws.CloudWatchMetrics[0].Metrics.some((m) => m.Name === name));

describe('request metrics', () => {
  it('records the group’s request and latency for an answered request, and no error', async () => {
    vi.spyOn(settingsStore, 'readAll').mockResolvedValue({});
    const res = (await handler(healthEvent(), context)) as { statusCode: number; headers: Record<string, string> };
    expect(res.statusCode).toBe(200);

    const [line] = named('ApiRequests');
    expect(line._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: expect.stringMatching(/^SimpleSlot\//),
      Dimensions: [['group']],
    });
    expect(line).toMatchObject({
      group: 'settings',
      ApiRequests: 1,
      ApiLatency: expect.any(Number),
      ApiClientErrors: 0,
      ApiServerErrors: 0,
    });
    expect(named('ApiErrors')).toEqual([]);
  });

  it('records an error answer by its code next to the request', async () => {
    vi.spyOn(settingsStore, 'readAll').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:8000'));
    const res = (await handler(healthEvent(), context)) as { statusCode: number };
    expect(res.statusCode).toBe(503);

    const [request] = named('ApiRequests');
    expect(request).toMatchObject({ group: 'settings', ApiRequests: 1, ApiClientErrors: 0, ApiServerErrors: 1 });
    const [error] = named('ApiErrors');
    expect(error._aws.CloudWatchMetrics[0].Dimensions).toEqual([['group', 'code']]);
    expect(error).toMatchObject({ group: 'settings', code: 'INTERNAL', ApiErrors: 1 });
  });

  it('answers with the correlation id it logs under: the caller’s when it looks like one, else the request id', async () => {
    vi.spyOn(settingsStore, 'readAll').mockResolvedValue({});
    const own = (await handler(healthEvent({ 'x-correlation-id': 'support-case-42' }), context)) as {
      headers: Record<string, string>;
    };
    expect(own.headers['x-correlation-id']).toBe('support-case-42');
    const bad = (await handler(healthEvent({ 'x-correlation-id': 'bad id\n{"level":"ERROR"}' }), context)) as {
      headers: Record<string, string>;
    };
    expect(bad.headers['x-correlation-id']).toBe('req-0123456789');
  });
});
