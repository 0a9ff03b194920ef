import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays, kstToday } from '../../shared/kst';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { slotsStore } from '../../functions/storage/slots';
import { sweepUncommittedBulkRows } from '../../functions/domain/slots/status-job';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, productUrl, resetSettings, setSetting } from '../support/slots';

/** Pre-allocation issuance, its history, payment flag, the slots of an issuance and extensions. */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '발행운영자' });
  await setSetting('slotOperationMode', 'pre-allocation');
});
afterAll(async () => {
  await resetSettings('slotOperationMode');
  await stack?.stop();
});

const today = () => kstToday();
const call = (method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) =>
  api.call(method, path, { token, body, headers });
const allocate = (
  userId: string,
  body: Record<string, unknown>,
  token = operator.token,
  headers: Record<string, string> = {},
) =>
  call(
    'POST',
    `/api/slots/allocate/${userId}`,
    token,
    { slotCount: 3, startDate: today(), endDate: addKstDays(today(), 6), ...body },
    headers,
  );
const countsOf = async (userId: string) =>
  (await call('GET', `/api/slots/count?userId=${userId}`, operator.token)).body.data;
const history = async (query = '') =>
  (await call('GET', `/api/slots/allocation-history${query}`, operator.token)).body.data;
const slotsOf = async (allocationId: string) =>
  (await call('GET', `/api/slots/by-allocation/${allocationId}`, operator.token)).body.data;
const fill = (id: string, token: string, n = 1) =>
  call('PUT', `/api/slots/${id}/fill`, token, { keyword: `키워드${n}`, url: productUrl(n) });
const extend = (id: string, extensionDays: unknown = 10, headers: Record<string, string> = {}) =>
  call('POST', `/api/slots/${id}/extend`, operator.token, { extensionDays }, headers);

