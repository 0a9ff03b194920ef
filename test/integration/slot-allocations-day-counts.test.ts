import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays, kstDayOf, kstDayStartIso } from '../../shared/kst';
import { stableKstToday } from '../support/kst-day';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { allocationItem, slotAllocationsStore, type AllocationRecord } from '../../functions/storage/slot-allocations';
import { transact } from '../../functions/storage/transactions';
import { bootstrap } from '../../functions/domain/bootstrap';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, resetSettings, setSetting } from '../support/slots';

/**
 * Issuance history over a period (docs/data-model.md A2, A10): the total is the sum of per-KST-day
 * counts moved in each issuance's transaction, so it reads no issuance; it must equal the issuances
 * the period's page lists, all and per operator, and issuances from before the counts join them at
 * bootstrap, once.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let opA: Awaited<ReturnType<typeof newAccount>>;
let opB: Awaited<ReturnType<typeof newAccount>>;
let user: Awaited<ReturnType<typeof newAccount>>;
let heavy: Awaited<ReturnType<typeof newAccount>>;

type Page = { allocations: Array<{ id: string; slot_count: number }>; pagination: { total: number } };
const history = async (query: string): Promise<Page> => {
  const res = await api.call('GET', `/api/slots/allocation-history?${query}`, { token: opA.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
/** The total a period shows and how many issuances its page lists (limit 100 holds them all). */
const period = async (query: string) => {
  const page = await history(`${query}&limit=100`);
  return { total: page.pagination.total, listed: page.allocations.length };
};
// One KST day for the whole file (its checks compare it with the server's today).
const today = await stableKstToday();
/** An instant on the KST day `daysAgo` days before today (10:00 KST, well inside the day). */
const onDay = (daysAgo: number, minute = 0) =>
  new Date(Date.parse(kstDayStartIso(addKstDays(today, -daysAgo))) + 3_600_000 + minute * 60_000).toISOString();

let seq = 0;
const record = (
  operator: { id: string },
  createdAt: string,
  slotCount: number,
  owner: { id: string; email: string } = user,
): AllocationRecord => ({
  id: `01DAYCOUNT${String(++seq).padStart(16, '0')}`,
  userId: owner.id,
  user_name: '가나다',
  user_email: owner.email,
  operatorId: operator.id,
  operator_name: operator === opA ? '발행담당' : '다른운영자',
  slot_count: slotCount,
  reason: null,
  memo: null,
  amount: 0,
  workCount: 0,
  startDate: today,
  endDate: today,
  is_test: false,
  payment: false,
  payment_at: null,
  payment_by: null,
  createdAt,
});
const dayCount = async (operatorId: string | undefined, daysAgo: number) => {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.slotAllocationDayCount(operatorId, addKstDays(today, -daysAgo)),
      ConsistentRead: true,
    }),
  );
  return Number(out.Item?.n ?? 0);
};

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  opA = await newAccount(stack, { role: 'operator', name: '발행담당' });
  opB = await newAccount(stack, { role: 'operator', name: '다른운영자' });
  user = await newAccount(stack, { name: '가나다' });
  heavy = await newAccount(stack, { name: '많이받음' });
  await setSetting('slotOperationMode', 'pre-allocation');
});
afterAll(async () => {
  await resetSettings('slotOperationMode');
  await stack?.stop();
});

