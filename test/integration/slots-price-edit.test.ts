import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProblems } from '../../functions/domain/cash/reconcile';
import { ledgerStore } from '../../functions/storage/ledger';
import { slotsStore } from '../../functions/storage/slots';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { notificationsOf } from '../support/notifications';
import { balanceOf, newAccount, resetSettings, row, setSetting } from '../support/slots';
import { slotMessages } from '../../shared/messages/slots';

/** A price edit after approval: preview, settlement through the ledger, exactly once. */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;
const PRICE = 50_000;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '가격담당' });
});
afterAll(async () => {
  await resetSettings('useCashSystem');
  await stack?.stop();
});

const op = (method: string, path: string, body?: unknown, key?: string) =>
  api.call(method, path, { token: operator.token, body, headers: key ? { 'idempotency-key': key } : {} });
const preview = (id: string, price: unknown) => op('GET', `/api/slots/${id}/price-preview?price=${price}`);
const edit = (id: string, price: unknown, key: string = crypto.randomUUID()) =>
  op('PUT', `/api/slots/${id}/price`, { price }, key);
const entriesOf = async (userId: string) => ledgerStore.allEntries(userId);
const editEntries = async (userId: string, slotId: string) =>
  (await entriesOf(userId)).filter((e) => e.referenceId === slotId && e.description.includes('가격 변경'));

/** A slot paid from the balance (registration charge PRICE) and approved; the owner keeps `spare` won. */
async function approvedSlot(spare = 100_000) {
  const user = await newAccount(stack, { balance: PRICE + spare });
  const slot = (await api.call('POST', '/api/slots', { token: user.token, body: row(1) })).body.data;
  expect((await op('POST', `/api/slots/${slot.id}/approve`, { approved: true })).status).toBe(200);
  return { user, slot };
}

async function expectLedgerConsistent(userId: string) {
  const [balance, entries] = await Promise.all([ledgerStore.getBalance(userId), entriesOf(userId)]);
  expect(findProblems(balance, entries)).toEqual([]);
}

describe('approval with the cash system on', () => {
  it('records the price the balance paid: another one is refused (400) and nothing is written', async () => {
    const user = await newAccount(stack, { balance: PRICE + 40_000 });
    const slot = (await api.call('POST', '/api/slots', { token: user.token, body: row(1) })).body.data;
    const entriesBefore = await entriesOf(user.id);
    const before = await slotsStore.get(slot.id);
    const logsBefore = (await op('GET', `/api/slots/${slot.id}/logs`)).body.data;

    for (const approvedPrice of [80_000, 45_000]) {
      const refused = await op('POST', `/api/slots/${slot.id}/approve`, { approved: true, approvedPrice });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(slotMessages.approvePaidPriceOnly(PRICE));
      expect(refused.body.details).toEqual([
        expect.objectContaining({ field: 'approvedPrice', message: slotMessages.approvePaidPriceOnly(PRICE) }),
      ]);
    }
    expect(await slotsStore.get(slot.id)).toEqual(before);
    expect(await entriesOf(user.id)).toEqual(entriesBefore);
    expect((await op('GET', `/api/slots/${slot.id}/logs`)).body.data).toEqual(logsBefore);

    // The paid price (sent or left out) approves; a different price then goes through the price edit,
    // which takes the difference from the balance with its own ledger entry.
    const approved = await op('POST', `/api/slots/${slot.id}/approve`, { approved: true, approvedPrice: PRICE });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'active', approved_price: PRICE, price: PRICE });
    expect(await balanceOf(user.id)).toBe(40_000);
    expect((await edit(slot.id, 80_000)).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(10_000);
    expect((await editEntries(user.id, slot.id)).map((e) => [e.type, e.amount])).toEqual([['purchase', 30_000]]);
    await expectLedgerConsistent(user.id);
  });
});

