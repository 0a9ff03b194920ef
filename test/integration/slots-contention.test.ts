import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerStore, signedAmount } from '../../functions/storage/ledger';
import { slotCountersStore } from '../../functions/storage/slot-counters';
import { userWriteTurnsStore } from '../../functions/storage/user-write-turns';
import { inTurn } from '../../functions/domain/user-write-turns';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { balanceOf, newAccount, resetSettings, row, setSetting } from '../support/slots';

/**
 * One advertiser firing many registrations at once (a double-clicking script, several tabs): a
 * request may fail only for a business reason — balance, the slot limit — never because another
 * request of the same user was in flight. Money, ledger, numbers and counters stay exact.
 * (The full 50 / 120 scenarios, with their times, are in `npm run bench slots-contention`.)
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
const PRICE = 50_000;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
});
afterAll(async () => {
  await resetSettings('maxSlotsPerUser');
  await stack?.stop();
});

async function registerAtOnce(token: string, n: number) {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      api.call('POST', '/api/slots', {
        token,
        headers: { 'idempotency-key': `burst-${i}-${crypto.randomUUID()}` },
        body: row(i),
      }),
    ),
  );
  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  return { answers, byStatus: Object.fromEntries(byStatus) };
}

async function expectExactBooks(userId: string, created: number, startBalance: number) {
  expect(await balanceOf(userId)).toBe(startBalance - created * PRICE);
  const entries = await ledgerStore.allEntries(userId);
  expect(entries.filter((e) => e.type === 'purchase')).toHaveLength(created);
  entries.reduce((prev, e) => {
    expect(e.balanceAfter).toBe(prev + signedAmount(e.type, e.amount));
    return e.balanceAfter;
  }, 0);
  const counters = await slotCountersStore.ofUser(userId);
  expect(counters.byStatus.pending).toBe(created);
  expect(counters.held).toBe(created);
  expect(counters.seq).toBe(created);
}

describe('concurrent registrations of one user', () => {
  it('30 at once with cash for all 30: every one is created, numbers 1–30, no conflict', async () => {
    const user = await newAccount(stack, { balance: 30 * PRICE });
    const { answers, byStatus } = await registerAtOnce(user.token, 30);
    expect(byStatus).toEqual({ 201: 30 });
    expect(answers.map((a) => a.body.data.slot_number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    await expectExactBooks(user.id, 30, 30 * PRICE);
  });

  it('45 at once against a 30-slot limit: 30 created, 15 refused for the limit, nothing else', async () => {
    await setSetting('maxSlotsPerUser', 30);
    const user = await newAccount(stack, { balance: 45 * PRICE });
    const { answers, byStatus } = await registerAtOnce(user.token, 45);
    expect(byStatus).toEqual({ 201: 30, 409: 15 });
    const refusals = answers.filter((a) => a.status === 409).map((a) => a.body.error);
    expect(new Set(refusals)).toEqual(new Set(['슬롯은 사용자당 최대 30개까지 보유할 수 있습니다. (현재 30개)']));
    await expectExactBooks(user.id, 30, 45 * PRICE);
  });
});

describe("one user's line of writes", () => {
  it('skips a first turn its holder never handed on (the store refused, the function died), as any turn held too long', async () => {
    const user = await newAccount(stack);
    // The user's first ticket, taken by a request that never passes it on.
    expect(await userWriteTurnsStore.take(user.id)).toBe(1);
    expect(await inTurn(user.id, async () => 'ran')).toBe('ran');
    // The next request skipped the held turn and had its own: the line is past both. A request that
    // gave up waiting would have run outside the line and left it stuck at the first ticket.
    expect((await userWriteTurnsStore.read(user.id)).serving).toBe(3);
  });
});