describe('issuance totals over a period from per-day counts', () => {
  it('counts each issuance on its KST day, all and per operator, right after it is made', async () => {
    // Today through the API (A: 2, B: 1); earlier days through the issuance's own transaction items.
    for (const [token, n] of [
      [opA.token, 1],
      [opA.token, 2],
      [opB.token, 3],
    ] as const) {
      const res = await api.call('POST', `/api/slots/allocate/${user.id}`, {
        token,
        body: { slotCount: n, startDate: today, endDate: addKstDays(today, 6) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    // A: 1 day ago ×2, 5 days ago, 40 days ago; B: 5 days ago ×2, 31 days ago, and 21 to another user 2 days ago.
    const earlier: Array<[{ id: string }, number]> = [
      [opA, 1],
      [opA, 1],
      [opA, 5],
      [opA, 40],
      [opB, 5],
      [opB, 5],
      [opB, 31],
    ];
    for (const [i, [op, daysAgo]] of earlier.entries())
      await transact(slotAllocationsStore.put(record(op, onDay(daysAgo, i), 10 + i)));
    for (let i = 0; i < 21; i++) await transact(slotAllocationsStore.put(record(opB, onDay(2, i), 1, heavy)));

    expect([await dayCount(opA.id, 0), await dayCount(opA.id, 1), await dayCount(opB.id, 5)]).toEqual([2, 2, 2]);
    expect([await dayCount(undefined, 0), await dayCount(undefined, 5), await dayCount(undefined, 2)]).toEqual([
      3, 3, 21,
    ]);
    const expected: Array<[string, number]> = [
      [`operatorId=${opA.email}&dateFrom=${today}`, 2],
      [`operatorId=${opA.email}&dateFrom=${addKstDays(today, -1)}`, 4],
      [`operatorId=${opA.id}&dateFrom=${addKstDays(today, -29)}`, 5],
      [`operatorId=${opA.id}&dateFrom=${addKstDays(today, -40)}`, 6],
      [`operatorId=${opB.id}&dateFrom=${addKstDays(today, -1)}`, 1],
      [`operatorId=${opB.id}&dateFrom=${addKstDays(today, -6)}`, 24],
      [`operatorId=${opB.id}&dateFrom=${addKstDays(today, -31)}`, 25],
      [`dateFrom=${today}`, 3],
      [`dateFrom=${addKstDays(today, -29)}`, 29],
      [`dateFrom=${addKstDays(today, -90)}`, 31],
      [`dateFrom=${addKstDays(today, 1)}`, 0],
    ];
    for (const [query, n] of expected) expect(await period(query), query).toEqual({ total: n, listed: n });
    // Over all time the counters; one user's period is counted in the user's own key range.
    expect(await period(`operatorId=${opA.id}`)).toEqual({ total: 6, listed: 6 });
    expect(await period('')).toEqual({ total: 31, listed: 31 });
    expect(await period(`userId=${user.email}&dateFrom=${addKstDays(today, -5)}`)).toEqual({ total: 8, listed: 8 });
    // A full page: the rest of the period are counted, not listed.
    const full = await history(`userId=${heavy.email}&dateFrom=${addKstDays(today, -5)}&limit=20`);
    expect([full.pagination.total, full.allocations.length]).toEqual([21, 20]);
    const last = await history(`userId=${heavy.email}&dateFrom=${addKstDays(today, -5)}&limit=20&page=2`);
    expect([last.pagination.total, last.allocations.length]).toEqual([21, 1]);
    const opPage = await history(`operatorId=${opB.id}&dateFrom=${addKstDays(today, -29)}&limit=20&page=2`);
    expect([opPage.pagination.total, opPage.allocations.length]).toEqual([24, 4]);
  });

  it('counts issuances written before the day counts at bootstrap, once, however often it runs', async () => {
    // As the earlier code wrote them: keyed, counted over all time, not on their day.
    const old: Array<[{ id: string }, number]> = [
      [opA, 3],
      [opA, 3],
      [opA, 10],
      [opB, 3],
    ];
    for (const [i, [op, daysAgo]] of old.entries()) {
      const r = record(op, onDay(daysAgo, 30 + i), 90 + i);
      // Today's item without the `countedDay` mark the earlier code did not write.
      const { countedDay: _unmarked, ...item } = allocationItem(r);
      await db().send(new PutCommand({ TableName: tableName(), Item: item }));
      await transact(slotAllocationsStore.count(r.operatorId, 1));
    }
    expect(await period(`operatorId=${opA.id}&dateFrom=${addKstDays(today, -10)}`)).toEqual({ total: 5, listed: 8 });
    const stale = await slotAllocationsStore.withoutDayCount();
    expect(stale).toHaveLength(4);

    // Two instances starting at once, then a later start: each old issuance counted once, new ones left alone.
    const developer = { loginId: localStackDefaults.developerId, password: localStackDefaults.developerPassword };
    await Promise.all([bootstrap(developer), bootstrap(developer)]);
    await bootstrap(developer);
    // An instance that read them before another counted them: its transaction is refused, nothing counted twice.
    const staleA3 = stale.filter((r) => r.operatorId === opA.id && kstDayOf(r.createdAt) === addKstDays(today, -3));
    expect(staleA3).toHaveLength(2);
    expect(await slotAllocationsStore.addDayCounts(staleA3)).toBe(false);

    expect(await slotAllocationsStore.withoutDayCount()).toEqual([]);
    expect([await dayCount(opA.id, 3), await dayCount(opB.id, 3), await dayCount(undefined, 3)]).toEqual([2, 1, 3]);
    expect([await dayCount(opA.id, 10), await dayCount(undefined, 10), await dayCount(opA.id, 1)]).toEqual([1, 1, 2]);
    expect(await period(`operatorId=${opA.id}&dateFrom=${addKstDays(today, -10)}`)).toEqual({ total: 8, listed: 8 });
    expect(await period(`operatorId=${opB.id}&dateFrom=${addKstDays(today, -6)}`)).toEqual({ total: 25, listed: 25 });
    expect(await period(`dateFrom=${addKstDays(today, -29)}`)).toEqual({ total: 33, listed: 33 });
    expect(await period('')).toEqual({ total: 35, listed: 35 });
  });
});
