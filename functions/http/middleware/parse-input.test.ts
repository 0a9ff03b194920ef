import { describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/messages/common';
import { slotRoutes } from '#shared/contract/routes/slots';
import { authRoutes } from '#shared/contract/routes/auth';
import { pipeline } from '../../../test/support/api-pipeline';
import { MAX_REQUEST_BODY_BYTES, parseInput } from './parse-input';

const route = (routes: readonly { op: string }[], op: string) => routes.find((r) => r.op === op)! as never;
const fill = route(slotRoutes, 'fill');
const list = route(slotRoutes, 'list');
const switchBack = route(authRoutes, 'switchBack');
const call = pipeline([...slotRoutes, ...authRoutes], [parseInput]);

describe('parseInput', () => {
  it('hands the op the path, query and body its route’s schemas parse', async () => {
    const res = await call({
      route: fill,
      pathParameters: { id: 'slot-1' },
      body: JSON.stringify({ keyword: '무선 이어폰', url: 'https://www.coupang.com/vp/products/123' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.input.path).toEqual({ id: 'slot-1' });
    expect(res.body.data.input.body).toMatchObject({ keyword: '무선 이어폰' });
    const listed = await call({ route: list, query: { page: '2' } });
    expect(listed.body.data.input.query).toMatchObject({ page: 2 });
  });

  it('refuses input its schema refuses: 400 with the Korean text naming the field', async () => {
    const res = await call({ route: list, query: { page: 'two' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.error).toMatch(/[가-힣]/);
    expect(res.body.details[0]).toMatchObject({ field: 'page' });
  });

  it('reads no body on a route without a body schema, even a broken one', async () => {
    const res = await call({ route: switchBack, body: '{not json' });
    expect(res.status).toBe(200);
    expect(res.body.data.input).toEqual({});
  });

  it('refuses broken JSON (400), a body over the limit (413) and one nested too deep (400) before parsing', async () => {
    const broken = await call({ route: fill, pathParameters: { id: 's' }, body: '{"keyword":' });
    expect(broken.body).toMatchObject({ code: 'VALIDATION', error: commonMessages.invalidJson });
    const huge = await call({
      route: fill,
      pathParameters: { id: 's' },
      body: JSON.stringify({ keyword: 'x'.repeat(MAX_REQUEST_BODY_BYTES) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe(commonMessages.payloadTooLarge);
    const deep = await call({ route: fill, pathParameters: { id: 's' }, body: '['.repeat(100) + ']'.repeat(100) });
    expect(deep.status).toBe(400);
  });

  it('drops control characters and bidi overrides before a schema sees the text', async () => {
    const res = await call({
      route: fill,
      pathParameters: { id: 's' },
      body: JSON.stringify({ keyword: 'ab\u0000c\u202e', url: 'https://www.coupang.com/vp/products/1' }),
    });
    expect(res.body.data.input.body.keyword).toBe('abc');
  });
});
