import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays } from '../../shared/kst';
import { stableKstToday } from '../support/kst-day';
import { slotQueryMessages } from '../../shared/messages/slots';
import { COMBINED_MAX_DAYS } from '../../functions/domain/slots/queries';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, row, setSetting } from '../support/slots';

/**
 * The slot console's combined advanced search (GET /api/slots with keyword, url, productName, user,
 * slotNumber together with the registration period and status): every field given must match, and
 * the search reads a narrowed partition (a user's slots or a registration period), never every slot.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;
let alice: Awaited<ReturnType<typeof newAccount>>;
let bob: Awaited<ReturnType<typeof newAccount>>;
const aliceIds: string[] = [];
// One KST day for the whole file (its checks compare it with the server's today).
const today = await stableKstToday();

type Page = { items: Array<{ id: string; slot_number: number; keyword: string; userId: string }>; pagination: any };
const search = async (query: string) => {
  const res = await api.call('GET', `/api/slots?${query}`, { token: operator.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Page;
};
/** Every page of a search, `limit` at a time. */
async function allPages(query: string, limit = 10) {
  const ids: string[] = [];
  let total = -1;
  for (let page = 1; page < 50; page++) {
    const data = await search(`${query}&limit=${limit}&page=${page}`);
    total = data.pagination.total;
    ids.push(...data.items.map((s) => s.id));
    if (data.items.length < limit) break;
  }
  return { ids, total };
}
const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  await setSetting('maxSlotsPerUser', 1000);
  operator = await newAccount(stack, { role: 'operator' });
  alice = await newAccount(stack, { balance: 100_000_000, name: '김앨리스' });
  bob = await newAccount(stack, { balance: 100_000_000, name: '박밥' });
  // Alice: 25 slots, odd ones '무선 마우스 n', even ones '기계식 키보드 n'; Bob: 6 '무선 마우스' slots.
  const res = await api.call('POST', '/api/slots/bulk', {
    token: alice.token,
    body: {
      rows: Array.from({ length: 25 }, (_, i) =>
        row(i + 1, { keywords: i % 2 === 0 ? `무선 마우스 ${i + 1}` : `기계식 키보드 ${i + 1}` }),
      ),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  aliceIds.push(...res.body.data.slotIds);
  await api.call('POST', '/api/slots/bulk', {
    token: bob.token,
    body: { rows: Array.from({ length: 6 }, (_, i) => row(100 + i, { keywords: `무선 마우스 ${100 + i}` })) },
  });
  // Alice's #3 has a product name; her #25 was registered 200 days ago (outside the default periods).
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.slot(aliceIds[2]),
      UpdateExpression: 'SET product_name = :p',
      ExpressionAttributeValues: { ':p': '로지텍 무선 마우스 M331' },
    }),
  );
  const old = `${addKstDays(today, -200)}T03:00:00.000Z`;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.slot(aliceIds[24]),
      UpdateExpression: 'SET createdAt = :c, GSI2SK = :s, GSI1SK = :s',
      ExpressionAttributeValues: { ':c': old, ':s': `${old}#${aliceIds[24]}` },
    }),
  );
});
afterAll(() => stack?.stop());

describe('combined advanced search', () => {
  it('combines a Korean keyword with the user (login id) and pages without duplicates or gaps', async () => {
    const { ids, total } = await allPages(q({ keyword: '무선', user: alice.email }), 10);
    // Alice's odd slots: #1, #3 … #25 = 13, also the one registered 200 days ago (a user narrows, no period cap).
    expect(total).toBe(13);
    expect(ids).toHaveLength(13);
    expect(new Set(ids).size).toBe(13);
    expect(new Set(ids)).toEqual(new Set(aliceIds.filter((_, i) => i % 2 === 0)));
  });

  it('requires every field given to match: keyword, product name, slot number and user', async () => {
    expect(
      (await search(q({ keyword: '무선', productName: '로지텍' }) + `&dateFrom=${addKstDays(today, -7)}`)).items.map(
        (s) => s.id,
      ),
    ).toEqual([aliceIds[2]]);
    expect((await search(q({ user: alice.id, slotNumber: 4 }))).items.map((s) => s.keyword)).toEqual([
      '기계식 키보드 4',
    ]);
    expect((await search(q({ user: alice.id, slotNumber: 4, keyword: '무선' }))).items).toEqual([]);
    expect((await search(q({ user: bob.email.toUpperCase(), keyword: '마우스' }))).pagination.total).toBe(6);
    expect((await search(q({ user: 'nobody-such', keyword: '마우스' }))).pagination.total).toBe(0);
    // userId and user naming two different accounts: nothing.
    expect((await search(q({ userId: alice.id, user: bob.id }))).pagination.total).toBe(0);
  });

  it('narrows by the registration period and status across users', async () => {
    const recent = await allPages(q({ keyword: '무선 마우스', dateFrom: addKstDays(today, -30), dateTo: today }), 10);
    // Alice's 12 recent odd slots and Bob's 6; the 200-day-old one lies outside the period.
    expect(recent.total).toBe(18);
    expect(new Set(recent.ids).size).toBe(18);
    expect(recent.ids).not.toContain(aliceIds[24]);
    const old = await search(
      q({ keyword: '마우스', dateFrom: addKstDays(today, -210), dateTo: addKstDays(today, -190) }),
    );
    expect(old.items.map((s) => s.id)).toEqual([aliceIds[24]]);
    // Only dateTo: the period reaches back COMBINED_MAX_DAYS days.
    expect((await search(q({ keyword: '마우스', dateTo: today }))).pagination.total).toBe(18);
    expect((await search(q({ keyword: '마우스', dateTo: today, status: 'pending' }))).pagination.total).toBe(18);
    expect((await search(q({ keyword: '마우스', dateTo: today, status: 'active' }))).pagination.total).toBe(0);
    expect((await search(q({ url: 'products/1105', dateTo: today }))).items.map((s) => s.userId)).toEqual([bob.id]);
  });

  it('a period read once is shared by later searches, and a new slot shows at once', async () => {
    const period = { dateFrom: addKstDays(today, -30), dateTo: today };
    expect((await search(q({ keyword: '키보드', ...period }))).pagination.total).toBe(12);
    // Another field over the same period filters the same read.
    expect((await search(q({ keyword: '키보드 10', ...period }))).items.map((s) => s.keyword)).toEqual([
      '기계식 키보드 10',
    ]);
    const res = await api.call('POST', '/api/slots/bulk', {
      token: bob.token,
      body: { rows: [row(200, { keywords: '기계식 키보드 200' })] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await search(q({ keyword: '키보드', ...period }))).pagination.total).toBe(13);
  });

  it('refuses a search that would read every slot, and bad input, in Korean', async () => {
    const bad = async (query: string) => {
      const res = await api.call('GET', `/api/slots?${query}`, { token: operator.token });
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    expect(await bad(q({ keyword: '무선' }))).toBe(slotQueryMessages.combinedNeedsNarrowing(COMBINED_MAX_DAYS));
    expect(await bad(q({ keyword: '무선', dateFrom: addKstDays(today, -COMBINED_MAX_DAYS), dateTo: today }))).toBe(
      slotQueryMessages.combinedNeedsNarrowing(COMBINED_MAX_DAYS),
    );
    expect(await bad(q({ keyword: '무선', dateFrom: today, dateTo: addKstDays(today, -1) }))).toMatch(/종료일/);
    expect(await bad(q({ user: alice.id, slotNumber: 0 }))).toMatch(/[가-힣]/);
    expect(await bad(q({ user: alice.id, slotNumber: 'abc' }))).toMatch(/[가-힣]/);
  });
});