describe('POST /api/slots/allocate/{userId}', () => {
  it('refuses users, bad input and normal mode with the spec texts and writes nothing', async () => {
    const user = await newAccount(stack);
    expect((await allocate(user.id, {}, user.token)).status).toBe(403);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ slotCount: 0 }, '슬롯 개수는 1개 이상이어야 합니다.'],
      [{ slotCount: 1001 }, '슬롯 개수는 1000개를 초과할 수 없습니다.'],
      [{ slotCount: 2.5 }, '슬롯 개수는 1개 이상이어야 합니다.'],
      [{ endDate: addKstDays(today(), -1) }, '종료일은 시작일보다 늦어야 합니다.'],
      [{ startDate: '' }, '시작일을 입력해주세요.'],
      [{ endDate: undefined }, '종료일을 입력해주세요.'],
      [{ amount: -1 }, '금액은 0 이상이어야 합니다.'],
      [{ workCount: -3 }, '작업 수는 0 이상이어야 합니다.'],
    ];
    for (const [body, text] of cases) {
      const res = await allocate(user.id, body);
      expect(res.status, text).toBe(400);
      expect(res.body.error).toBe(text);
    }
    const toStaff = await allocate(operator.id, {});
    expect(toStaff.status).toBe(400);
    expect(toStaff.body.error).toBe('일반 사용자에게만 선슬롯을 발행할 수 있습니다.');
    expect((await allocate('no-such-user', {})).status).toBe(404);
    await setSetting('slotOperationMode', 'normal');
    try {
      const normal = await allocate(user.id, {});
      expect(normal.status).toBe(409);
      expect(normal.body.error).toBe('선슬롯 발행은 선슬롯 운영 모드에서만 가능합니다.');
    } finally {
      await setSetting('slotOperationMode', 'pre-allocation');
    }
    expect(await countsOf(user.id)).toMatchObject({ allocated: 0, used: 0 });
    expect((await history(`?userId=${user.id}`)).pagination.total).toBe(0);
  });

  it('issues only to a live advertiser: a deleted account is not found, a deactivated one refused; nothing written', async () => {
    const gone = await newAccount(stack);
    const resting = await newAccount(stack);
    expect((await call('DELETE', `/api/users/${gone.id}`, operator.token)).status).toBe(200);
    expect((await call('PUT', `/api/users/${resting.id}`, operator.token, { isActive: false })).status).toBe(200);

    const deleted = await allocate(gone.id, {});
    expect(deleted.status).toBe(404);
    expect(deleted.body.error).toBe('사용자를 찾을 수 없습니다.');
    const inactive = await allocate(resting.id, {});
    expect(inactive.status).toBe(409);
    expect(inactive.body.error).toBe(
      '비활성화된 계정에는 선슬롯을 발행할 수 없습니다. 계정을 활성화한 뒤 발행해주세요.',
    );
    for (const id of [gone.id, resting.id]) {
      expect(await slotsStore.listSlotsOfUser(id)).toEqual([]);
      expect((await history(`?userId=${id}`)).pagination.total).toBe(0);
    }
  });

  it('issues more slots than one transaction holds, with their period, allocation id and one history record', async () => {
    const user = await newAccount(stack, { name: '발행받는이' });
    const start = addKstDays(today(), 1);
    const res = await allocate(user.id, {
      slotCount: 120,
      startDate: start,
      endDate: addKstDays(start, 9),
      workCount: 5,
      amount: 300_000,
      description: '3월 선결제분',
      memo: '담당자 확인 후 입금 예정인 건입니다 (세금계산서 발행)',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      message: '선슬롯 발행이 완료되었습니다.',
      startDate: start,
      endDate: addKstDays(start, 9),
    });
    const { allocationId, slotIds } = res.body.data;
    expect(slotIds).toHaveLength(120);
    expect(await countsOf(user.id)).toMatchObject({ allocated: 120, used: 0, available: 120 });

    const slots = await slotsOf(allocationId);
    expect(slots).toHaveLength(120);
    expect(slots.map((s: any) => s.slot_number)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(slots[0]).toMatchObject({
      status: 'empty',
      allocation_id: allocationId,
      pre_allocation_start_date: start,
      pre_allocation_end_date: addKstDays(start, 9),
      startDate: start,
      is_test: false,
      pre_allocation_amount: 300_000,
      workCount: 5,
    });
    // Each issued slot's change log names who issued it and why.
    const logs = (await api.call('GET', `/api/slots/${slotIds[119]}/logs`, { token: operator.token })).body.data;
    expect(logs).toEqual([
      expect.objectContaining({
        change_type: 'status_change',
        new_value: 'empty',
        full_name: '발행운영자',
        description: `선슬롯 발행 (${start} ~ ${addKstDays(start, 9)}): 3월 선결제분`,
      }),
    ]);

    const { allocations, pagination } = await history(`?userId=${user.id}`);
    expect(pagination.total).toBe(1);
    expect(allocations[0]).toMatchObject({
      id: allocationId,
      user_name: '발행받는이',
      user_email: user.email,
      current_user_name: '발행받는이',
      operator_name: '발행운영자',
      slot_count: 120,
      reason: '3월 선결제분',
      memo: '담당자 확인 후 입금 예정인 건입니다 (세금계산서 발행)',
      amount: 300_000,
      payment: false,
    });
  });

  it('a test slot runs 3 days from its start and is free; a retried request issues once', async () => {
    const user = await newAccount(stack);
    const res = await allocate(user.id, {
      slotCount: 2,
      endDate: addKstDays(today(), 29),
      amount: 50_000,
      isTest: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.endDate).toBe(addKstDays(today(), 2));
    const [slot] = await slotsOf(res.body.data.allocationId);
    expect(slot).toMatchObject({
      is_test: true,
      pre_allocation_end_date: addKstDays(today(), 2),
      pre_allocation_amount: 0,
    });
    expect((await history(`?userId=${user.id}`)).allocations[0]).toMatchObject({ amount: 0, is_test: true });

    const key = { 'idempotency-key': crypto.randomUUID() };
    const twins = await Promise.all(
      Array.from({ length: 5 }, () => allocate(user.id, { slotCount: 4 }, operator.token, key)),
    );
    expect(twins.map((t) => t.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(twins.map((t) => t.body.data.allocationId)).size).toBe(1);
    expect(new Set(twins.map((t) => t.body.data.slotIds.join())).size).toBe(1);
    expect(await countsOf(user.id)).toMatchObject({ allocated: 6 });
    expect((await history(`?userId=${user.id}`)).pagination.total).toBe(2);
    expect(await slotsOf(twins[0].body.data.allocationId)).toHaveLength(4);
    // The same key with other terms is another request: refused (422, the shared Idempotency-Key rule).
    const other = await allocate(user.id, { slotCount: 9 }, operator.token, key);
    expect(other.status).toBe(422);
    expect(await countsOf(user.id)).toMatchObject({ allocated: 6 });
  });
});

describe('an issuance that never committed', () => {
  it('its slots are invisible and uncounted, and the nightly sweep deletes them after an hour', async () => {
    const user = await newAccount(stack);
    const { slotIds } = (await allocate(user.id, { slotCount: 1 })).body.data;
    const template = (await slotsStore.get(slotIds[0]))!;
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    // Rows written by an issuance whose commit (counters + bulk and history records) never happened.
    const orphan = {
      ...template,
      id: 'ANEVERCOMMITTED000000000000',
      bulkId: 'ANEVERCOMMITTED0000000',
      allocation_id: 'ANEVERCOMMITTED0000000',
      createdAt: twoHoursAgo,
    };
    await slotsStore.putBulkSlots([orphan]);
    expect((await call('GET', `/api/slots/${orphan.id}`, operator.token)).status).toBe(404);
    expect(
      (await call('GET', '/api/slots?status=empty&limit=100', user.token)).body.data.items.map((s: any) => s.id),
    ).toEqual(slotIds);
    expect((await call('GET', `/api/slots/by-allocation/${orphan.bulkId}`, operator.token)).status).toBe(404);

    expect(await sweepUncommittedBulkRows()).toBeGreaterThanOrEqual(1);
    expect(await slotsStore.get(orphan.id)).toBeUndefined();
    expect(await slotsStore.get(slotIds[0])).toBeDefined();
    expect(await countsOf(user.id)).toMatchObject({ allocated: 1 });
  });
});

describe('GET /api/slots/allocation-history and payment', () => {
  it('filters, sorts, pages and prefers the current user name', async () => {
    const a = await newAccount(stack, { name: '가나다' });
    const b = await newAccount(stack, { name: '하하하' });
    const otherOperator = await newAccount(stack, { role: 'operator', name: '다른운영자' });
    for (let i = 1; i <= 21; i += 1) expect((await allocate(a.id, { slotCount: i })).status).toBe(201);
    expect((await allocate(b.id, { slotCount: 50 }, otherOperator.token)).status).toBe(201);

    const first = await history(`?userId=${a.id}`);
    expect(first.pagination).toEqual({ page: 1, limit: 20, total: 21, totalPages: 2 });
    expect(first.allocations.map((r: any) => r.slot_count)).toEqual(Array.from({ length: 20 }, (_, i) => 21 - i));
    expect((await history(`?userId=${a.id}&page=2`)).allocations.map((r: any) => r.slot_count)).toEqual([1]);
    const bySize = await history(`?userId=${a.id}&sortBy=slot_count&sortOrder=asc&limit=50`);
    expect(bySize.allocations.map((r: any) => r.slot_count)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));

    const byOperator = await history(`?operatorId=${otherOperator.id}`);
    expect(byOperator.allocations.map((r: any) => [r.user_name, r.slot_count, r.operator_name])).toEqual([
      ['하하하', 50, '다른운영자'],
    ]);
    expect((await history(`?dateFrom=${today()}&operatorId=${otherOperator.id}`)).pagination.total).toBe(1);
    expect((await history(`?dateFrom=${addKstDays(today(), 1)}`)).pagination.total).toBe(0);
    // Searched by login id too (user and operator, at once), pages without duplicates or gaps; nobody → none.
    expect((await history(`?operatorId=${otherOperator.email.toUpperCase()}`)).pagination.total).toBe(1);
    expect((await history(`?userId=${b.email}&operatorId=${otherOperator.email}`)).pagination.total).toBe(1);
    expect((await history(`?userId=${a.email}&operatorId=${otherOperator.email}`)).pagination.total).toBe(0);
    expect((await history(`?userId=${encodeURIComponent('없는사용자')}`)).pagination.total).toBe(0);
    const pages = [await history(`?userId=${a.email}`), await history(`?userId=${a.email}&page=2`)];
    const seen = pages.flatMap((p) => p.allocations.map((r: any) => r.id));
    expect(seen).toHaveLength(21);
    expect(new Set(seen).size).toBe(21);

    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(b.id),
        UpdateExpression: 'SET fullName = :n',
        ExpressionAttributeValues: { ':n': '가가가' },
      }),
    );
    const names = (await history('?sortBy=user_name&sortOrder=asc&limit=100')).allocations.map(
      (r: any) => r.current_user_name ?? r.user_name,
    );
    expect(names.indexOf('가가가')).toBeLessThan(names.indexOf('가나다'));
    expect((await history(`?operatorId=${otherOperator.id}`)).allocations[0]).toMatchObject({
      user_name: '하하하',
      current_user_name: '가가가',
    });

    const bad = await call('GET', '/api/slots/allocation-history?limit=10', operator.token);
    expect(bad.status).toBe(400);
    expect((await call('GET', '/api/slots/allocation-history', a.token)).status).toBe(403);
  });

  it('sets and clears the payment flag; users get 403; unknown issuances 404', async () => {
    const user = await newAccount(stack);
    const { allocationId } = (await allocate(user.id, {})).body.data;
    const pay = (payment: unknown, token = operator.token, id = allocationId) =>
      call('PATCH', `/api/slots/allocation-history/${id}/payment`, token, { payment });
    expect((await pay(true, user.token)).status).toBe(403);
    expect((await pay('yes')).status).toBe(400);
    expect((await pay(true, operator.token, 'nope')).status).toBe(404);
    expect((await history(`?userId=${user.id}`)).allocations[0].payment).toBe(false);
    expect((await pay(true)).body.data).toMatchObject({ id: allocationId, payment: true });
    expect((await history(`?userId=${user.id}`)).allocations[0]).toMatchObject({ payment: true });
    expect((await pay(false)).body.data.payment).toBe(false);
    expect((await history(`?userId=${user.id}`)).allocations[0].payment).toBe(false);
    expect((await call('GET', `/api/slots/by-allocation/${allocationId}`, user.token)).status).toBe(403);
    expect((await call('GET', '/api/slots/by-allocation/nope', operator.token)).status).toBe(404);
  });
});

