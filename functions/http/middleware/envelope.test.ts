import '../../../test/support/quiet';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/messages/common';
import { ConflictError, DomainError, ThrottledError } from '#commons/errors';
import { slotRoutes } from '#shared/contract/routes/slots';
import { apiEvent, lambdaContext } from '../../../test/support/api-pipeline';
import { reply } from '../reply';
import type { ApiContext, ApiResult } from './api-request';
import { envelope, toAnswer } from './envelope';

/** The envelope frames every request: what an op returns or throws becomes the API envelope. */
async function answerOf(op: () => Promise<unknown>) {
  const handler = middy<APIGatewayProxyEventV2, ApiResult, Error, ApiContext>(async () => toAnswer(await op())).use(
    envelope,
  );
  const res = (await handler(apiEvent({ route: slotRoutes[0] }), lambdaContext())) as {
    statusCode: number;
    headers: Record<string, string>;
    cookies?: string[];
    body: string;
  };
  return { status: res.statusCode, headers: res.headers, cookies: res.cookies, body: JSON.parse(res.body) };
}

describe('envelope', () => {
  it('wraps an op’s data as a 200 success, never cached', async () => {
    const res = await answerOf(async () => ({ id: 's1' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: 's1' } });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect((await answerOf(async () => undefined)).body).toEqual({ success: true, data: null });
  });

  it('answers a reply’s status, cookies and headers, and an error reply’s data as details', async () => {
    const created = await answerOf(async () =>
      reply({ id: 's1' }, { status: 201, cookies: ['a=b'], headers: { x: 'y' } }),
    );
    expect(created).toMatchObject({ status: 201, cookies: ['a=b'], body: { success: true, data: { id: 's1' } } });
    expect(created.headers.x).toBe('y');
    const degraded = await answerOf(async () =>
      reply(
        { store: 'unreachable' },
        { status: 503, error: { code: 'INTERNAL', message: commonMessages.unavailable } },
      ),
    );
    expect(degraded.status).toBe(503);
    expect(degraded.body).toEqual({
      success: false,
      error: commonMessages.unavailable,
      code: 'INTERNAL',
      details: { store: 'unreachable' },
    });
  });

  it('maps a typed domain error to its status and Korean text, a throttle with Retry-After', async () => {
    const conflict = await answerOf(async () => {
      throw new ConflictError('이미 처리된 요청입니다.');
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({ success: false, error: '이미 처리된 요청입니다.', code: 'CONFLICT' });
    const throttled = await answerOf(async () => {
      throw new ThrottledError(commonMessages.busy, 3);
    });
    expect(throttled.status).toBe(429);
    expect(throttled.headers['retry-after']).toBe('3');
  });

  it('answers a busy store 429 with a second to wait, and anything else 500 without leaking it', async () => {
    const busy = await answerOf(async () => {
      throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
    });
    expect(busy.status).toBe(429);
    expect(busy.body).toMatchObject({ success: false, error: commonMessages.busy, code: 'THROTTLED' });
    expect(busy.headers['retry-after']).toBe('1');
    const crash = await answerOf(async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'secretHash')");
    });
    expect(crash.status).toBe(500);
    expect(crash.body).toEqual({ success: false, error: commonMessages.internal, code: 'INTERNAL' });
    expect(JSON.stringify(crash.body)).not.toContain('secretHash');
    expect((await answerOf(async () => Promise.reject(new DomainError('NOT_FOUND', '없음')))).status).toBe(404);
  });
});
