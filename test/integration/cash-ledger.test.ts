import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { credit, getBalance, LinkedWriteRejected, purchase, refund } from '../../functions/domain/cash/ledger';
import { InsufficientBalanceError, ConflictError } from '#commons/errors';
import { retrying } from '#commons/retry';
import { ledgerStore, signedAmount } from '../../functions/storage/ledger';
import { db, tableName } from '../../functions/storage/client';
import type { TransactItem } from '../../functions/storage/transactions';

/**
 * The ledger contract other features build on (functions/domain/cash/ledger.ts), against the real
 * DynamoDB Local: exact balances, no negative balance under concurrency, idempotent retries and
 * linked writes that commit or fail together with the money.
 */
let stack: LocalStack;
let seq = 0;
const newUser = async () =>
  (await stack.createUser({ email: `ledger${++seq}`, password: 'secret12', fullName: `원장${seq}` })).id;
const key = () => `k-${crypto.randomUUID()}`;

const ledgerSum = async (userId: string) =>
  (await ledgerStore.allEntries(userId)).reduce((s, e) => s + signedAmount(e.type, e.amount), 0);

/** A linked write: a marker item that must not exist yet. */
const marker = (id: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { PK: `TESTMARK#${id}`, SK: 'M', entity: 'testMarker' },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});
const markerExists = async (id: string) =>
  !!(await db().send(new GetCommand({ TableName: tableName(), Key: { PK: `TESTMARK#${id}`, SK: 'M' } }))).Item;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
});
afterAll(() => stack?.stop());

describe('ledger: credit, purchase, refund', () => {
  it('moves money with exact balanceAfter on each entry and sums to the balance', async () => {
    const userId = await newUser();
    expect(await getBalance(userId)).toEqual({ amount: 0, updatedAt: null });

    const c = await credit({
      userId,
      type: 'charge',
      amount: 100_000,
      description: '충전',
      referenceId: 'cr-1',
      idempotencyKey: key(),
    });
    expect(c).toMatchObject({ balanceAfter: 100_000, replayed: false });
    expect(c.transactionId).toMatch(/^[0-9A-Z]{26}$/);
    const b = await credit({
      userId,
      type: 'bonus',
      amount: 10_000,
      description: '보너스',
      referenceId: 'cr-1',
      idempotencyKey: key(),
    });
    expect(b.balanceAfter).toBe(110_000);
    const p = await purchase({
      userId,
      amount: 50_000,
      description: '슬롯 등록',
      referenceId: 'slot-1',
      idempotencyKey: key(),
    });
    expect(p.balanceAfter).toBe(60_000);
    const r = await refund({
      userId,
      amount: 20_000,
      description: '환불',
      referenceId: 'slot-1',
      idempotencyKey: key(),
    });
    expect(r.balanceAfter).toBe(80_000);

    const balance = await getBalance(userId);
    expect(balance.amount).toBe(80_000);
    expect(Date.now() - Date.parse(balance.updatedAt!)).toBeLessThan(60_000);

    const entries = await ledgerStore.allEntries(userId);
    expect(entries.map((e) => [e.seq, e.type, e.amount, e.balanceAfter])).toEqual([
      [1, 'charge', 100_000, 100_000],
      [2, 'bonus', 10_000, 110_000],
      [3, 'purchase', 50_000, 60_000],
      [4, 'refund', 20_000, 80_000],
    ]);
    expect(entries[2]).toMatchObject({
      id: p.transactionId,
      description: '슬롯 등록',
      referenceId: 'slot-1',
      balanceType: 'paid',
      userId,
    });
    expect(await ledgerSum(userId)).toBe(80_000);
  });

  it('refuses an insufficient balance with the amounts in won and writes nothing', async () => {
    const userId = await newUser();
    await credit({
      userId,
      type: 'charge',
      amount: 12_345,
      description: '충전',
      referenceId: 'cr',
      idempotencyKey: key(),
    });
    const err = await purchase({
      userId,
      amount: 50_000,
      description: '슬롯',
      referenceId: 's',
      idempotencyKey: key(),
      with: [marker(`${userId}-x`)],
    }).catch((e) => e);
    expect(err).toBeInstanceOf(InsufficientBalanceError);
    expect(err.message).toBe('잔액이 부족합니다. 필요 금액: 50,000원, 현재 잔액: 12,345원');
    expect(err).toMatchObject({ code: 'INSUFFICIENT_BALANCE', required: 50_000, balance: 12_345 });
    expect((await getBalance(userId)).amount).toBe(12_345);
    expect(await ledgerStore.allEntries(userId)).toHaveLength(1);
    expect(await markerExists(`${userId}-x`)).toBe(false);
  });

  it('refuses a purchase from a user who never had a balance', async () => {
    const userId = await newUser();
    const err = await purchase({
      userId,
      amount: 1,
      description: '슬롯',
      referenceId: 's',
      idempotencyKey: key(),
    }).catch((e) => e);
    expect(err).toBeInstanceOf(InsufficientBalanceError);
    expect(err.message).toBe('잔액이 부족합니다. 필요 금액: 1원, 현재 잔액: 0원');
  });

  it('rejects amounts that are not non-negative integers', async () => {
    const userId = await newUser();
    for (const amount of [-1, 1.5, Number.NaN]) {
      const err = await credit({
        userId,
        type: 'charge',
        amount,
        description: 'x',
        referenceId: 'x',
        idempotencyKey: key(),
      }).catch((e) => e);
      expect(err.code).toBe('VALIDATION');
    }
    expect(await ledgerStore.allEntries(userId)).toHaveLength(0);
  });
});