describe('POST /api/slots/{id}/extend', () => {
  it('extends an approved slot ending within 7 days: a linked, paid child from the day after, counters and logs', async () => {
    const user = await newAccount(stack);
    const end = addKstDays(today(), 6);
    const { allocationId, slotIds } = (await allocate(user.id, { slotCount: 2, endDate: end })).body.data;
    const empty = await extend(slotIds[1]);
    expect(empty.status).toBe(409);
    expect(empty.body.error).toBe('승인된 슬롯만 연장할 수 있습니다.');
    expect((await fill(slotIds[0], user.token)).body.data.status).toBe('active');
    expect((await extend(slotIds[0], 5)).body.error).toBe('연장 기간은 1, 7, 10, 30일 중 하나여야 합니다.');
    expect((await call('POST', `/api/slots/${slotIds[0]}/extend`, user.token, { extensionDays: 10 })).status).toBe(403);

    const res = await extend(slotIds[0], 10);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('슬롯이 10일 연장되었습니다.');
    const child = res.body.data.slot;
    expect(child).toMatchObject({
      parent_slot_id: slotIds[0],
      is_extended: true,
      extension_days: 10,
      payment_completed: true,
      allocation_id: allocationId,
      status: 'waiting',
      startDate: addKstDays(end, 1),
      endDate: addKstDays(end, 10),
      keyword: '키워드1',
      url: productUrl(1),
      slot_number: 3,
      userId: user.id,
    });
    expect((await call('GET', `/api/slots/${slotIds[0]}`, operator.token)).body.data.has_extension).toBe(true);
    expect((await countsOf(user.id)).byStatus).toMatchObject({ empty: 1, active: 1, waiting: 1 });
    const parentLogs = (await call('GET', `/api/slots/${slotIds[0]}/logs`, operator.token)).body.data;
    expect(parentLogs[0]).toMatchObject({ field_key: 'has_extension', description: '10일 연장 (연장 슬롯 #3)' });
    const childLogs = (await call('GET', `/api/slots/${child.id}/logs`, operator.token)).body.data;
    expect(childLogs).toHaveLength(1);
    expect(childLogs[0]).toMatchObject({ change_type: 'approve', new_value: 'waiting' });
    expect((await slotsOf(allocationId)).map((s: any) => s.id)).toEqual([slotIds[0], slotIds[1], child.id]);

    const again = await extend(slotIds[0]);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('이미 연장된 슬롯입니다.');
  });

  it('refuses a slot ending more than 7 days ahead; an ended slot continues from today; normal mode refuses', async () => {
    const user = await newAccount(stack);
    const far = (await allocate(user.id, { slotCount: 1, endDate: addKstDays(today(), 8) })).body.data.slotIds[0];
    await fill(far, user.token);
    const early = await extend(far);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('종료일 7일 전부터 연장할 수 있습니다.');

    // Filled while it ran; its period ended two days ago (an unfilled one would have expired instead).
    const past = (await allocate(user.id, { slotCount: 1 })).body.data.slotIds[0];
    await fill(past, user.token);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.slot(past),
        UpdateExpression: 'SET startDate = :s, endDate = :e',
        ExpressionAttributeValues: { ':s': addKstDays(today(), -10), ':e': addKstDays(today(), -2) },
      }),
    );
    expect((await call('GET', `/api/slots/${past}`, operator.token)).body.data.displayStatus).toBe('completed');
    const res = await extend(past, 1);
    expect(res.body.data.slot).toMatchObject({
      startDate: today(),
      endDate: today(),
      status: 'active',
      extension_days: 1,
    });

    await setSetting('slotOperationMode', 'normal');
    try {
      const normal = await extend(res.body.data.slot.id, 7);
      expect(normal.status).toBe(409);
      expect(normal.body.error).toBe('슬롯 연장은 선슬롯 운영 모드에서만 가능합니다.');
    } finally {
      await setSetting('slotOperationMode', 'pre-allocation');
    }
  });

  it('creates exactly one extension under 10 concurrent calls; a retry with the winning key gets its answer', async () => {
    const user = await newAccount(stack);
    const [slotId] = (await allocate(user.id, { slotCount: 1 })).body.data.slotIds;
    await fill(slotId, user.token);
    const keysUsed = Array.from({ length: 10 }, () => crypto.randomUUID());
    const results = await Promise.all(keysUsed.map((k) => extend(slotId, 7, { 'idempotency-key': k })));
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error === '이미 연장된 슬롯입니다.')).toBe(true);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const winningKey = keysUsed[results.indexOf(won[0])];
    const retry = await extend(slotId, 7, { 'idempotency-key': winningKey });
    expect(retry.status).toBe(200);
    expect(retry.body.data.slot.id).toBe(won[0].body.data.slot.id);
    const counts = await countsOf(user.id);
    expect(counts.allocated).toBe(2);
    const list = (await call('GET', `/api/slots?userId=${user.id}&limit=10`, operator.token)).body.data.items;
    expect(list.filter((s: any) => s.parent_slot_id === slotId)).toHaveLength(1);
  });
});

