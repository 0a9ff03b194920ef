import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { routeKey, routes, type RouteContract as RouteDef } from '../../shared/contract/index';
import { db, tableName } from '../../functions/storage/client';
import { MAX_JSON_DEPTH } from '../../functions/commons/json-depth';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, row } from '../support/slots';

/**
 * Property-based bad input for every route of the route table (fast-check): random and malformed
 * bodies, queries and path ids, sent by a signed-in advertiser and by an operator. Whatever comes
 * in, the answer is never a 5xx, always the error envelope `{ success: false, error, code }`, and when every request to a route
 * was refused, a scan of the table shows nothing changed (throttle and rate-limit counters aside:
 * counting refused attempts is their job).
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let advertiser: { id: string; token: string };
let operator: { id: string; token: string };
let developer: { id: string; token: string };
let slotId: string;

const RUNS_PER_ROUTE = 12;

async function tableSnapshot() {
  const items: string[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: cursor, ConsistentRead: true }),
    );
    for (const item of out.Items ?? [])
      if (!/^(THROTTLE|RATE)#/.test(String(item.PK))) items.push(JSON.stringify(item));
    cursor = out.LastEvaluatedKey;
  } while (cursor);
  return items.sort();
}

/** Text that breaks parsers and stores: controls, surrogates, bidi, huge, numeric-looking, injection-looking. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '\u202Eabc',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '%E0%A4%A',
    '1e309',
    '-0',
    'NaN',
    '{{7*7}}',
    'x'.repeat(6000),
  ),
);
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyString,
    fc.integer(),
    fc.double(),
    // Numbers the table cannot keep as they are.
    fc.constantFrom(1e300, -1e300, 2 ** 60, 5e-324, Number.MAX_VALUE, Number.MIN_SAFE_INTEGER - 2, -0),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        nastyString,
        fc.constantFrom(
          'status',
          'amount',
          'price',
          'customFields',
          'rows',
          'slotIds',
          'email',
          'password',
          '__proto__',
          'constructor',
          // Keys every object already answers to.
          'toString',
          'hasOwnProperty',
          'valueOf',
          'prototype',
          '',
        ),
      ),
      tie('value'),
      { maxKeys: 5 },
    ),
  ),
})).value;

/** A body: random JSON, a near-valid body with one field broken, or text that is not JSON at all. */
const bodyArb = fc.oneof(
  jsonValue.map((v) => ({ json: v })),
  fc
    .record({
      customFields: fc.dictionary(nastyString, jsonValue, { maxKeys: 4 }),
      status: nastyString,
      amount: jsonValue,
    })
    .map((v) => ({ json: v })),
  fc
    .oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        '{"a":',
        '[1,2',
        'null',
        '"str"',
        '{"__proto__":{"admin":true}}',
        // Nested past the limit, numbers past what JavaScript or the table keeps, member-named keys.
        '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1),
        '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
        '{"amount":1e400,"n":1152921504606846976,"x":-1e-400}',
        '{"customFields":{"constructor":"c","__proto__":{"a":1},"toString":"t"},"field_key":"valueOf"}',
        '{"field_key":"constructor","label":"l","field_type":"text"}',
      ),
    )
    .map((raw) => ({ raw })),
  // Just over the 1 MB limit: refused before any parsing.
  fc.constant({ raw: `{"x":"${'a'.repeat(1024 * 1024)}"}` }),
);
const queryArb = fc.dictionary(
  fc.constantFrom(
    'page',
    'limit',
    'status',
    'search',
    'searchType',
    'sortBy',
    'sortOrder',
    'userId',
    'type',
    'startDate',
    'endDate',
    'price',
    'x',
  ),
  nastyString,
  { maxKeys: 4 },
);
const pathIdArb = fc.oneof(
  nastyString.map((s) => encodeURIComponent(s) || 'x'),
  fc.constant('%E0'),
  fc.constant('..%2F..%2Fadmin'),
);

function concretePath(route: RouteDef, id: string): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name) => (name === 'id' && id === '@slot' ? slotId : id));
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  advertiser = await newAccount(stack, { balance: 1_000_000 });
  operator = await newAccount(stack, { role: 'operator' });
  developer = await newAccount(stack, { role: 'developer' });
  slotId = (await api.call('POST', '/api/slots', { token: advertiser.token, body: row(1) })).body.data.id;
});
afterAll(() => stack?.stop());

