import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays } from '../../shared/kst';
import { stableKstToday } from '../support/kst-day';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, row, setSetting } from '../support/slots';

/**
 * GET /api/slots for staff without userId, paged in the table (functions/domain/slots/staff-list.ts):
 * every page, total and order must be what the full in-memory read answers (forced here with a
 * registration period covering everything), also after changes and for the dated statuses.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;
const allIds: string[] = [];
// One KST day for the whole file (its checks compare it with the server's today).
const today = await stableKstToday();

const list = async (query: string) => {
  const res = await api.call('GET', `/api/slots?${query}`, { token: operator.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    items: Array<{ id: string; displayStatus: string }>;
    pagination: { total: number; totalPages: number };
  };
};
/** Every page of a query, 10 at a time (the paged path) or 200 at a time through the full read. */
async function everything(query: string, fullRead: boolean) {
  const limit = fullRead ? 200 : 10;
  const ids: string[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const data = await list(`${query}&limit=${limit}&page=${page}${fullRead ? '&dateFrom=2000-01-01' : ''}`);
    total = data.pagination.total;
    ids.push(...data.items.map((s) => s.id));
    if (data.items.length < limit) break;
  }
  return { ids, total };
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  await setSetting('maxSlotsPerUser', 1000);
  operator = await newAccount(stack, { role: 'operator' });
  // Bulks share one registration time per request (ties ordered by slot number), singles do not.
  for (const [rows, bulks] of [
    [60, 2],
    [35, 3],
    [1, 20],
  ] as const) {
    const user = await newAccount(stack, { balance: 100_000_000 });
    for (let b = 0; b < bulks; b++) {
      const res = await api.call('POST', '/api/slots/bulk', {
        token: user.token,
        body: { rows: Array.from({ length: rows }, (_, i) => row(b * 100 + i + 1)) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      allIds.push(...res.body.data.slotIds);
    }
  }
  for (const id of allIds.filter((_, i) => i % 7 === 0)) {
    const res = await api.call('POST', `/api/slots/${id}/approve`, {
      token: operator.token,
      body: { approved: true, approvedPrice: 50_000 },
    });
    expect(res.status).toBe(200);
  }
  // Three approved slots start next week: stored active, shown as waiting until then.
  for (const id of allIds.filter((_, i) => i % 7 === 0).slice(0, 3)) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.slot(id),
        UpdateExpression: 'SET startDate = :s',
        ExpressionAttributeValues: { ':s': addKstDays(today, 7) },
      }),
    );
  }
}, 120_000);
afterAll(() => stack?.stop());

describe('staff list paged in the table', () => {
  it.each([
    'status=pending&sortOrder=desc',
    'status=pending&sortOrder=asc',
    'status=active',
    'status=waiting',
    'status=all',
    'sortOrder=asc',
  ])('answers %s page by page exactly as the full read', async (query) => {
    const paged = await everything(query, false);
    const full = await everything(query, true);
    expect(paged.ids).toEqual(full.ids);
    expect(paged.total).toBe(full.total);
    expect(paged.ids.length).toBe(full.total);
  });

  it('counts what it shows: 245 slots, 35 approved of which 3 wait for their start', async () => {
    expect((await list('status=all')).pagination.total).toBe(245);
    expect((await list('status=pending')).pagination.total).toBe(210);
    expect((await list('status=active')).pagination).toMatchObject({ total: 32, totalPages: 4 });
    const waiting = await list('status=waiting');
    expect(waiting.pagination.total).toBe(3);
    expect(waiting.items.every((s) => s.displayStatus === 'waiting')).toBe(true);
  });

  it('answers a deep page first, and the next call after a change sees the change', async () => {
    const full = await everything('status=pending', true);
    const deep = await list('status=pending&limit=10&page=17');
    expect(deep.items.map((s) => s.id)).toEqual(full.ids.slice(160, 170));
    // Approve a slot listed before that page: every later one moves up by one.
    const moved = full.ids[5];
    expect(
      (
        await api.call('POST', `/api/slots/${moved}/approve`, {
          token: operator.token,
          body: { approved: true, approvedPrice: 50_000 },
        })
      ).status,
    ).toBe(200);
    const after = await list('status=pending&limit=10&page=17');
    expect(after.pagination.total).toBe(full.total - 1);
    expect(after.items.map((s) => s.id)).toEqual(full.ids.filter((id) => id !== moved).slice(160, 170));
    expect((await list('status=active')).pagination.total).toBe(33);
    expect((await list('status=pending&limit=10&page=22')).items).toEqual([]);
  });
});
