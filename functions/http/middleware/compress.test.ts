import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { slotRoutes } from '#shared/contract/routes/slots';
import { ConflictError } from '#commons/errors';
import { apiEvent, lambdaContext } from '../../../test/support/api-pipeline';
import type { ApiContext, ApiResult } from './api-request';
import { compress, negotiateEncoding } from './compress';
import { envelope, toAnswer } from './envelope';

/** A page of slot-like rows, about the size of a 100-slot list page per 50 rows. */
const rows = Array.from({ length: 50 }, (_, i) => ({ id: `slot-${i}`, keywords: `키워드 ${i}`, rank: i + 1 }));

async function answerOf(data: unknown, acceptEncoding?: string, fail = false) {
  const handler = middy<APIGatewayProxyEventV2, ApiResult, Error, ApiContext>(async () => {
    if (fail) throw new ConflictError('이미 처리된 요청입니다.', { rows });
    return toAnswer(data);
  }).use([negotiateEncoding, compress, envelope]);
  const headers: Record<string, string> = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
  const res = (await handler(
    apiEvent({ route: slotRoutes[0], headers }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2 & { headers: Record<string, string>; body: string };
  const raw = Buffer.from(res.body, res.isBase64Encoded ? 'base64' : 'utf8');
  const encoding = res.headers['content-encoding'];
  const plain = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return { res, encoding, bytes: raw.length, body: JSON.parse(plain.toString('utf8')) as unknown };
}

describe('compressed answers', () => {
  it('sends a long list as brotli when the browser accepts it, the same JSON once decoded', async () => {
    const plain = await answerOf(rows);
    const packed = await answerOf(rows, 'gzip, deflate, br, zstd');
    expect(packed.encoding).toBe('br');
    expect(packed.res.isBase64Encoded).toBe(true);
    expect(packed.body).toEqual(plain.body);
    expect(packed.bytes).toBeLessThan(plain.bytes / 4);
    expect(packed.res.headers.vary).toBe('accept-encoding');
  });

  it('falls back to gzip, and sends plain JSON to a caller that asks for none or refuses both', async () => {
    expect((await answerOf(rows, 'gzip')).encoding).toBe('gzip');
    expect((await answerOf(rows, 'br;q=0, gzip')).encoding).toBe('gzip');
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await answerOf(rows, accept);
      expect(res.encoding).toBeUndefined();
      expect(res.res.isBase64Encoded).toBeFalsy();
      expect(res.body).toEqual({ success: true, data: rows });
    }
  });

  it('leaves short answers and error answers as they are', async () => {
    const short = await answerOf({ id: 's1' }, 'br');
    expect(short.encoding).toBeUndefined();
    expect(short.body).toEqual({ success: true, data: { id: 's1' } });
    const refused = await answerOf(null, 'br', true);
    expect(refused.res.statusCode).toBe(409);
    expect(refused.encoding).toBeUndefined();
    expect(refused.body).toMatchObject({ success: false, code: 'CONFLICT' });
  });
});