describe('oversized bodies', () => {
  it('answers 413 in the envelope, whether the API or the server refuses it, and writes nothing', async () => {
    const before = await tableSnapshot();
    // 2 MB: over the API's 1 MB limit.
    const rows = Array.from({ length: 4000 }, (_, i) => ({
      customFields: {
        keywords: `키워드${i}`.padEnd(200, 'x'),
        landingUrl: `https://www.coupang.com/vp/products/${i}?itemId=1&vendorItemId=2`,
      },
    }));
    const big = await api.call('POST', '/api/slots/bulk', { token: advertiser.token, body: { rows } });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      error: '요청이 너무 큽니다. 1MB 이하로 나누어 보내주세요.',
    });
    // 7 MB: over Lambda's payload limit; the server reads it to the end and still answers.
    const huge = await api.call('POST', '/api/slots', {
      token: advertiser.token,
      rawBody: JSON.stringify({ customFields: { keywords: 'x'.repeat(7 * 1024 * 1024) } }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(await tableSnapshot()).toEqual(before);
  });
});

/** The probe's body: `[` × 5,000 then `]` × 5,000 (10 KB), and one level past the limit, with objects. */
const probeNested = '['.repeat(5000) + ']'.repeat(5000);
const justTooDeep = '{"a":'.repeat(MAX_JSON_DEPTH) + '[1]' + '}'.repeat(MAX_JSON_DEPTH);
const nestedText = `요청 본문의 구조가 너무 깊습니다. 배열과 객체는 ${MAX_JSON_DEPTH}단계까지만 중첩할 수 있습니다.`;

describe('nested bodies', () => {
  it('answers 400 before parsing a deep body on an anonymous route (the probe: 500 INTERNAL)', async () => {
    for (const rawBody of [probeNested, justTooDeep]) {
      const res = await api.call('POST', '/api/auth/login', { rawBody });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, code: 'VALIDATION', error: nestedText });
    }
    // One level less is parsed (and then refused by the schema as the wrong shape, not as too deep).
    const ok = '{"a":'.repeat(MAX_JSON_DEPTH - 1) + '1' + '}'.repeat(MAX_JSON_DEPTH - 1);
    const shallow = await api.call('POST', '/api/auth/login', { rawBody: ok });
    expect(shallow.status).toBe(400);
    expect(shallow.body.error).not.toBe(nestedText);
  });

  it.each((routes as readonly RouteDef[]).filter((r) => r.method !== 'GET').map((r) => [routeKey(r), r] as const))(
    '%s: a deep body is never a 5xx, and a refused one writes nothing',
    async (_, route) => {
      const before = await tableSnapshot();
      const res = await api.call(route.method, concretePath(route, '@slot'), {
        token: developer.token,
        rawBody: probeNested,
      });
      expect(res.status, `${routeKey(route)} → ${res.status} ${JSON.stringify(res.body)}`).toBeLessThan(500);
      expect(res.body.success).toBe(res.status < 400);
      if (res.status >= 400) expect(await tableSnapshot(), 'a refused request changed the table').toEqual(before);
    },
  );
});

describe('every route under random and malformed input', () => {
  it.each((routes as readonly RouteDef[]).map((r) => [routeKey(r), r] as const))(
    '%s: never a 5xx, always the envelope, nothing written when refused',
    async (_, route) => {
      const before = await tableSnapshot();
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(
          bodyArb,
          queryArb,
          fc.oneof(pathIdArb, fc.constant('@slot')),
          fc.boolean(),
          async (body, query, id, asOperator) => {
            const qs = new URLSearchParams(query as Record<string, string>).toString();
            const path = `${concretePath(route, id)}${qs ? `?${qs}` : ''}`;
            const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
            const res = await api.call(route.method, path, {
              token: asOperator ? operator.token : advertiser.token,
              ...(hasBody ? ('raw' in body ? { rawBody: body.raw } : { body: body.json }) : {}),
            });
            expect(res.status, `${route.method} ${path} → ${res.status}`).toBeLessThan(500);
            expect(typeof res.body, 'a JSON envelope').toBe('object');
            expect(typeof res.body.success).toBe('boolean');
            if (res.status >= 400) {
              expect(res.body.success).toBe(false);
              expect(typeof res.body.error).toBe('string');
              expect(res.body.error.length).toBeGreaterThan(0);
              expect(typeof res.body.code).toBe('string');
            } else {
              accepted += 1;
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: 20261123, endOnFailure: true },
      );
      if (accepted === 0) expect(await tableSnapshot(), 'a refused request changed the table').toEqual(before);
    },
  );
});
