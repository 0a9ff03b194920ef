import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKstDays, kstToday } from '../../shared/kst';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { ledgerStore } from '../../functions/storage/ledger';
import { usersStore } from '../../functions/storage/users';
import { issueEmptySlots } from '../../functions/domain/slots/registration';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { balanceOf, newAccount, resetSettings, row, setSetting } from '../support/slots';

/** Operator console: refunds (amount computed on the server, one credit) and the system stats. */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;
const PRICE = 50_000;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '환불담당' });
});
afterAll(async () => {
  await resetSettings('slotOperationMode', 'useCashSystem');
  await stack?.stop();
});

const today = () => kstToday();
const call = (method: string, path: string, token: string, body?: unknown) => api.call(method, path, { token, body });
const op = (method: string, path: string, body?: unknown) => call(method, path, operator.token, body);
const refund = (id: string, body: Record<string, unknown> = { refundReason: '광고주 요청' }, token = operator.token) =>
  call('PATCH', `/api/slots/${id}/status`, token, { status: 'refunded', ...body });
const countsOf = async (userId: string) => (await op('GET', `/api/slots/count?userId=${userId}`)).body.data.byStatus;
const stats = async () => (await op('GET', '/api/slots/system-stats')).body.data;
const refundEntries = async (userId: string) =>
  (await ledgerStore.allEntries(userId)).filter((e) => e.type === 'refund');

/** A paid slot, approved, whose period is [start, start + days − 1] (set through the staff edit). */
async function runningSlot(start: string, days = 30) {
  const user = await newAccount(stack, { balance: PRICE });
  const slot = (await call('POST', '/api/slots', user.token, row(1))).body.data;
  expect((await op('POST', `/api/slots/${slot.id}/approve`, { approved: true, approvedPrice: PRICE })).status).toBe(
    200,
  );
  const edit = await op('PUT', `/api/slots/${slot.id}/update-fields`, {
    customFields: {},
    startDate: start,
    endDate: addKstDays(start, days - 1),
  });
  expect(edit.status).toBe(200);
  return { user, slot };
}

