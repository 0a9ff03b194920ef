import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays, kstToday } from '../../shared/kst';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { slotAllocationsStore } from '../../functions/storage/slot-allocations';
import { bootstrap } from '../../functions/domain/bootstrap';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, resetSettings, setSetting } from '../support/slots';

/**
 * Issuance history by operator (docs/data-model.md A2): each operator's issuances on their own key
 * (GSI3) with a count, so a page over all time reads that operator's page only; issuances written
 * before the key existed get it at bootstrap, once.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let opA: Awaited<ReturnType<typeof newAccount>>;
let opB: Awaited<ReturnType<typeof newAccount>>;
let userX: Awaited<ReturnType<typeof newAccount>>;
let userY: Awaited<ReturnType<typeof newAccount>>;

type Row = { id: string; slot_count: number; operator_name: string; userId: string; created_at: string };
type Page = { allocations: Row[]; pagination: { page: number; limit: number; total: number; totalPages: number } };

const history = async (query: string, token = opA.token): Promise<Page> => {
  const res = await api.call('GET', `/api/slots/allocation-history?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const allocate = async (userId: string, slotCount: number, token: string) => {
  const res = await api.call('POST', `/api/slots/allocate/${userId}`, {
    token,
    body: { slotCount, startDate: kstToday(), endDate: addKstDays(kstToday(), 6) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
/** What one operator's key (GSI3) holds: the items a query over it evaluates, whoever else issued. */
const operatorPartition = async (operatorId: string) => {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI3',
      KeyConditionExpression: 'GSI3PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.slotAllocationsOfOperator(operatorId).GSI3PK },
    }),
  );
  return { scanned: out.ScannedCount, operators: new Set(out.Items!.map((i) => i.operatorId)) };
};

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  opA = await newAccount(stack, { role: 'operator', name: '발행담당' });
  opB = await newAccount(stack, { role: 'operator', name: '다른운영자' });
  userX = await newAccount(stack, { name: '가나다' });
  userY = await newAccount(stack, { name: '라마바' });
  await setSetting('slotOperationMode', 'pre-allocation');
  // 23 issuances by A (sizes 1…23, alternating users), 3 by B in between.
  for (let i = 1; i <= 23; i++) {
    await allocate(i % 2 ? userX.id : userY.id, i, opA.token);
    if (i % 6 === 0) await allocate(userX.id, 50 + i, opB.token);
  }
});
afterAll(async () => {
  await resetSettings('slotOperationMode');
  await stack?.stop();
});

describe('issuance history by operator (GSI3)', () => {
  it("finds one operator's issuances over all time on their own key, paged newest first, with the exact total", async () => {
    const scanned = await operatorPartition(opA.id);
    expect(scanned.scanned).toBe(23);
    expect([...scanned.operators]).toEqual([opA.id]);

    const first = await history(`operatorId=${opA.email}`);
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: 23, totalPages: 2 });
    expect(first.allocations.map((r) => r.slot_count)).toEqual(Array.from({ length: 20 }, (_, i) => 23 - i));
    expect(new Set(first.allocations.map((r) => r.operator_name))).toEqual(new Set(['발행담당']));
    const second = await history(`operatorId=${opA.email}&page=2`);
    expect(second.allocations.map((r) => r.slot_count)).toEqual([3, 2, 1]);
    expect((await history(`operatorId=${opA.email}&page=3`)).allocations).toEqual([]);

    // Oldest first, by size, by the owner's name, one user's by this operator: the same issuances.
    const asc = await history(`operatorId=${opA.id}&sortOrder=asc&limit=50`);
    expect(asc.allocations.map((r) => r.slot_count)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    const bySize = await history(`operatorId=${opA.id}&sortBy=slot_count&sortOrder=desc&limit=20&page=2`);
    expect(bySize.allocations.map((r) => r.slot_count)).toEqual([3, 2, 1]);
    const byName = await history(`operatorId=${opA.id}&sortBy=user_name&sortOrder=asc&limit=50`);
    expect(byName.allocations.map((r) => r.userId)).toEqual([
      ...Array<string>(12).fill(userX.id),
      ...Array<string>(11).fill(userY.id),
    ]);
    expect((await history(`operatorId=${opA.id}&userId=${userY.email}`)).pagination.total).toBe(11);
    expect((await history(`operatorId=${opB.email}`)).allocations.map((r) => r.slot_count)).toEqual([68, 62, 56]);
    // Today (a key range on the operator's key), tomorrow (none), everything (the global count).
    expect((await history(`operatorId=${opA.id}&dateFrom=${kstToday()}&limit=50`)).pagination.total).toBe(23);
    expect((await history(`operatorId=${opA.id}&dateFrom=${addKstDays(kstToday(), 1)}`)).pagination.total).toBe(0);
    const all = await history('limit=50');
    expect(all.pagination.total).toBe(26);
    expect(all.allocations.map((r) => r.created_at)).toEqual(
      all.allocations
        .map((r) => r.created_at)
        .sort()
        .reverse(),
    );
    expect((await history('operatorId=nobody-here')).pagination.total).toBe(0);
  });

  it('keys and counts issuances written before the operator key at bootstrap, once, however often it runs', async () => {
    // Three issuances as the earlier code wrote them: no GSI3 key, no count.
    const old = [1, 2, 3].map((n) => {
      const createdAt = new Date(Date.now() - n * 86_400_000 * 40).toISOString();
      const id = `01OLDISSUANCE0000000000000${n}`;
      return {
        ...keys.slotAllocation(id),
        ...keys.slotAllocationListing(createdAt, id),
        ...keys.slotAllocationsOfUser(userY.id, createdAt, id),
        entity: 'slotAllocation',
        id,
        createdAt,
        userId: userY.id,
        user_name: '라마바',
        user_email: userY.email,
        operatorId: n === 3 ? opB.id : opA.id,
        operator_name: n === 3 ? '다른운영자' : '발행담당',
        slot_count: 100 + n,
        reason: null,
        memo: null,
        amount: 0,
        workCount: 0,
        startDate: '2026-01-01',
        endDate: '2026-01-07',
        is_test: false,
        payment: false,
        payment_at: null,
        payment_by: null,
      };
    });
    for (const item of old) await db().send(new PutCommand({ TableName: tableName(), Item: item }));
    expect((await history(`operatorId=${opA.id}&limit=50`)).allocations.map((r) => r.slot_count)).not.toContain(101);

    // Two instances starting at once, then a later start: each old issuance keyed and counted once.
    const developer = { loginId: localStackDefaults.developerId, password: localStackDefaults.developerPassword };
    await Promise.all([bootstrap(developer), bootstrap(developer)]);
    await bootstrap(developer);

    const a = await history(`operatorId=${opA.id}&limit=50`);
    expect(a.pagination.total).toBe(25);
    expect(a.allocations.slice(-2).map((r) => r.slot_count)).toEqual([101, 102]);
    expect((await history(`operatorId=${opB.id}`)).allocations.map((r) => r.slot_count)).toEqual([68, 62, 56, 103]);
    expect((await history('limit=50')).pagination.total).toBe(29);
    expect(await slotAllocationsStore.total(opA.id)).toBe(25);
    expect(await slotAllocationsStore.total()).toBe(29);
    expect(await slotAllocationsStore.withoutOperatorKey()).toEqual([]);
    expect((await operatorPartition(opA.id)).scanned).toBe(25);
  });
});
