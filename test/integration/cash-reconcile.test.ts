import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockClient, type AwsStub } from 'aws-sdk-client-mock';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { notificationsOf, titlesOf } from '../support/notifications';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { findJob, runJob as invokeJob } from '../../infra/local/scheduler';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { ledgerStore } from '../../functions/storage/ledger';
import { credit, purchase } from '../../functions/domain/cash/ledger';
import { logger } from '#commons/logger';

/**
 * The `ledger-reconcile` job through the local on-demand endpoint: clean ledgers pass; drift planted
 * directly in the table (a balance changed without an entry, a negative balance, a deleted entry)
 * is reported and logged as an alarm, and left exactly as found. A user the store keeps failing for
 * (a fault DynamoDB Local cannot produce, so injected) is logged and fails the run, after everyone
 * else has been checked.
 */
let stack: LocalStack;
let mock: AwsStub<any, any, any> | undefined;
let n = 0;
const newUser = async () =>
  (await stack.createUser({ email: `recon${++n}`, password: 'secret12', fullName: `대사${n}` })).id;
const k = () => crypto.randomUUID();

async function runJob() {
  const res = await fetch(`${stack.url}/_local/jobs/ledger-reconcile`, { method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

async function fund(userId: string, charge: number, spend: number) {
  await credit({ userId, type: 'charge', amount: charge, description: '충전', referenceId: 'cr', idempotencyKey: k() });
  if (spend) await purchase({ userId, amount: spend, description: '슬롯', referenceId: 's', idempotencyKey: k() });
}

let developerId: string;
beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  developerId = (await (
    await import('../../functions/storage/users')
  ).usersStore.getByLogin(localStackDefaults.developerId))!.id;
});
afterEach(() => {
  vi.restoreAllMocks();
  mock?.restore();
  mock = undefined;
});

/** Every read reaches the real DynamoDB Local, except `userId`'s balance, which is throttled every time. */
function throttleBalanceOf(userId: string) {
  const real = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: process.env.AWS_REGION,
      endpoint: process.env.DYNAMODB_ENDPOINT,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const error = Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
    name: 'ThrottlingException',
    $metadata: {},
  });
  mock = mockClient(db());
  mock.on(QueryCommand).callsFake((input) => real.send(new QueryCommand(input)));
  mock.on(GetCommand).callsFake((input) => {
    if (input.Key.PK === keys.cashBalance(userId).PK) throw error;
    return real.send(new GetCommand(input));
  });
  return error;
}
afterAll(() => stack?.stop());