describe('ledger: zero amounts (free slots)', () => {
  it('writes no entry and no balance change but commits the linked writes and returns the balance', async () => {
    const userId = await newUser();
    await credit({
      userId,
      type: 'charge',
      amount: 30_000,
      description: '충전',
      referenceId: 'cr',
      idempotencyKey: key(),
    });
    const k = key();
    const res = await purchase({
      userId,
      amount: 0,
      description: '테스트 슬롯',
      referenceId: 'slot-free',
      idempotencyKey: k,
      with: [marker(`${userId}-free`)],
    });
    expect(res).toEqual({ transactionId: '', balanceAfter: 30_000, replayed: false });
    expect(await markerExists(`${userId}-free`)).toBe(true);
    expect(await ledgerStore.allEntries(userId)).toHaveLength(1);
    // A retry is a replay, even though the linked marker now exists.
    expect(
      await purchase({
        userId,
        amount: 0,
        description: '테스트 슬롯',
        referenceId: 'slot-free',
        idempotencyKey: k,
        with: [marker(`${userId}-free`)],
      }),
    ).toEqual({
      transactionId: '',
      balanceAfter: 30_000,
      replayed: true,
    });
  });

  it('works for a user with no balance at all', async () => {
    const userId = await newUser();
    expect(
      await purchase({ userId, amount: 0, description: '무료', referenceId: 'f', idempotencyKey: key() }),
    ).toMatchObject({ balanceAfter: 0, replayed: false });
  });
});

describe('ledger: linked writes', () => {
  it('commits the caller items in the same transaction as the money', async () => {
    const userId = await newUser();
    await credit({
      userId,
      type: 'charge',
      amount: 100_000,
      description: '충전',
      referenceId: 'cr',
      idempotencyKey: key(),
    });
    await purchase({
      userId,
      amount: 50_000,
      description: '슬롯 2개',
      referenceId: 'bulk',
      idempotencyKey: key(),
      with: [marker(`${userId}-a`), marker(`${userId}-b`)],
    });
    expect(await markerExists(`${userId}-a`)).toBe(true);
    expect(await markerExists(`${userId}-b`)).toBe(true);
  });

  it('moves no money when a linked condition fails and names the failed item', async () => {
    const userId = await newUser();
    await credit({
      userId,
      type: 'charge',
      amount: 100_000,
      description: '충전',
      referenceId: 'cr',
      idempotencyKey: key(),
    });
    await db().send(new PutCommand({ TableName: tableName(), Item: { PK: `TESTMARK#${userId}-taken`, SK: 'M' } }));
    const err = await purchase({
      userId,
      amount: 50_000,
      description: '슬롯',
      referenceId: 's',
      idempotencyKey: key(),
      with: [marker(`${userId}-new`), marker(`${userId}-taken`)],
    }).catch((e) => e);
    expect(err).toBeInstanceOf(LinkedWriteRejected);
    expect(err.index).toBe(1);
    expect(err.code).toBe('CONFLICT');
    expect((await getBalance(userId)).amount).toBe(100_000);
    expect(await ledgerStore.allEntries(userId)).toHaveLength(1);
    expect(await markerExists(`${userId}-new`)).toBe(false);
  });
});

