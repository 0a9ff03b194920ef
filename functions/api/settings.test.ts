import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settingsStore } from '../storage/settings';
import { handler } from './settings';

/** GET /api/health: liveness plus store reachability, in the API envelope either way. */
const event = {
  version: '2.0',
  routeKey: 'GET /api/health',
  rawPath: '/api/health',
  headers: {},
  requestContext: {
    requestId: 'health-test',
    http: { method: 'GET', path: '/api/health', sourceIp: '127.0.0.1', userAgent: 'vitest' },
  },
  isBase64Encoded: false,
} as unknown as APIGatewayProxyEventV2;

const context = {
  functionName: 'simple-slot-test-settings',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:simple-slot-test-settings',
  memoryLimitInMB: '128',
  awsRequestId: 'health-test',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

async function health() {
  const res = (await handler(event, context)) as { statusCode: number; body: string };
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

afterEach(() => vi.restoreAllMocks());

describe('health', () => {
  it('answers 200 with the health fields as data while the store answers', async () => {
    vi.spyOn(settingsStore, 'readAll').mockResolvedValue({});
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: { status: 'ok', store: 'reachable', checkedAt: expect.any(String) } });
  });

  it('answers 503 in the error envelope (Korean error, code) with the health fields as details when the store does not', async () => {
    vi.spyOn(settingsStore, 'readAll').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:8000'));
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body).toEqual({
      success: false,
      error: '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해주세요.',
      code: 'INTERNAL',
      details: { status: 'degraded', store: 'unreachable', checkedAt: expect.any(String) },
    });
    expect(JSON.stringify(body)).not.toContain('ECONNREFUSED');
  });
});