describe('ledger-reconcile', () => {
  it('passes clean ledgers', async () => {
    const a = await newUser();
    await fund(a, 100_000, 30_000);
    await newUser(); // never used the cash system
    const errors = vi.spyOn(logger, 'error');
    const summary = await runJob();
    expect(summary.drifted).toBe(0);
    expect(summary.checkedUsers).toBeGreaterThanOrEqual(3); // + the bootstrap developer
    expect(errors).not.toHaveBeenCalled();
  });

  it('alarms on planted drift and repairs nothing', async () => {
    const clean = await newUser();
    await fund(clean, 50_000, 10_000);

    // 1. A balance raised without a ledger entry.
    const inflated = await newUser();
    await fund(inflated, 100_000, 20_000);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.cashBalance(inflated),
        UpdateExpression: 'SET balance = balance + :x',
        ExpressionAttributeValues: { ':x': 5_000 },
      }),
    );

    // 2. A negative balance (with a matching fake entry, so only the sign is wrong).
    const negative = await newUser();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.cashBalance(negative),
        UpdateExpression: 'SET balance = :b, seq = :s, userId = :u',
        ExpressionAttributeValues: { ':b': -3_000, ':s': 1, ':u': negative },
      }),
    );
    const fakeEntry = ledgerStore.entryPut({
      id: 'FAKE',
      userId: negative,
      seq: 1,
      type: 'purchase',
      amount: 3_000,
      balanceType: 'paid',
      balanceAfter: -3_000,
      description: '심은 항목',
      referenceId: 'x',
      transactionAt: new Date().toISOString(),
      idempotencyKey: 'x',
    });
    await db().send(new PutCommand({ TableName: tableName(), Item: fakeEntry.Put!.Item }));

    // 3. An entry deleted from the middle of a ledger.
    const gap = await newUser();
    await fund(gap, 80_000, 10_000);
    await purchase({ userId: gap, amount: 5_000, description: '슬롯', referenceId: 's', idempotencyKey: k() });
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.ledgerEntry(gap, 2) }));

    const balancesBefore = await Promise.all([inflated, negative, gap].map((u) => ledgerStore.getBalance(u)));
    const errors = vi.spyOn(logger, 'error');
    const summary = await runJob();

    const byUser = Object.fromEntries(summary.drifts.map((d: any) => [d.userId, d]));
    expect(Object.keys(byUser).sort()).toEqual([inflated, negative, gap].sort());
    expect(summary.drifted).toBe(3);
    expect(byUser[inflated]).toMatchObject({ balance: 85_000, ledgerSum: 80_000, difference: 5_000 });
    expect(byUser[inflated].problems).toContain('ledger sum 80000 != balance 85000');
    expect(byUser[negative].problems).toContain('negative balance -3000');
    expect(byUser[negative].problems.some((p: string) => p.startsWith('ledger sum'))).toBe(false);
    expect(byUser[gap]).toMatchObject({ balance: 65_000, ledgerSum: 75_000, entryCount: 2, seq: 3 });

    // The alarm: one ERROR log line per drifted user, with the user and the amounts.
    const alarms = errors.mock.calls.filter(([message]) => message === 'ledger drift');
    expect(alarms).toHaveLength(3);
    expect(alarms.map(([, extra]) => extra)).toContainEqual(
      expect.objectContaining({
        alarm: 'LEDGER_DRIFT',
        userId: inflated,
        balance: 85_000,
        ledgerSum: 80_000,
        difference: 5_000,
      }),
    );

    // Never silently repaired.
    expect(await Promise.all([inflated, negative, gap].map((u) => ledgerStore.getBalance(u)))).toEqual(balancesBefore);
    expect(await ledgerStore.allEntries(gap)).toHaveLength(2);
    // Every developer account is notified once; a re-run finding the same drift the same day adds nothing.
    const developerNotices = async () =>
      (await notificationsOf(developerId)).filter((n) => n.title === '캐시 원장 불일치');
    expect((await developerNotices()).map((n) => [n.type, n.priority, n.message])).toEqual([
      ['error', 'high', '캐시 원장 점검에서 3명의 잔액이 원장과 맞지 않습니다. 확인이 필요합니다.'],
    ]);
    expect((await runJob()).drifted).toBe(3);
    expect(await developerNotices()).toHaveLength(1);
    expect(await titlesOf(inflated)).toEqual([]);
  });

  it('checks everyone else when one user fails, logs that user, then fails the run', async () => {
    const broken = await newUser();
    await fund(broken, 10_000, 0);
    const drifted = await newUser();
    await fund(drifted, 40_000, 0);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.cashBalance(drifted),
        UpdateExpression: 'SET balance = balance + :x',
        ExpressionAttributeValues: { ':x': 1_000 },
      }),
    );
    const throttle = throttleBalanceOf(broken);
    const errors = vi.spyOn(logger, 'error');
    const info = vi.spyOn(logger, 'info');

    // Thrown out of the handler, as Lambda sees it: the Errors alarm fires, retries, then FailedJobs.
    await expect(invokeJob(findJob('ledger-reconcile')!)).rejects.toThrow(`could not check 1 user(s): ${broken}`);

    expect(errors).toHaveBeenCalledWith('ledger not checked', { userId: broken, error: throttle });
    const drifts = errors.mock.calls
      .filter(([message]) => message === 'ledger drift')
      .map(([, extra]) => (extra as any).userId);
    expect(drifts).toContain(drifted);
    expect(drifts).not.toContain(broken);
    const finished = info.mock.calls.find(([message]) => message === 'ledger reconciliation finished')?.[1] as any;
    expect(finished.failed).toBe(1);
    expect(finished.checkedUsers).toBeGreaterThanOrEqual(4); // every other user, incl. the earlier tests' and the developer

    // Through the on-demand endpoint it is a failed request, not a summary that looks fine.
    expect((await fetch(`${stack.url}/_local/jobs/ledger-reconcile`, { method: 'POST' })).status).toBe(500);

    // Once the store answers again the run (a retry) succeeds and checks the user it skipped.
    mock!.restore();
    mock = undefined;
    const summary = await runJob();
    expect(summary.failed).toBe(0);
    expect(summary.drifts.map((d: any) => d.userId)).not.toContain(broken);
    expect(summary.drifts.map((d: any) => d.userId)).toContain(drifted);
  });
});