describe('ledger: idempotency', () => {
  it('returns the first answer for a retried key and writes one entry', async () => {
    const userId = await newUser();
    await credit({
      userId,
      type: 'charge',
      amount: 100_000,
      description: '충전',
      referenceId: 'cr',
      idempotencyKey: key(),
    });
    const k = key();
    const first = await purchase({ userId, amount: 30_000, description: '슬롯', referenceId: 's', idempotencyKey: k });
    // Another purchase in between: the retry must still answer the first balanceAfter.
    await purchase({ userId, amount: 10_000, description: '슬롯', referenceId: 's2', idempotencyKey: key() });
    const retry = await purchase({ userId, amount: 30_000, description: '슬롯', referenceId: 's', idempotencyKey: k });
    expect(first).toMatchObject({ balanceAfter: 70_000, replayed: false });
    expect(retry).toEqual({ ...first, replayed: true });
    expect((await getBalance(userId)).amount).toBe(60_000);
    expect((await ledgerStore.allEntries(userId)).filter((e) => e.type === 'purchase')).toHaveLength(2);
  });

  it('moves money once when the same key arrives 10 times at once', async () => {
    const userId = await newUser();
    await credit({
      userId,
      type: 'charge',
      amount: 100_000,
      description: '충전',
      referenceId: 'cr',
      idempotencyKey: key(),
    });
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        purchase({ userId, amount: 40_000, description: '슬롯', referenceId: 's', idempotencyKey: k }),
      ),
    );
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(results.every((r) => r.balanceAfter === 60_000)).toBe(true);
    expect((await getBalance(userId)).amount).toBe(60_000);
    expect(await ledgerStore.allEntries(userId)).toHaveLength(2);
  });

  it('refuses the same key for a different amount', async () => {
    const userId = await newUser();
    await credit({
      userId,
      type: 'charge',
      amount: 100_000,
      description: '충전',
      referenceId: 'cr',
      idempotencyKey: key(),
    });
    const k = key();
    await purchase({ userId, amount: 30_000, description: '슬롯', referenceId: 's', idempotencyKey: k });
    const err = await purchase({
      userId,
      amount: 20_000,
      description: '슬롯',
      referenceId: 's',
      idempotencyKey: k,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.message).toBe('같은 Idempotency-Key로 다른 요청이 이미 처리되었습니다.');
    expect((await getBalance(userId)).amount).toBe(70_000);
  });

  it('scopes keys per user and per operation', async () => {
    const a = await newUser();
    const b = await newUser();
    const k = key();
    await credit({
      userId: a,
      type: 'charge',
      amount: 10_000,
      description: '충전',
      referenceId: 'cr',
      idempotencyKey: k,
    });
    const other = await credit({
      userId: b,
      type: 'charge',
      amount: 10_000,
      description: '충전',
      referenceId: 'cr',
      idempotencyKey: k,
    });
    expect(other.replayed).toBe(false);
    const spend = await purchase({
      userId: a,
      amount: 10_000,
      description: '슬롯',
      referenceId: 's',
      idempotencyKey: k,
    });
    expect(spend).toMatchObject({ replayed: false, balanceAfter: 0 });
  });
});

describe('ledger: concurrency', () => {
  it('100 concurrent purchases of one slot for a balance that pays exactly 10: exactly 10 succeed', async () => {
    const userId = await newUser();
    const price = 50_000;
    await credit({
      userId,
      type: 'charge',
      amount: price * 10,
      description: '충전',
      referenceId: 'cr',
      idempotencyKey: key(),
    });
    // A caller runs each ledger attempt inside the one retry policy, as the slots domain does.
    const buy = (i: number) =>
      retrying(() =>
        purchase({
          userId,
          amount: price,
          description: `슬롯 ${i}`,
          referenceId: `slot-${i}`,
          idempotencyKey: `buy-${i}`,
          with: [marker(`${userId}-slot-${i}`)],
        }),
      );
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => buy(i)));
    // On a loaded machine a purchase may outlast its retry budget among 100 writers of one balance and be
    // answered busy (the person is told to try again, nothing is charged). Its caller tries again, as a
    // person would, with the same key: only then may the count of paid purchases be judged.
    for (const [i, o] of outcomes.entries())
      if (o.status === 'rejected' && !(o.reason instanceof InsufficientBalanceError))
        outcomes[i] = await buy(i).then(
          (value) => ({ status: 'fulfilled' as const, value }),
          (reason: unknown) => ({ status: 'rejected' as const, reason }),
        );
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');

    expect(ok).toHaveLength(10);
    expect(refused.every((o) => o.reason instanceof InsufficientBalanceError)).toBe(true);
    expect((await getBalance(userId)).amount).toBe(0);
    expect(await ledgerSum(userId)).toBe(0);
    const entries = await ledgerStore.allEntries(userId);
    expect(entries.filter((e) => e.type === 'purchase')).toHaveLength(10);
    // The balanceAfter chain is unbroken: each entry follows the previous one.
    entries.reduce((prev, e) => {
      expect(e.balanceAfter).toBe(prev + signedAmount(e.type, e.amount));
      return e.balanceAfter;
    }, 0);
    // Exactly the 10 paid slots exist.
    const paid = await Promise.all(Array.from({ length: 100 }, (_, i) => markerExists(`${userId}-slot-${i}`)));
    expect(paid.filter(Boolean)).toHaveLength(10);
  });
});
