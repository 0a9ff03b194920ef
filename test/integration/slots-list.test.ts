import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays } from '../../shared/kst';
import { stableKstToday } from '../support/kst-day';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, productUrl, row, setSetting } from '../support/slots';

/** GET /api/slots and GET /api/slots/count: visibility, filters, sorting, pagination, counters. */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let owner: Awaited<ReturnType<typeof newAccount>>;
let other: Awaited<ReturnType<typeof newAccount>>;
let operator: Awaited<ReturnType<typeof newAccount>>;
const ids: string[] = [];
// One KST day for the whole file (its checks compare it with the server's today).
const today = await stableKstToday();

const setAttrs = (id: string, attrs: Record<string, unknown>) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.slot(id),
      UpdateExpression: `SET ${Object.keys(attrs)
        .map((_, i) => `#k${i} = :v${i}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(attrs).map((k, i) => [`#k${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(Object.values(attrs).map((v, i) => [`:v${i}`, v])),
    }),
  );
const list = async (query: string, token = owner.token) => {
  const res = await api.call('GET', `/api/slots${query ? `?${query}` : ''}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: any[]; pagination: any };
};
const numbers = (data: { items: any[] }) => data.items.map((s) => s.slot_number);

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  await setSetting('maxSlotsPerUser', 1000);
  owner = await newAccount(stack, { balance: 10_000_000 });
  other = await newAccount(stack, { balance: 1_000_000 });
  operator = await newAccount(stack, { role: 'operator' });
  // 12 slots: #1..#12, keywords 키워드1.., some approved with dates, ranks and product names.
  const res = await api.call('POST', '/api/slots/bulk', {
    token: owner.token,
    body: { rows: Array.from({ length: 12 }, (_, i) => row(i + 1)) },
  });
  ids.push(...res.body.data.slotIds);
  await api.call('POST', '/api/slots', { token: other.token, body: row(99) });
  for (const id of ids.slice(0, 6))
    await api.call('POST', `/api/slots/${id}/approve`, {
      token: operator.token,
      body: { approved: true, approvedPrice: 50_000 },
    });
  // #1 completed last month, #2 waiting (starts next week), #3 paused, #4..#6 active
  await setAttrs(ids[0], {
    startDate: addKstDays(today, -60),
    endDate: addKstDays(today, -31),
    createdAt: '2024-01-15T03:00:00.000Z',
  });
  await setAttrs(ids[1], { startDate: addKstDays(today, 7), endDate: addKstDays(today, 36) });
  await api.call('PATCH', `/api/slots/${ids[2]}/status`, { token: owner.token, body: { status: 'paused' } });
  await setAttrs(ids[3], { rank: 3, product_name: '로지텍 무선 마우스' });
  await setAttrs(ids[4], { rank: 120, product_name: '무선 키보드' });
  await setAttrs(ids[5], { rank: 999 });
  // #12 refunded (operator flow): hidden from its owner.
  await setAttrs(ids[11], { status: 'refunded', GSI2PK: keys.slotsByStatus('refunded').GSI2PK });
});
afterAll(() => stack?.stop());

describe('visibility', () => {
  it('owners see their own slots only, refunded ones hidden', async () => {
    const data = await list('limit=100');
    expect(data.pagination).toEqual({ page: 1, limit: 100, total: 11, totalPages: 1 });
    expect(data.items.every((s) => s.userId === owner.id)).toBe(true);
    expect(numbers(data)).not.toContain(12);
    expect((await list('status=refunded')).items).toEqual([]);
    expect((await list('', other.token)).items.map((s) => s.keyword)).toEqual(['키워드99']);
  });

  it("refuses another user's list and the staff-only search types", async () => {
    expect((await api.call('GET', `/api/slots?userId=${other.id}`, { token: owner.token })).status).toBe(403);
    const bad = await api.call('GET', '/api/slots?searchType=userId&search=x', { token: owner.token });
    expect(bad.status).toBe(400);
  });

  it('staff see everyone (or one user with ?userId=), refunded included', async () => {
    const all = await list('limit=100', operator.token);
    expect(all.pagination.total).toBe(13);
    const one = await list(`userId=${owner.id}&limit=100`, operator.token);
    expect(one.pagination.total).toBe(12);
    expect((await list(`status=refunded`, operator.token)).items.map((s) => s.id)).toEqual([ids[11]]);
    const byLogin = await list(`searchType=userId&search=${other.email}`, operator.token);
    expect(byLogin.items.map((s) => s.keyword)).toEqual(['키워드99']);
    expect(numbers(await list(`userId=${owner.id}&searchType=slotNumber&search=4`, operator.token))).toEqual([4]);
    expect((await list('limit=200', operator.token)).pagination.limit).toBe(200);
    expect((await api.call('GET', '/api/slots?limit=200', { token: owner.token })).status).toBe(400);
  });
});

describe('filters', () => {
  it('filters by display status', async () => {
    expect(numbers(await list('status=completed'))).toEqual([1]);
    expect(numbers(await list('status=waiting'))).toEqual([2]);
    expect(numbers(await list('status=paused'))).toEqual([3]);
    expect(numbers(await list('status=active&sortBy=slot_number&sortOrder=asc'))).toEqual([4, 5, 6]);
    expect(numbers(await list('status=pending&sortBy=slot_number&sortOrder=asc'))).toEqual([7, 8, 9, 10, 11]);
    const labels = (await list('limit=100&sortBy=slot_number&sortOrder=asc')).items
      .slice(0, 4)
      .map((s) => s.displayStatusLabel);
    expect(labels).toEqual(['완료', '진행대기', '일시정지', '진행중']);
  });

  it('searches keyword, URL, product name or all of them', async () => {
    expect(numbers(await list('searchType=keyword&search=키워드1&sortBy=slot_number&sortOrder=asc'))).toEqual([
      1, 10, 11,
    ]);
    expect(numbers(await list(`searchType=url&search=${encodeURIComponent('products/1005')}`))).toEqual([5]);
    expect(numbers(await list('searchType=productName&search=무선&sortBy=slot_number&sortOrder=asc'))).toEqual([4, 5]);
    expect(numbers(await list('search=로지텍'))).toEqual([4]);
    expect(numbers(await list('searchType=keyword&search=로지텍'))).toEqual([]);
  });

  it('filters by registration period (KST days) and work period, and hides expired', async () => {
    expect(numbers(await list('dateFrom=2024-01-15&dateTo=2024-01-15'))).toEqual([1]);
    expect(numbers(await list('dateFrom=2024-01-16&limit=100'))).not.toContain(1);
    expect(numbers(await list(`workFrom=${addKstDays(today, 40)}`))).toEqual([]);
    expect(numbers(await list(`workFrom=${addKstDays(today, 31)}&workTo=${addKstDays(today, 31)}`))).toEqual([2]);
    expect(numbers(await list(`workTo=${addKstDays(today, -40)}`))).toEqual([1]);
    expect(numbers(await list('hideExpired=true&limit=100'))).not.toContain(1);
    expect((await list('hideExpired=true&limit=100')).pagination.total).toBe(10);
    expect((await api.call('GET', '/api/slots?dateFrom=2024-02-30', { token: owner.token })).status).toBe(400);
  });
});

describe('sorting and pages', () => {
  it('sorts by rank with missing ranks last either way', async () => {
    expect(numbers(await list('sortBy=rank&sortOrder=asc&limit=10')).slice(0, 3)).toEqual([4, 5, 6]);
    const desc = numbers(await list('sortBy=rank&sortOrder=desc&limit=100'));
    expect(desc.slice(0, 3)).toEqual([6, 5, 4]);
  });

  it('pages newest first by default', async () => {
    const first = await list('limit=10');
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 11, totalPages: 2 });
    const second = await list('limit=10&page=2');
    expect(second.items).toHaveLength(1);
    expect(new Set([...numbers(first), ...numbers(second)]).size).toBe(11);
    expect(numbers(first)[0]).toBe(11); // same createdAt for the bulk: higher number first
    expect((await list('page=9')).items).toEqual([]);
    expect((await api.call('GET', '/api/slots?limit=25', { token: owner.token })).status).toBe(400);
  });

  it('answers every DTO field the list shows', async () => {
    const slot = (await list('searchType=productName&search=로지텍')).items[0];
    expect(slot).toMatchObject({
      keyword: '키워드4',
      url: productUrl(4),
      product_name: '로지텍 무선 마우스',
      rank: 3,
      user_name: expect.stringMatching(/^광고주/),
      user_email: owner.email,
      fieldValues: [
        { field_key: 'keywords', value: '키워드4' },
        { field_key: 'landingUrl', value: productUrl(4) },
        { field_key: 'mid', value: 'M4' },
      ],
    });
  });
});

describe('GET /api/slots/count', () => {
  it('reads the counters: the owner without refunded, staff everything', async () => {
    const mine = (await api.call('GET', '/api/slots/count', { token: owner.token })).body.data;
    // Counters follow stored statuses (the refunded one was set behind their back, so still counted as pending).
    expect(mine.byStatus).toMatchObject({ pending: 6, active: 5, paused: 1 });
    expect(mine.cards).toMatchObject({ total: 12, active: 5, paused: 1 });
    expect((await api.call('GET', '/api/slots/count?status=paused', { token: owner.token })).body.data.count).toBe(1);
    const global = (await api.call('GET', '/api/slots/count', { token: operator.token })).body.data;
    expect(global.byStatus).toMatchObject({ pending: 7, active: 5, paused: 1 });
    expect(global.count).toBe(13);
  });
});

describe('the cached list stays current', () => {
  it("shows a renamed owner and a deactivated account at once, though the owner's slots are cached", async () => {
    const user = await newAccount(stack, { balance: 200_000, name: '처음이름' });
    await api.call('POST', '/api/slots', { token: user.token, body: row(41) });
    // Twice: the second answer comes from the process's copy of the owner's slots.
    expect((await list('', user.token)).items[0].user_name).toBe('처음이름');
    expect((await list('', user.token)).items[0].user_name).toBe('처음이름');

    const renamed = await api.call('PUT', '/api/auth/profile', { token: user.token, body: { fullName: '바뀐이름' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await list('', user.token)).items[0].user_name).toBe('바뀐이름');

    expect((await list(`userId=${user.id}`, operator.token)).items[0].user_is_active).toBe(true);
    const off = await api.call('PUT', `/api/users/${user.id}`, { token: operator.token, body: { isActive: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const seen = await list(`userId=${user.id}`, operator.token);
    expect(seen.items[0]).toMatchObject({ user_is_active: false, user_name: '바뀐이름' });
  });
});

describe('the list on the wire', () => {
  it('comes brotli-compressed to a browser that accepts it, the same list once decoded', async () => {
    const plain = await fetch(`${stack.url}/api/slots?limit=50`, {
      headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'identity' },
    });
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();

    // node:http, not fetch: fetch decodes on its own and hides what was sent.
    const packed = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      request(`${stack.url}/api/slots?limit=50`, {
        headers: { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'gzip, deflate, br, zstd' },
      })
        .on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });
    expect(packed.encoding).toBe('br');
    expect(packed.body.length).toBeLessThan(plainBytes.length / 3);
    expect(JSON.parse(brotliDecompressSync(packed.body).toString())).toEqual(JSON.parse(plainBytes.toString()));
  });
});
