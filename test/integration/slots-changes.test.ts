import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays, kstToday } from '../../shared/kst';
import { ledgerStore } from '../../functions/storage/ledger';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { issueEmptySlots } from '../../functions/domain/slots/registration';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { balanceOf, newAccount, productUrl, row } from '../support/slots';

/** Changes to existing slots: approval, status, edits, fill, bulk edit, rank reset and the change log. */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;
const PRICE = 50_000;
const UA = 'slots-test-agent/1.0';

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '운영자김' });
});
afterAll(() => stack?.stop());

const today = () => kstToday();
const call = (method: string, path: string, token: string, body?: unknown) =>
  api.call(method, path, { token, body, headers: { 'user-agent': UA } });
const register = async (token: string, n = 1) => (await call('POST', '/api/slots', token, row(n))).body.data;
const approve = (id: string, body: unknown = { approved: true, approvedPrice: PRICE }) =>
  call('POST', `/api/slots/${id}/approve`, operator.token, body);
const countsOf = async (token: string, userId?: string) =>
  (await call('GET', `/api/slots/count${userId ? `?userId=${userId}` : ''}`, token)).body.data;
const setRank = (id: string, rank: number | null) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.slot(id),
      UpdateExpression: 'SET #r = :r, yesterday_rank = :y, first_rank = :f, rank_measured_at = :m',
      ExpressionAttributeNames: { '#r': 'rank' },
      ExpressionAttributeValues: { ':r': rank, ':y': 9, ':f': 12, ':m': new Date().toISOString() },
    }),
  );
const putRankDay = (id: string, date: string, rank: number) =>
  db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.slotRankDay(id, date),
        entity: 'slotRankDay',
        date,
        rank,
        min_rank: rank - 1,
        avg_rank: rank,
        max_rank: rank + 1,
        prev_rank: rank + 2,
      },
    }),
  );