describe('refunds (PATCH /api/slots/{id}/status refunded)', () => {
  it('refunds from what the balance paid, never from a higher approved price', async () => {
    const { user, slot } = await runningSlot(addKstDays(today(), -1), 30);
    // Approval now takes only the paid price; a slot approved higher before that rule still exists.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.slot(slot.id),
        UpdateExpression: 'SET approved_price = :p',
        ExpressionAttributeValues: { ':p': 80_000 },
      }),
    );
    const preview = await op('GET', `/api/slots/${slot.id}/refund-preview?fullRefund=true`);
    expect(preview.body.data).toMatchObject({ amount: PRICE, fullAmount: PRICE });
    expect((await refund(slot.id, { refundReason: '가격 확인', fullRefund: true })).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(PRICE);
  });

  it('credits the remaining days of a 30-day slot refunded on day 11, once', async () => {
    const { user, slot } = await runningSlot(addKstDays(today(), -10));
    expect(await balanceOf(user.id)).toBe(0);
    const before = await stats();

    const preview = await op('GET', `/api/slots/${slot.id}/refund-preview`);
    expect(preview.status).toBe(200);
    // 50,000 × 20 remaining days ÷ 30 = 33,333.3 → 33,330 (rounded down to 10 won).
    expect(preview.body.data).toEqual({ amount: 33_330, fullAmount: PRICE, remainingDays: 20, totalDays: 30 });

    const missing = await refund(slot.id, { refundReason: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('환불 사유를 입력해주세요.');

    const [a, b] = await Promise.all([refund(slot.id), refund(slot.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const ok = a.status === 200 ? a : b;
    expect(ok.body.data).toMatchObject({
      status: 'refunded',
      displayStatus: 'refunded',
      refund_reason: '광고주 요청',
      refund_amount: 33_330,
    });
    expect((a.status === 409 ? a : b).body.error).toBe('이미 환불된 슬롯입니다.');

    expect(await balanceOf(user.id)).toBe(33_330);
    const entries = await refundEntries(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      amount: 33_330,
      referenceId: slot.id,
      balanceAfter: 33_330,
      description: '슬롯 환불 (#1)',
    });
    const history = (await call('GET', '/api/cash/transactions?type=refund', user.token)).body.data.items;
    expect(history[0]).toMatchObject({ type: 'refund', amount: 33_330 });

    expect(await countsOf(user.id)).toMatchObject({ active: 0, refunded: 1 });
    const after = await stats();
    expect(after.statusBreakdown.active - before.statusBreakdown.active).toBe(-1);
    expect(after.statusBreakdown.refunded - before.statusBreakdown.refunded).toBe(1);

    const logs = (await op('GET', `/api/slots/${slot.id}/logs`)).body.data.filter(
      (l: any) => l.change_type === 'refund',
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      old_value: 'active',
      new_value: 'refunded',
      full_name: '환불담당',
      description: '환불: 광고주 요청 (33,330원)',
    });

    const again = await refund(slot.id);
    expect(again.status).toBe(409);
    expect(await refundEntries(user.id)).toHaveLength(1);
    // The advertiser no longer sees it.
    expect((await call('GET', `/api/slots`, user.token)).body.data.items).toHaveLength(0);
  });

  it('refunds the whole price when the operator chooses it, and a paused slot too', async () => {
    const { user, slot } = await runningSlot(addKstDays(today(), -10));
    expect((await op('PATCH', `/api/slots/${slot.id}/status`, { status: 'paused' })).status).toBe(200);
    expect((await op('GET', `/api/slots/${slot.id}/refund-preview?fullRefund=true`)).body.data.amount).toBe(PRICE);
    const res = await refund(slot.id, { refundReason: '전액 환불', fullRefund: true });
    expect(res.status).toBe(200);
    expect(await balanceOf(user.id)).toBe(PRICE);
    expect(await countsOf(user.id)).toMatchObject({ paused: 0, refunded: 1 });
  });

  it('refuses waiting and completed slots with nothing written', async () => {
    const waiting = await runningSlot(addKstDays(today(), 3));
    const completed = await runningSlot(addKstDays(today(), -40));
    for (const [{ user, slot }, text] of [
      [waiting, '진행대기 중인 슬롯은 환불할 수 없습니다.'],
      [completed, '완료된 슬롯은 환불할 수 없습니다.'],
    ] as const) {
      const res = await refund(slot.id);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(text);
      expect((await op('GET', `/api/slots/${slot.id}/refund-preview`)).status).toBe(409);
      expect(await balanceOf(user.id)).toBe(0);
      expect(await refundEntries(user.id)).toHaveLength(0);
      expect((await op('GET', `/api/slots/${slot.id}`)).body.data.status).not.toBe('refunded');
    }
  });

  it('is for operators only: a user gets 403 and nothing changes', async () => {
    const { user, slot } = await runningSlot(addKstDays(today(), -10));
    const res = await refund(slot.id, { refundReason: '직접 환불' }, user.token);
    expect(res.status).toBe(403);
    expect((await call('GET', `/api/slots/${slot.id}/refund-preview`, user.token)).status).toBe(403);
    expect((await call('GET', '/api/slots/system-stats', user.token)).status).toBe(403);
    expect((await call('GET', `/api/slots/${slot.id}`, user.token)).body.data.status).toBe('active');
    expect(await balanceOf(user.id)).toBe(0);
    expect(await refundEntries(user.id)).toHaveLength(0);
  });

  it('changes only the status without the cash system, and refunds empty slots only in pre-allocation mode', async () => {
    const user = await newAccount(stack);
    const [emptyId] = await issueEmptySlots({
      userId: user.id,
      count: 1,
      startDate: today(),
      endDate: addKstDays(today(), 9),
    });
    const normal = await refund(emptyId);
    expect(normal.status).toBe(409);
    expect(normal.body.error).toBe('진행중 또는 일시정지 상태의 슬롯만 환불할 수 있습니다.');
    await setSetting('slotOperationMode', 'pre-allocation');
    await setSetting('useCashSystem', false);
    try {
      const res = await refund(emptyId);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'refunded', refund_amount: 0 });
      expect(await refundEntries(user.id)).toHaveLength(0);
      expect(await countsOf(user.id)).toMatchObject({ empty: 0, refunded: 1 });
    } finally {
      await resetSettings('slotOperationMode', 'useCashSystem');
    }
  });
});

describe('GET /api/slots/system-stats', () => {
  it('answers the counters by status and the slots of deactivated accounts', async () => {
    const before = await stats();
    expect(Object.keys(before.statusBreakdown).sort()).toEqual([
      'active',
      'completed',
      'deleted',
      'empty',
      'expired',
      'inactive',
      'paused',
      'pending',
      'refunded',
      'rejected',
      'waiting',
    ]);
    const user = await newAccount(stack, { balance: PRICE * 2 });
    await call('POST', '/api/slots', user.token, row(1));
    await call('POST', '/api/slots', user.token, row(2));
    const mid = await stats();
    expect(mid.totalSlots - before.totalSlots).toBe(2);
    expect(mid.statusBreakdown.pending - before.statusBreakdown.pending).toBe(2);
    expect(mid.statusBreakdown.inactive).toBe(before.statusBreakdown.inactive);

    await usersStore.update(user.id, { isActive: false });
    const after = await stats();
    expect(after.statusBreakdown.inactive - before.statusBreakdown.inactive).toBe(2);
    // The operator's inactive tab lists exactly those.
    const list = (await op('GET', '/api/slots?userStatus=inactive&limit=200')).body.data;
    expect(list.items.every((s: any) => s.user_is_active === false)).toBe(true);
    expect(list.items.filter((s: any) => s.userId === user.id)).toHaveLength(2);
  });
});