describe('POST /api/slots/extend-bulk', () => {
  it('extends every eligible slot of an issuance and counts them', async () => {
    const user = await newAccount(stack);
    const { allocationId, slotIds } = (await allocate(user.id, { slotCount: 5 })).body.data;
    const bulk = (body: unknown, token = operator.token, headers: Record<string, string> = {}) =>
      call('POST', '/api/slots/extend-bulk', token, body, headers);
    const none = await bulk({ allocationHistoryId: allocationId, extensionDays: 10 });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('연장 가능한 슬롯이 없습니다.');
    expect((await bulk({ allocationHistoryId: allocationId, extensionDays: 10 }, user.token)).status).toBe(403);
    expect((await bulk({ allocationHistoryId: 'nope', extensionDays: 10 })).status).toBe(404);

    for (const [i, id] of slotIds.slice(0, 3).entries()) await fill(id, user.token, i + 1);
    const key = { 'idempotency-key': crypto.randomUUID() };
    const res = await bulk({ allocationHistoryId: allocationId, extensionDays: 1 }, operator.token, key);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      extended: 3,
      failed: 0,
      total: 3,
      skipped: 2,
      message: '3개 슬롯이 연장되었습니다.',
    });
    // A retry replays; without the key the new 1-day extensions (ending within 7 days) are extended in turn.
    expect(
      (await bulk({ allocationHistoryId: allocationId, extensionDays: 1 }, operator.token, key)).body.data.extended,
    ).toBe(3);
    expect((await slotsOf(allocationId)).filter((s: any) => s.extension_days === 1)).toHaveLength(3);
    const next = await bulk({ allocationHistoryId: allocationId, extensionDays: 30 });
    expect(next.body.data).toMatchObject({ extended: 3, total: 3, skipped: 5 });
    const slots = await slotsOf(allocationId);
    expect(slots).toHaveLength(11);
    expect(
      slots
        .filter((s: any) => s.extension_days === 30)
        .every((s: any) => s.parent_slot_id && s.endDate === addKstDays(s.startDate, 29)),
    ).toBe(true);
    expect(await countsOf(user.id)).toMatchObject({ allocated: 11, available: 2 });
  });
});