describe('POST /api/slots/{id}/approve', () => {
  it('is for operators and developers only', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await register(user.token);
    const res = await call('POST', `/api/slots/${slot.id}/approve`, user.token, {
      approved: true,
      approvedPrice: PRICE,
    });
    expect(res.status).toBe(403);
    expect((await call('GET', `/api/slots/${slot.id}`, user.token)).body.data.status).toBe('pending');
  });

  it('approves with a price above 0: active from today for 30 days, counters moved, logged', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await register(user.token);
    for (const price of [0, -5, 'abc']) {
      const bad = await approve(slot.id, { approved: true, approvedPrice: price });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('올바른 가격을 입력해주세요.');
    }
    const res = await approve(slot.id, { approved: true, approvedPrice: PRICE });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'active',
      displayStatus: 'active',
      approved_price: PRICE,
      startDate: today(),
      endDate: addKstDays(today(), 29),
    });
    expect(res.body.data.approvedAt).toBeTruthy();
    const counts = await countsOf(user.token);
    expect(counts.byStatus).toMatchObject({ pending: 0, active: 1 });

    const logs = (await call('GET', `/api/slots/${slot.id}/logs`, operator.token)).body.data;
    expect(logs[0]).toMatchObject({
      change_type: 'approve',
      field_key: 'status',
      old_value: 'pending',
      new_value: 'active',
      full_name: '운영자김',
      user_agent: UA,
    });
    expect(logs[0].ip_address).toMatch(/^(127\.0\.0\.1|::1)$/);
    // The owner reads the same line without the operator's address and browser.
    const ownerView = (await call('GET', `/api/slots/${slot.id}/logs`, user.token)).body.data[0];
    expect(ownerView).toMatchObject({ change_type: 'approve', full_name: '운영자김' });
    expect(ownerView).not.toHaveProperty('ip_address');
    expect(ownerView).not.toHaveProperty('user_agent');

    // Approving again answers with the slot; rejecting an approved slot is refused.
    expect((await approve(slot.id)).body.data.approved_price).toBe(PRICE);
    const reject = await approve(slot.id, { approved: false, rejectionReason: '늦음' });
    expect(reject.status).toBe(409);
    expect(reject.body.error).toBe('승인대기 상태의 슬롯만 승인하거나 거절할 수 있습니다.');
  });

  it('rejects with a reason and refunds the registration price once', async () => {
    const user = await newAccount(stack, { balance: 70_000 });
    const slot = await register(user.token);
    expect(await balanceOf(user.id)).toBe(20_000);
    for (const body of [{ approved: false }, { approved: false, rejectionReason: '   ' }]) {
      const bad = await approve(slot.id, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('거절 사유를 입력해주세요.');
    }
    const [a, b] = await Promise.all([
      approve(slot.id, { approved: false, rejectionReason: '상품 URL 확인 필요' }),
      approve(slot.id, { approved: false, rejectionReason: '상품 URL 확인 필요' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data).toMatchObject({
      status: 'rejected',
      displayStatus: 'rejected',
      rejection_reason: '상품 URL 확인 필요',
    });
    expect(await balanceOf(user.id)).toBe(70_000);
    const refunds = (await ledgerStore.allEntries(user.id)).filter((e) => e.type === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: PRICE, referenceId: slot.id });
    expect((await countsOf(user.token)).byStatus).toMatchObject({ pending: 0, rejected: 1 });
    const logs = (await call('GET', `/api/slots/${slot.id}/logs`, user.token)).body.data;
    expect(logs.filter((l: any) => l.change_type === 'reject')).toHaveLength(1);

    const approveAfter = await approve(slot.id);
    expect(approveAfter.status).toBe(409);
  });

  it('asks for a price when the registration cost nothing', async () => {
    const { setSetting, resetSettings } = await import('../support/slots');
    await setSetting('useCashSystem', false);
    try {
      const user = await newAccount(stack);
      const slot = await register(user.token);
      const res = await approve(slot.id, { approved: true });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('올바른 가격을 입력해주세요.');
    } finally {
      await resetSettings('useCashSystem');
    }
  });
});

describe('PATCH /api/slots/{id}/status', () => {
  it('pauses and resumes an active slot, logging each change and moving the counters', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await register(user.token);
    await approve(slot.id);
    const paused = await call('PATCH', `/api/slots/${slot.id}/status`, user.token, { status: 'paused' });
    expect(paused.body.data).toMatchObject({
      status: 'paused',
      displayStatus: 'paused',
      displayStatusLabel: '일시정지',
      endDate: addKstDays(today(), 29),
    });
    expect((await countsOf(user.token)).cards).toMatchObject({ active: 0, paused: 1 });
    const again = await call('PATCH', `/api/slots/${slot.id}/status`, user.token, { status: 'paused' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('진행대기 또는 진행중인 슬롯만 일시정지할 수 있습니다.');
    const resumed = await call('PATCH', `/api/slots/${slot.id}/status`, user.token, { status: 'active' });
    expect(resumed.body.data.status).toBe('active');
    expect((await countsOf(user.token)).cards).toMatchObject({ active: 1, paused: 0 });
    const logs = (await call('GET', `/api/slots/${slot.id}/logs`, user.token)).body.data;
    expect(logs.slice(0, 2).map((l: any) => [l.change_type, l.old_value, l.new_value])).toEqual([
      ['status_change', 'paused', 'active'],
      ['status_change', 'active', 'paused'],
    ]);
  });

  it('keeps a slot staff paused paused until staff resume it; the owner’s own pause stays the owner’s', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await register(user.token);
    await approve(slot.id);
    const held = await call('PATCH', `/api/slots/${slot.id}/status`, operator.token, { status: 'paused' });
    expect(held.body.data).toMatchObject({ status: 'paused', paused_by_staff: true });
    const refused = await call('PATCH', `/api/slots/${slot.id}/status`, user.token, { status: 'active' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      '관리자가 일시정지한 슬롯은 관리자만 재개할 수 있습니다. 재개가 필요하면 관리자에게 문의해주세요.',
    );
    const mine = (await call('GET', `/api/slots/${slot.id}`, user.token)).body.data;
    expect(mine).toMatchObject({ status: 'paused', paused_by_staff: true });

    const resumed = await call('PATCH', `/api/slots/${slot.id}/status`, operator.token, { status: 'active' });
    expect(resumed.body.data).toMatchObject({ status: 'active', paused_by_staff: false });
    // Paused by the owner: the owner resumes it as before.
    await call('PATCH', `/api/slots/${slot.id}/status`, user.token, { status: 'paused' });
    const own = await call('PATCH', `/api/slots/${slot.id}/status`, user.token, { status: 'active' });
    expect(own.status).toBe(200);
    expect(own.body.data.status).toBe('active');
  });

  it('never lets an owner make a pending, rejected or refunded slot active', async () => {
    const user = await newAccount(stack, { balance: 3 * PRICE });
    const pending = await register(user.token, 1);
    const res = await call('PATCH', `/api/slots/${pending.id}/status`, user.token, { status: 'active' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('승인되지 않은 슬롯은 진행할 수 없습니다.');
    const rejected = await register(user.token, 2);
    await approve(rejected.id, { approved: false, rejectionReason: '중복' });
    expect((await call('PATCH', `/api/slots/${rejected.id}/status`, user.token, { status: 'active' })).status).toBe(
      409,
    );
    expect((await call('PATCH', `/api/slots/${pending.id}/status`, user.token, { status: 'refunded' })).status).toBe(
      400,
    );
    expect((await call('GET', `/api/slots/${pending.id}`, user.token)).body.data.status).toBe('pending');
  });

  it('deletes only rejected, expired, refunded or completed slots; restore is for staff', async () => {
    const user = await newAccount(stack, { balance: 2 * PRICE });
    const active = await register(user.token, 1);
    await approve(active.id);
    const refused = await call('PATCH', `/api/slots/${active.id}/status`, user.token, { status: 'deleted' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('거절, 만료, 환불 또는 완료된 슬롯만 삭제할 수 있습니다.');

    const rejected = await register(user.token, 2);
    await approve(rejected.id, { approved: false, rejectionReason: '중복' });
    const deleted = await call('PATCH', `/api/slots/${rejected.id}/status`, user.token, { status: 'deleted' });
    expect(deleted.body.data.status).toBe('deleted');
    expect((await call('GET', '/api/slots', user.token)).body.data.items.map((s: any) => s.id)).toEqual([active.id]);
    expect((await countsOf(user.token)).byStatus).toMatchObject({ rejected: 0, deleted: 1 });

    // A deleted slot is closed to its owner: not found, not even to restore.
    const byOwner = await call('PATCH', `/api/slots/${rejected.id}/status`, user.token, { status: 'active' });
    expect(byOwner.status).toBe(404);
    expect(byOwner.body.error).toBe('슬롯을 찾을 수 없습니다.');
    expect((await call('GET', `/api/slots/${rejected.id}`, user.token)).status).toBe(404);
    expect((await call('GET', '/api/slots?status=deleted', user.token)).body.data.items).toEqual([]);
    // Restore sends it back to what it was: rejected (its price was refunded), never active.
    const restored = await call('PATCH', `/api/slots/${rejected.id}/status`, operator.token, { status: 'active' });
    expect(restored.body.data).toMatchObject({
      status: 'rejected',
      displayStatus: 'rejected',
      startDate: null,
      endDate: null,
    });
    expect((await countsOf(user.token)).byStatus).toMatchObject({ rejected: 1, deleted: 0, active: 1 });
    expect((await countsOf(user.token)).allocated).toBe(1);
    const restoreLog = (await call('GET', `/api/slots/${rejected.id}/logs`, operator.token)).body.data[0];
    expect(restoreLog).toMatchObject({
      change_type: 'status_change',
      old_value: 'deleted',
      new_value: 'rejected',
      description: '삭제 → 거절 (복구)',
    });
    expect((await call('PATCH', `/api/slots/${rejected.id}/status`, user.token, { status: 'active' })).status).toBe(
      409,
    );
  });

  it('restores a deleted completed slot as completed, and slots deleted before the previous status was kept by their record', async () => {
    const user = await newAccount(stack, { balance: 3 * PRICE });
    const done = await register(user.token, 1);
    await approve(done.id);
    await call('PUT', `/api/slots/${done.id}/update-fields`, operator.token, {
      customFields: {},
      startDate: addKstDays(today(), -40),
      endDate: addKstDays(today(), -11),
    });
    expect((await call('PATCH', `/api/slots/${done.id}/status`, user.token, { status: 'deleted' })).status).toBe(200);
    const back = await call('PATCH', `/api/slots/${done.id}/status`, operator.token, { status: 'active' });
    expect(back.body.data).toMatchObject({ status: 'completed', displayStatus: 'completed' });
    expect((await countsOf(user.token)).byStatus).toMatchObject({ completed: 1, active: 0, deleted: 0 });

    // Deleted before `statusBeforeDelete` existed: a rejected one stays rejected; one never approved (no dates) is pending.
    const legacyRejected = await register(user.token, 2);
    await approve(legacyRejected.id, { approved: false, rejectionReason: '중복' });
    await call('PATCH', `/api/slots/${legacyRejected.id}/status`, user.token, { status: 'deleted' });
    const forget = (id: string) =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.slot(id),
          UpdateExpression: 'REMOVE statusBeforeDelete',
        }),
      );
    await forget(legacyRejected.id);
    expect(
      (await call('PATCH', `/api/slots/${legacyRejected.id}/status`, operator.token, { status: 'active' })).body.data
        .status,
    ).toBe('rejected');

    const legacyPending = await register(user.token, 3);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.slot(legacyPending.id),
        UpdateExpression: 'SET #s = :d, GSI2PK = :pk',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':d': 'deleted', ':pk': 'SLOTS#deleted' },
      }),
    );
    expect(
      (await call('PATCH', `/api/slots/${legacyPending.id}/status`, operator.token, { status: 'active' })).body.data,
    ).toMatchObject({ status: 'pending', startDate: null });
  });

  it('deletes a completed slot (end date passed)', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await register(user.token);
    await approve(slot.id);
    const past = await call('PUT', `/api/slots/${slot.id}/update-fields`, operator.token, {
      customFields: {},
      startDate: addKstDays(today(), -40),
      endDate: addKstDays(today(), -11),
    });
    expect(past.body.data.displayStatus).toBe('completed');
    expect((await call('PATCH', `/api/slots/${slot.id}/status`, user.token, { status: 'paused' })).body.error).toBe(
      '완료된 슬롯은 변경할 수 없습니다.',
    );
    expect(
      (await call('PATCH', `/api/slots/${slot.id}/status`, user.token, { status: 'deleted' })).body.data.status,
    ).toBe('deleted');
  });

  it('resumes a paused slot by the calendar: waiting before its start; refused once its end has passed', async () => {
    const user = await newAccount(stack, { balance: 2 * PRICE });
    const future = await register(user.token, 1);
    await approve(future.id);
    await call('PATCH', `/api/slots/${future.id}/status`, user.token, { status: 'paused' });
    await call('PUT', `/api/slots/${future.id}/update-fields`, operator.token, {
      customFields: {},
      startDate: addKstDays(today(), 3),
      endDate: addKstDays(today(), 20),
    });
    const resumed = await call('PATCH', `/api/slots/${future.id}/status`, user.token, { status: 'active' });
    expect(resumed.body.data).toMatchObject({ status: 'waiting', displayStatus: 'waiting' });
    expect((await countsOf(user.token)).cards).toMatchObject({ waiting: 1, active: 0, paused: 0 });

    const ended = await register(user.token, 2);
    await approve(ended.id);
    await call('PATCH', `/api/slots/${ended.id}/status`, user.token, { status: 'paused' });
    await call('PUT', `/api/slots/${ended.id}/update-fields`, operator.token, {
      customFields: {},
      startDate: addKstDays(today(), -30),
      endDate: addKstDays(today(), -1),
    });
    const refused = await call('PATCH', `/api/slots/${ended.id}/status`, user.token, { status: 'active' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('완료된 슬롯은 변경할 수 없습니다.');
    expect((await call('GET', `/api/slots/${ended.id}`, user.token)).body.data).toMatchObject({
      status: 'paused',
      displayStatus: 'completed',
    });
  });

  it("does not let anyone touch another user's slot", async () => {
    const owner = await newAccount(stack, { balance: PRICE });
    const other = await newAccount(stack);
    const slot = await register(owner.token);
    await approve(slot.id);
    for (const [method, path, body] of [
      ['GET', `/api/slots/${slot.id}`],
      ['PATCH', `/api/slots/${slot.id}/status`, { status: 'paused' }],
      ['PUT', `/api/slots/${slot.id}/update-fields`, { customFields: { keywords: '탈취' } }],
      ['GET', `/api/slots/${slot.id}/logs`],
      ['GET', `/api/slots/${slot.id}/field-values`],
      ['DELETE', `/api/slots/${slot.id}/rank-data`],
      ['PUT', '/api/slots/user/bulk-update', { slotIds: [slot.id], updates: { keyword: '탈취' } }],
    ] as const) {
      const res = await call(method, path, other.token, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe('슬롯을 찾을 수 없습니다.');
    }
    expect((await call('GET', `/api/slots/${slot.id}`, owner.token)).body.data).toMatchObject({
      status: 'active',
      keyword: '키워드1',
    });
    expect((await call('GET', `/api/slots/count?userId=${owner.id}`, other.token)).status).toBe(403);
  });
});

describe('PUT /api/slots/{id}/update-fields', () => {
  it('changes the given fields, logs each old and new value, and resets rank data when the keyword changes', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await register(user.token);
    await approve(slot.id);
    await setRank(slot.id, 7);
    await putRankDay(slot.id, addKstDays(today(), -1), 8);

    const query = await call('GET', `/api/slots/${slot.id}/rank-delete-query`, user.token);
    expect(query.body.data).toMatchObject({
      hasRankData: true,
      rank: 7,
      yesterday_rank: 9,
      first_rank: 12,
      historyDays: 1,
    });

    const res = await call('PUT', `/api/slots/${slot.id}/update-fields`, user.token, {
      customFields: { keywords: '새 키워드', description: '메모' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      keyword: '새 키워드',
      url: productUrl(1),
      mid: 'M1',
      rank: null,
      // The old rank's measured time goes with it: the new keyword was never measured.
      rank_measured_at: null,
      yesterday_rank: null,
      first_rank: null,
      customFields: { keywords: '새 키워드', description: '메모', mid: 'M1' },
    });
    const logs = (await call('GET', `/api/slots/${slot.id}/logs`, user.token)).body.data;
    const fieldLogs = logs.filter((l: any) => l.change_type === 'field_update');
    expect(fieldLogs.map((l: any) => [l.field_key, l.old_value, l.new_value]).sort()).toEqual([
      ['description', '', '메모'],
      ['keywords', '키워드1', '새 키워드'],
      ['rank', '7', null],
    ]);
    expect(fieldLogs[0]).toMatchObject({ user_agent: UA, full_name: expect.stringMatching(/^광고주/) });
    expect((await call('GET', `/api/slots/${slot.id}/rank-history`, user.token)).body.data.items).toEqual([]);

    const same = await call('PUT', `/api/slots/${slot.id}/update-fields`, user.token, {
      customFields: { keywords: '새 키워드' },
    });
    expect(same.body.data.updatedAt).toBe(res.body.data.updatedAt);
  });

  it('answers the field rules in Korean and changes nothing', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await register(user.token);
    for (const [customFields, message] of [
      [{ keywords: '  ' }, '키워드는 필수 입력 항목입니다.'],
      [{ landingUrl: '' }, 'URL은 필수 입력 항목입니다.'],
      [{ landingUrl: 'http://www.gmarket.co.kr/x' }, '쿠팡 URL만 허용됩니다.'],
    ] as const) {
      const res = await call('PUT', `/api/slots/${slot.id}/update-fields`, user.token, { customFields });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await call('GET', `/api/slots/${slot.id}`, user.token)).body.data).toMatchObject({
      keyword: '키워드1',
      url: productUrl(1),
    });
    expect((await call('GET', `/api/slots/${slot.id}/logs`, user.token)).body.data).toEqual([]);
  });

  it('lets only staff change dates, end not before start', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await register(user.token);
    await approve(slot.id);
    const byOwner = await call('PUT', `/api/slots/${slot.id}/update-fields`, user.token, {
      customFields: {},
      endDate: '2099-01-01',
    });
    expect(byOwner.status).toBe(403);
    expect(byOwner.body.error).toBe('기간은 관리자만 변경할 수 있습니다.');
    const backwards = await call('PUT', `/api/slots/${slot.id}/update-fields`, operator.token, {
      customFields: {},
      startDate: '2030-02-01',
      endDate: '2030-01-01',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('종료일은 시작일보다 늦어야 합니다.');
    const future = await call('PUT', `/api/slots/${slot.id}/update-fields`, operator.token, {
      customFields: {},
      startDate: '2099-01-01',
      endDate: '2099-01-30',
    });
    expect(future.body.data).toMatchObject({ displayStatus: 'waiting', displayStatusLabel: '진행대기' });
  });
});