describe('price edit after approval', () => {
  it('previews the difference, what it settles and the balance after, writing nothing', async () => {
    const { user, slot } = await approvedSlot(100_000);
    const before = await slotsStore.get(slot.id);
    const up = await preview(slot.id, 70_000);
    expect(up.status).toBe(200);
    expect(up.body.data).toEqual({
      slotId: slot.id,
      currentPrice: PRICE,
      newPrice: 70_000,
      difference: 20_000,
      settlement: 'charge',
      amount: 20_000,
      balance: 100_000,
      balanceAfter: 80_000,
    });
    expect((await preview(slot.id, 30_000)).body.data).toMatchObject({
      difference: -20_000,
      settlement: 'return',
      amount: 20_000,
      balanceAfter: 120_000,
    });
    expect((await preview(slot.id, PRICE)).body.data).toMatchObject({ difference: 0, settlement: 'none', amount: 0 });
    // More than the balance: shown, so the dialog can say the edit would be refused.
    expect((await preview(slot.id, 200_000)).body.data).toMatchObject({ amount: 150_000, balanceAfter: -50_000 });
    expect(await slotsStore.get(slot.id)).toEqual(before);
    expect(await balanceOf(user.id)).toBe(100_000);
  });

  it('charges a higher price once under a retried Idempotency-Key, logs it and tells the owner', async () => {
    const { user, slot } = await approvedSlot(100_000);
    const first = await edit(slot.id, 70_000, 'price-up-1');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      settlement: 'charge',
      amount: 20_000,
      balanceAfter: 80_000,
      slot: { id: slot.id, price: 70_000, approved_price: 70_000 },
    });
    const again = await edit(slot.id, 70_000, 'price-up-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    expect(await balanceOf(user.id)).toBe(80_000);
    const entries = await editEntries(user.id, slot.id);
    expect(entries.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([['purchase', 20_000, 80_000]]);
    await expectLedgerConsistent(user.id);

    const logs = (await op('GET', `/api/slots/${slot.id}/logs`)).body.data;
    const priceLines = logs.filter((l: { field_key: string }) => l.field_key === 'price');
    expect(priceLines).toHaveLength(1);
    expect(priceLines[0]).toMatchObject({
      old_value: '50000',
      new_value: '70000',
      full_name: '가격담당',
      description: '가격 변경: 50,000원 → 70,000원 (차액 20,000원 차감)',
    });
    const notices = (await notificationsOf(user.id)).filter((n) => n.title === '슬롯 가격 변경');
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain('차액 20,000원이 캐시에서 차감되었습니다.');
    expect(notices[0].metadata).toMatchObject({
      slotId: slot.id,
      settlement: 'charge',
      event: 'slot-price-changed',
    });
  });

  it('returns a lower price once when two identical requests run at the same time', async () => {
    const { user, slot } = await approvedSlot(0);
    const [a, b] = await Promise.all([edit(slot.id, 20_000, 'price-down-1'), edit(slot.id, 20_000, 'price-down-1')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const res of [a, b])
      expect(res.body.data).toMatchObject({ settlement: 'return', amount: 30_000, balanceAfter: 30_000 });
    expect(await balanceOf(user.id)).toBe(30_000);
    expect((await editEntries(user.id, slot.id)).map((e) => [e.type, e.amount])).toEqual([['refund', 30_000]]);
    const stored = await slotsStore.get(slot.id);
    expect(stored).toMatchObject({ price: 20_000, approved_price: 20_000 });
    await expectLedgerConsistent(user.id);

    // A later refund starts from what the balance now holds for the slot: the whole 20,000, not 50,000.
    const refund = await op('PATCH', `/api/slots/${slot.id}/status`, {
      status: 'refunded',
      refundReason: '가격 확인',
      fullRefund: true,
    });
    expect(refund.status).toBe(200);
    expect(await balanceOf(user.id)).toBe(50_000);
    await expectLedgerConsistent(user.id);
  });

  it('charges once when two identical charges race without a key, and settles twin edits apart', async () => {
    const { user, slot } = await approvedSlot(100_000);
    const [a, b] = await Promise.all([
      op('PUT', `/api/slots/${slot.id}/price`, { price: 60_000 }),
      op('PUT', `/api/slots/${slot.id}/price`, { price: 60_000 }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await balanceOf(user.id)).toBe(90_000);
    expect((await editEntries(user.id, slot.id)).map((e) => [e.type, e.amount])).toEqual([['purchase', 10_000]]);
    // Two different prices at once: both apply, one after the other, each settling its own difference.
    const [c, d] = await Promise.all([edit(slot.id, 80_000), edit(slot.id, 40_000)]);
    expect([c.status, d.status]).toEqual([200, 200]);
    const final = (await slotsStore.get(slot.id))!;
    expect([80_000, 40_000]).toContain(final.price);
    expect(await balanceOf(user.id)).toBe(100_000 + PRICE - final.price);
    await expectLedgerConsistent(user.id);
  });

  it('refuses a charge the balance cannot pay (402, the Korean text) and writes nothing', async () => {
    const { user, slot } = await approvedSlot(5_000);
    const before = await slotsStore.get(slot.id);
    const entriesBefore = await entriesOf(user.id);
    const res = await edit(slot.id, 60_000);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_BALANCE',
      error: '잔액이 부족합니다. 필요 금액: 10,000원, 현재 잔액: 5,000원',
    });
    expect(await slotsStore.get(slot.id)).toEqual(before);
    expect(await entriesOf(user.id)).toEqual(entriesBefore);
    expect(await balanceOf(user.id)).toBe(5_000);
    const logs = (await op('GET', `/api/slots/${slot.id}/logs`)).body.data;
    expect(logs.some((l: { field_key: string }) => l.field_key === 'price')).toBe(false);
  });

  it('refuses a price that is not a whole number above 0 with the Korean text', async () => {
    const { slot } = await approvedSlot();
    for (const price of [0, -1000, 1.5, '50000', null]) {
      const res = await edit(slot.id, price);
      expect(res.status, String(price)).toBe(400);
      expect(res.body.error).toBe('올바른 가격을 입력해주세요.');
    }
    for (const price of ['0', 'abc', '-5']) {
      const res = await preview(slot.id, price);
      expect(res.status, price).toBe(400);
      expect(res.body.error).toBe('올바른 가격을 입력해주세요.');
    }
    expect((await slotsStore.get(slot.id))!.version).toBe(2);
  });

  it('is refused (409, Korean) for slots that are not approved and running', async () => {
    const user = await newAccount(stack, { balance: PRICE * 2 });
    const pending = (await api.call('POST', '/api/slots', { token: user.token, body: row(1) })).body.data;
    for (const res of [await edit(pending.id, 60_000), await preview(pending.id, 60_000)]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('진행대기, 진행중 또는 일시정지 상태의 승인된 슬롯만 가격을 변경할 수 있습니다.');
    }
    const { slot } = await approvedSlot();
    await op('PATCH', `/api/slots/${slot.id}/status`, { status: 'refunded', refundReason: '종료' });
    expect((await edit(slot.id, 60_000)).status).toBe(409);
  });

  it('is for operators and developers: the owner gets 403 and nothing changes', async () => {
    const { user, slot } = await approvedSlot();
    const before = await slotsStore.get(slot.id);
    for (const res of [
      await api.call('PUT', `/api/slots/${slot.id}/price`, { token: user.token, body: { price: 1000 } }),
      await api.call('GET', `/api/slots/${slot.id}/price-preview?price=1000`, { token: user.token }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
    }
    expect(await slotsStore.get(slot.id)).toEqual(before);
    const developer = await newAccount(stack, { role: 'developer' });
    const dev = await api.call('PUT', `/api/slots/${slot.id}/price`, {
      token: developer.token,
      body: { price: PRICE },
    });
    expect(dev.status).toBe(200);
  });

  it('records only when the cash system is off or the slot was not paid from the balance', async () => {
    const { user, slot } = await approvedSlot(0);
    await setSetting('useCashSystem', false);
    try {
      const free = await newAccount(stack);
      const unpaid = (await api.call('POST', '/api/slots', { token: free.token, body: row(2) })).body.data;
      expect(unpaid.price).toBe(0);
      await op('POST', `/api/slots/${unpaid.id}/approve`, { approved: true, approvedPrice: 30_000 });

      expect((await preview(slot.id, 90_000)).body.data).toMatchObject({
        currentPrice: PRICE,
        settlement: 'none',
        amount: 0,
        balanceAfter: 0,
      });
      const off = await edit(slot.id, 90_000);
      expect(off.body.data).toMatchObject({ settlement: 'none', amount: 0, slot: { approved_price: 90_000 } });
      // What the balance paid stays what a refund starts from.
      expect((await slotsStore.get(slot.id))!.price).toBe(PRICE);

      await setSetting('useCashSystem', true);
      const res = await edit(unpaid.id, 45_000);
      expect(res.body.data).toMatchObject({
        settlement: 'none',
        amount: 0,
        slot: { price: 0, approved_price: 45_000 },
      });
      expect(await entriesOf(free.id)).toEqual([]);
      expect(await editEntries(user.id, slot.id)).toEqual([]);
      const notice = (await notificationsOf(free.id)).find((n) => n.title === '슬롯 가격 변경');
      expect(notice?.metadata).toMatchObject({ settlement: 'none', event: 'slot-price-changed' });
    } finally {
      await resetSettings('useCashSystem');
    }
  });
});