describe('GET /api/slots/{id}/extensions (the advertiser’s extension history)', () => {
  it('gives the owner the chain’s extensions from either end, an empty list without any, and 404 to others', async () => {
    const user = await newAccount(stack);
    const stranger = await newAccount(stack);
    const end = addKstDays(today(), 3);
    const { slotIds } = (await allocate(user.id, { slotCount: 2, endDate: end })).body.data;
    await fill(slotIds[0], user.token, 5);
    await fill(slotIds[1], user.token, 6);

    const none = await call('GET', `/api/slots/${slotIds[0]}/extensions`, user.token);
    expect(none.status).toBe(200);
    expect(none.body.data.items).toEqual([]);

    const child = (await extend(slotIds[0], 7)).body.data.slot;
    const expected = {
      slot_id: child.id,
      slot_number: child.slot_number,
      parent_slot_id: slotIds[0],
      parent_slot_number: 1,
      extension_days: 7,
      startDate: addKstDays(end, 1),
      endDate: addKstDays(end, 7),
      displayStatusLabel: '진행대기',
    };
    const fromParent = await call('GET', `/api/slots/${slotIds[0]}/extensions`, user.token);
    expect(fromParent.body.data.items).toEqual([{ ...expected, extended_at: expect.any(String) }]);
    const fromChild = await call('GET', `/api/slots/${child.id}/extensions`, user.token);
    expect(fromChild.body.data.items).toEqual(fromParent.body.data.items);
    // The other slot of the same issuance has its own (empty) history.
    expect((await call('GET', `/api/slots/${slotIds[1]}/extensions`, user.token)).body.data.items).toEqual([]);

    // Owner-only: another user reads nothing of it (404, as for the slot itself); staff may.
    const foreign = await call('GET', `/api/slots/${slotIds[0]}/extensions`, stranger.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('슬롯을 찾을 수 없습니다.');
    expect(foreign.body.data).toBeUndefined();
    expect((await call('GET', `/api/slots/${slotIds[0]}/extensions`, operator.token)).body.data.items).toHaveLength(1);
  });
});

describe('GET /api/slots/extensions?userId= (the customer view’s extension history)', () => {
  it('lists every extension of the user’s slots newest first, paged; staff only; bad input in Korean', async () => {
    const user = await newAccount(stack);
    const other = await newAccount(stack);
    const end = addKstDays(today(), 2);
    const { slotIds } = (await allocate(user.id, { slotCount: 2, endDate: end })).body.data;
    await fill(slotIds[0], user.token, 7);
    await fill(slotIds[1], user.token, 8);
    const empty = await call('GET', `/api/slots/extensions?userId=${user.id}`, operator.token);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ items: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } });

    const first = (await extend(slotIds[0], 7)).body.data.slot;
    const second = (await extend(slotIds[1], 30)).body.data.slot;
    // The other user's extension stays out of this user's history.
    const { slotIds: otherIds } = (await allocate(other.id, { slotCount: 1, endDate: end })).body.data;
    await fill(otherIds[0], other.token, 9);
    await extend(otherIds[0], 1);

    const page = await call('GET', `/api/slots/extensions?userId=${user.id}`, operator.token);
    expect(page.body.data.pagination).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });
    expect(page.body.data.items).toEqual([
      {
        slot_id: second.id,
        slot_number: second.slot_number,
        parent_slot_id: slotIds[1],
        parent_slot_number: 2,
        extension_days: 30,
        extended_at: expect.any(String),
        startDate: addKstDays(end, 1),
        endDate: addKstDays(end, 30),
        displayStatusLabel: '진행대기',
      },
      expect.objectContaining({ slot_id: first.id, parent_slot_number: 1, extension_days: 7 }),
    ]);
    // The same rows as the slot's own history.
    const own = await call('GET', `/api/slots/${slotIds[0]}/extensions`, user.token);
    expect(page.body.data.items[1]).toEqual(own.body.data.items[0]);

    const second10 = await call('GET', `/api/slots/extensions?userId=${user.id}&page=2&limit=10`, operator.token);
    expect(second10.body.data.items).toEqual([]);

    const refused = await call('GET', `/api/slots/extensions?userId=${user.id}`, user.token);
    expect(refused.status).toBe(403);
    const badLimit = await call('GET', `/api/slots/extensions?userId=${user.id}&limit=7`, operator.token);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error).toBe('페이지 크기는 10, 30, 50, 100 중 하나여야 합니다.');
    expect((await call('GET', '/api/slots/extensions', operator.token)).status).toBe(400);
  });
});