describe('pre-allocation: GET /api/slots/count and PUT /api/slots/{id}/fill', () => {
  it('counts allocated, used and available slots and fills empty ones', async () => {
    const user = await newAccount(stack);
    const start = today();
    const end = addKstDays(start, 9);
    const [first, second] = await issueEmptySlots({ userId: user.id, count: 3, startDate: start, endDate: end });
    expect(await countsOf(user.token)).toMatchObject({
      allocated: 3,
      used: 0,
      available: 3,
      allocated_slots: 3,
      used_slots: 0,
      cards: { total: 3, empty: 3 },
    });

    const list = (await call('GET', '/api/slots?status=empty', user.token)).body.data;
    expect(list.items.map((s: any) => s.displayStatusLabel)).toEqual(['입력대기', '입력대기', '입력대기']);

    const nothing = await call('PUT', `/api/slots/${first}/fill`, user.token, {
      keyword: ' ',
      url: '',
      customFields: {},
    });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error).toBe('최소 하나 이상의 필드를 입력해주세요.');

    const partial = await call('PUT', `/api/slots/${first}/fill`, user.token, { keyword: '마우스' });
    expect(partial.body.data).toMatchObject({ status: 'empty', displayStatus: 'empty', keyword: '마우스' });
    const badUrl = await call('PUT', `/api/slots/${first}/fill`, user.token, { url: 'coupang' });
    expect(badUrl.body.error).toBe('URL은 http:// 또는 www.coupang.com 시작해야 합니다.');

    const filled = await call('PUT', `/api/slots/${first}/fill`, user.token, { url: productUrl(5), mid: 'X' });
    expect(filled.body.data).toMatchObject({
      status: 'active',
      displayStatus: 'active',
      keyword: '마우스',
      url: productUrl(5),
      url_product_id: '1005',
      startDate: start,
      endDate: end,
    });
    expect(await countsOf(user.token)).toMatchObject({ allocated: 3, used: 1, available: 2 });
    expect((await call('GET', `/api/slots/allocation/${user.id}`, user.token)).body.data).toMatchObject({
      allocated_slots: 3,
      used_slots: 1,
    });
    expect((await call('GET', `/api/slots/allocation/${user.id}`, operator.token)).body.data.allocated_slots).toBe(3);

    const logs = (await call('GET', `/api/slots/${first}/logs`, user.token)).body.data;
    expect(logs.map((l: any) => [l.change_type, l.field_key]).sort()).toEqual([
      ['fill_empty', 'keywords'],
      ['fill_empty', 'landingUrl'],
      ['fill_empty', 'mid'],
      ['status_change', 'status'],
    ]);
    const again = await call('PUT', `/api/slots/${first}/fill`, user.token, { keyword: '또' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('입력대기 상태의 슬롯만 입력할 수 있습니다.');
    expect(
      (await call('PUT', `/api/slots/${second}/update-fields`, user.token, { customFields: { keywords: 'a' } })).status,
    ).toBe(409);
  });

  it('stores a slot filled before its work period as waiting, so the status cards match the list; it can be paused and resumed', async () => {
    const user = await newAccount(stack);
    const start = addKstDays(today(), 5);
    const [slotId, other] = await issueEmptySlots({
      userId: user.id,
      count: 2,
      startDate: start,
      endDate: addKstDays(start, 9),
    });
    const filled = await call('PUT', `/api/slots/${slotId}/fill`, user.token, { keyword: '예약', url: productUrl(7) });
    expect(filled.body.data).toMatchObject({
      status: 'waiting',
      displayStatus: 'waiting',
      displayStatusLabel: '진행대기',
      startDate: start,
    });
    expect((await countsOf(user.token)).cards).toMatchObject({ total: 2, empty: 1, waiting: 1, active: 0 });
    const logs = (await call('GET', `/api/slots/${slotId}/logs`, user.token)).body.data;
    expect(logs.find((l: any) => l.change_type === 'status_change')).toMatchObject({
      old_value: 'empty',
      new_value: 'waiting',
      description: '입력대기 → 진행대기',
    });

    // The same through the bulk edit that fills an empty slot.
    await call('PUT', '/api/slots/user/bulk-update', user.token, {
      slotIds: [other],
      updates: { keyword: '예약2', url: productUrl(8) },
    });
    expect((await call('GET', `/api/slots/${other}`, user.token)).body.data.status).toBe('waiting');
    expect((await countsOf(user.token)).cards).toMatchObject({ empty: 0, waiting: 2 });

    // A stored waiting slot pauses (the spec: waiting or in progress) and resumes to waiting.
    const paused = await call('PATCH', `/api/slots/${slotId}/status`, user.token, { status: 'paused' });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ status: 'paused', displayStatus: 'waiting' });
    expect((await countsOf(user.token)).cards).toMatchObject({ waiting: 1, paused: 1 });
    const resumed = await call('PATCH', `/api/slots/${slotId}/status`, user.token, { status: 'active' });
    expect(resumed.body.data).toMatchObject({ status: 'waiting', displayStatus: 'waiting' });
    expect((await countsOf(user.token)).cards).toMatchObject({ waiting: 2, paused: 0, active: 0 });
    // Selectable for the bulk edit like an active slot.
    expect(
      (
        await call('PUT', '/api/slots/user/bulk-update', user.token, {
          slotIds: [slotId, other],
          updates: { keyword: '공통' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('PUT /api/slots/user/bulk-update', () => {
  it('sets the same keyword and URL on every selected slot, blank fields unchanged, each change logged', async () => {
    const user = await newAccount(stack, { balance: 3 * PRICE });
    const slots = [await register(user.token, 1), await register(user.token, 2), await register(user.token, 3)];
    for (const s of slots) await approve(s.id);
    const [emptyId] = await issueEmptySlots({
      userId: user.id,
      count: 1,
      startDate: today(),
      endDate: addKstDays(today(), 5),
    });

    const res = await call('PUT', '/api/slots/user/bulk-update', user.token, {
      slotIds: [...slots.map((s) => s.id), emptyId],
      updates: { keyword: '공통 키워드', url: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ message: '일괄 수정이 완료되었습니다.', updated: 4 });
    const list = (await call('GET', '/api/slots?sortBy=slot_number&sortOrder=asc', user.token)).body.data.items;
    expect(list.map((s: any) => [s.keyword, s.url])).toEqual([
      ['공통 키워드', productUrl(1)],
      ['공통 키워드', productUrl(2)],
      ['공통 키워드', productUrl(3)],
      ['공통 키워드', ''],
    ]);
    const logs = (await call('GET', `/api/slots/${slots[1].id}/logs`, user.token)).body.data;
    expect(logs[0]).toMatchObject({
      change_type: 'field_update',
      field_key: 'keywords',
      old_value: '키워드2',
      new_value: '공통 키워드',
    });
  });

  it('checks everything before writing anything', async () => {
    const user = await newAccount(stack, { balance: 2 * PRICE });
    const active = await register(user.token, 1);
    await approve(active.id);
    const pending = await register(user.token, 2);
    const cases: Array<[unknown, number, string]> = [
      [{ slotIds: [active.id], updates: { keyword: ' ', url: '' } }, 400, '수정할 내용을 입력해주세요.'],
      [{ slotIds: [active.id], updates: { url: 'https://www.11st.co.kr/products/1' } }, 400, '쿠팡 URL만 허용됩니다.'],
      [
        { slotIds: [active.id], updates: { url: 'www.naver.com' } },
        400,
        'URL은 http:// 또는 www.coupang.com 시작해야 합니다.',
      ],
      [{ slotIds: [], updates: { keyword: 'a' } }, 400, '수정할 슬롯을 선택해주세요.'],
      // The bulk edit takes at most 50 selected slots.
      [
        { slotIds: Array.from({ length: 51 }, () => active.id), updates: { keyword: '새 키워드' } },
        400,
        '한 번에 최대 50개의 슬롯까지 수정할 수 있습니다.',
      ],
      [
        { slotIds: [active.id, pending.id], updates: { keyword: '새 키워드' } },
        409,
        '선택할 수 없는 슬롯이 포함되어 있습니다. (입력대기 또는 진행중이며 종료되지 않은 슬롯만 가능)',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('PUT', '/api/slots/user/bulk-update', user.token, body);
      expect(res.status, message).toBe(status);
      expect(res.body.error).toBe(message);
    }
    expect((await call('GET', `/api/slots/${active.id}`, user.token)).body.data.keyword).toBe('키워드1');
  });
});

describe('rank data and field values', () => {
  it('answers field values in form order, rank history with its date range, and deletes rank data', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await register(user.token);
    const values = (await call('GET', `/api/slots/${slot.id}/field-values`, user.token)).body.data;
    expect(values.fieldValues.map((v: any) => v.field_key)).toEqual([
      'keywords',
      'landingUrl',
      'mid',
      'url_product_id',
      'url_item_id',
      'url_vendor_item_id',
    ]);

    await setRank(slot.id, 4);
    await putRankDay(slot.id, '2030-01-01', 5);
    await putRankDay(slot.id, '2030-01-02', 4);
    await putRankDay(slot.id, '2030-02-01', 3);
    const history = (
      await call('GET', `/api/slots/${slot.id}/rank-history?startDate=2030-01-01&endDate=2030-01-31`, user.token)
    ).body.data;
    expect(history).toEqual({
      items: [
        { date: '2030-01-01', rank: 5, min_rank: 4, avg_rank: 5, max_rank: 6, prev_rank: 7 },
        { date: '2030-01-02', rank: 4, min_rank: 3, avg_rank: 4, max_rank: 5, prev_rank: 6 },
      ],
      dateRange: { startDate: '2030-01-01', endDate: '2030-01-31' },
    });
    const defaults = (await call('GET', `/api/slots/${slot.id}/rank-history`, user.token)).body.data;
    expect(defaults.dateRange).toEqual({ startDate: addKstDays(today(), -29), endDate: today() });
    expect(
      (await call('GET', `/api/slots/${slot.id}/rank-history?startDate=2030-02-01&endDate=2030-01-01`, user.token))
        .status,
    ).toBe(400);

    const del = await call('DELETE', `/api/slots/${slot.id}/rank-data`, user.token);
    expect(del.body.data).toEqual({ message: '순위 정보가 초기화되었습니다.', deletedDays: 3 });
    expect((await call('GET', `/api/slots/${slot.id}`, user.token)).body.data).toMatchObject({
      rank: null,
      rank_measured_at: null,
      yesterday_rank: null,
      first_rank: null,
    });
    expect((await call('GET', `/api/slots/${slot.id}/rank-delete-query`, user.token)).body.data).toMatchObject({
      hasRankData: false,
      historyDays: 0,
    });
  });
});

describe('slot-status job (POST /_local/jobs/slot-status)', () => {
  it('moves stored statuses along the calendar with their counters and a system log line', async () => {
    const user = await newAccount(stack, { balance: 3 * PRICE });
    const [ended, future, running] = [
      await register(user.token, 1),
      await register(user.token, 2),
      await register(user.token, 3),
    ];
    for (const s of [ended, future, running]) await approve(s.id);
    await call('PUT', `/api/slots/${ended.id}/update-fields`, operator.token, {
      customFields: {},
      startDate: addKstDays(today(), -30),
      endDate: addKstDays(today(), -1),
    });
    await call('PUT', `/api/slots/${future.id}/update-fields`, operator.token, {
      customFields: {},
      startDate: addKstDays(today(), 2),
      endDate: addKstDays(today(), 20),
    });
    expect((await countsOf(user.token)).cards).toMatchObject({ active: 3, waiting: 0, completed: 0 });

    const job = await fetch(`${stack.url}/_local/jobs/slot-status`, { method: 'POST' });
    expect(job.status).toBe(200);
    // The job covers every user; this file's other slots may move too.
    expect((await job.json()).data).toMatchObject({ moved: expect.any(Number), failed: 0 });
    expect((await countsOf(user.token)).cards).toMatchObject({ total: 3, active: 1, waiting: 1, completed: 1 });
    const slots = Object.fromEntries(
      (await call('GET', '/api/slots', user.token)).body.data.items.map((s: any) => [
        s.id,
        [s.status, s.displayStatus],
      ]),
    );
    expect(slots).toEqual({
      [ended.id]: ['completed', 'completed'],
      [future.id]: ['waiting', 'waiting'],
      [running.id]: ['active', 'active'],
    });
    const log = (await call('GET', `/api/slots/${ended.id}/logs`, user.token)).body.data[0];
    expect(log).toMatchObject({
      change_type: 'status_change',
      old_value: 'active',
      new_value: 'completed',
      full_name: '시스템',
    });
    // A second run finds nothing to move; a completed slot can be deleted, not paused.
    expect((await (await fetch(`${stack.url}/_local/jobs/slot-status`, { method: 'POST' })).json()).data.moved).toBe(0);
    expect((await call('PATCH', `/api/slots/${ended.id}/status`, user.token, { status: 'paused' })).body.error).toBe(
      '완료된 슬롯은 변경할 수 없습니다.',
    );
    expect(
      (await call('PATCH', `/api/slots/${future.id}/status`, user.token, { status: 'paused' })).body.data.displayStatus,
    ).toBe('waiting');
  });
});

describe('the list follows every change', () => {
  it('shows each change in the next list call (the list rows are cached per user and versioned)', async () => {
    const user = await newAccount(stack, { balance: 2 * PRICE });
    const first = await register(user.token, 1);
    const listed = async () =>
      (await call('GET', '/api/slots?sortBy=slot_number&sortOrder=asc', user.token)).body.data.items;
    expect((await listed()).map((s: any) => s.slot_number)).toEqual([1]);

    await register(user.token, 2);
    expect((await listed()).map((s: any) => s.slot_number)).toEqual([1, 2]);
    await approve(first.id);
    expect((await listed())[0].displayStatus).toBe('active');
    await call('PUT', `/api/slots/${first.id}/update-fields`, user.token, {
      customFields: { keywords: '바뀐 키워드' },
    });
    expect((await call('GET', '/api/slots?search=바뀐', user.token)).body.data.items.map((s: any) => s.id)).toEqual([
      first.id,
    ]);
    await call('PATCH', `/api/slots/${first.id}/status`, user.token, { status: 'paused' });
    expect((await call('GET', '/api/slots?status=paused', user.token)).body.data.pagination.total).toBe(1);
    await call('PATCH', `/api/slots/${first.id}/status`, user.token, { status: 'active' });
    await call('PUT', '/api/slots/user/bulk-update', user.token, {
      slotIds: [first.id],
      updates: { url: productUrl(50) },
    });
    expect((await listed())[0].url).toBe(productUrl(50));
    const [empty] = await issueEmptySlots({
      userId: user.id,
      count: 1,
      startDate: today(),
      endDate: addKstDays(today(), 3),
    });
    expect((await call('GET', '/api/slots?status=empty', user.token)).body.data.items.map((s: any) => s.id)).toEqual([
      empty,
    ]);
    await call('PUT', `/api/slots/${empty}/fill`, user.token, { keyword: '채움', url: productUrl(51) });
    expect((await call('GET', '/api/slots?status=empty', user.token)).body.data.items).toEqual([]);
    await call('POST', '/api/slots/bulk', user.token, { rows: [] });
    const second = (await listed())[1];
    await approve(second.id, { approved: false, rejectionReason: '중복' });
    expect((await call('GET', '/api/slots?status=rejected', user.token)).body.data.items.map((s: any) => s.id)).toEqual(
      [second.id],
    );
  });
});

describe('first slots of an advertiser, through the API (the server half of the slots browser journey)', () => {
  it('one slot and 30 from a spreadsheet, one approved, edited, paused and resumed; balance down by exactly 31 prices', async () => {
    const user = await newAccount(stack, { balance: 2_000_000 });
    const single = await register(user.token, 0);
    const bulk = await call('POST', '/api/slots/bulk', user.token, {
      rows: Array.from({ length: 30 }, (_, i) => row(i + 1)),
    });
    expect(bulk.body.data.succeeded).toBe(30);
    const list = (await call('GET', '/api/slots?limit=50', user.token)).body.data;
    expect(list.pagination).toEqual({ page: 1, limit: 50, total: 31, totalPages: 1 });
    expect(new Set(list.items.map((s: any) => s.displayStatusLabel))).toEqual(new Set(['승인대기']));

    // With the cash system on, the price defaults to what registration charged.
    expect((await approve(single.id, { approved: true })).body.data).toMatchObject({
      status: 'active',
      approved_price: PRICE,
    });
    expect(
      (await call('PUT', `/api/slots/${single.id}/update-fields`, user.token, { customFields: { mid: 'NEW' } })).body
        .data.mid,
    ).toBe('NEW');
    expect(
      (await call('PATCH', `/api/slots/${single.id}/status`, user.token, { status: 'paused' })).body.data.status,
    ).toBe('paused');
    expect(
      (await call('PATCH', `/api/slots/${single.id}/status`, user.token, { status: 'active' })).body.data.status,
    ).toBe('active');
    expect(await balanceOf(user.id)).toBe(2_000_000 - 31 * PRICE);
    expect(await countsOf(user.token)).toMatchObject({ count: 31, byStatus: { pending: 30, active: 1 } });
  });
});
