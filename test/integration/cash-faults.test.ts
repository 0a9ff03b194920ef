import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockClient, type AwsStub } from 'aws-sdk-client-mock';
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { db } from '../../functions/storage/client';
import { ledgerStore } from '../../functions/storage/ledger';
import { purchase } from '../../functions/domain/cash/ledger';
import { settingsStore } from '../../functions/storage/settings';
import { invalidateSettingsCache } from '../../functions/domain/settings/settings-service';

/**
 * Fault injection: the store fails a money transaction midway — cancelled for throttling,
 * throttled outright, or cancelled for a reason we do not expect. Balance, ledger, request status
 * and counters stay as they were, and the API answers a clean Korean error, never internals.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: string;
let adv: { id: string; token: string };
let mock: AwsStub<any, any, any> | undefined;

/** Everything but TransactWriteItems reaches the real DynamoDB Local through an unmocked client. */
function failTransactions(error: Error, opts: { passFirst?: number } = {}) {
  const real = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: process.env.AWS_REGION,
      endpoint: process.env.DYNAMODB_ENDPOINT,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const commands = [
    GetCommand,
    PutCommand,
    UpdateCommand,
    DeleteCommand,
    QueryCommand,
    ScanCommand,
    BatchGetCommand,
    BatchWriteCommand,
  ] as const;
  mock = mockClient(db());
  for (const Command of commands)
    mock.on(Command as any).callsFake((input: any) => real.send(new (Command as any)(input)));
  let attempts = 0;
  let passed = 0;
  mock.on(TransactWriteCommand).callsFake((input: any) => {
    if (passed < (opts.passFirst ?? 0)) {
      passed += 1;
      return real.send(new TransactWriteCommand(input));
    }
    attempts += 1;
    throw error;
  });
  return { attempts: () => attempts };
}

const cancelled = (codes: string[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
const throttled = () =>
  Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
    name: 'ThrottlingException',
    $metadata: {},
  });

async function snapshot() {
  const [balance, entries, list, stats] = await Promise.all([
    api.call('GET', '/api/cash/balance', { token: adv.token }),
    ledgerStore.allEntries(adv.id),
    api.call('GET', '/api/cash/charge-requests', { token: adv.token }),
    api.call('GET', '/api/cash/stats', { token: operator }),
  ]);
  return { balance: balance.body.data, entries, requests: list.body.data, stats: stats.body.data };
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  await stack.createUser({ email: 'faultop', password: 'secret12', fullName: '운영자', role: 'operator' });
  const a = await stack.createUser({ email: 'faultadv', password: 'secret12', fullName: '광고주' });
  operator = (await api.login('faultop', 'secret12')).token;
  adv = { id: a.id, token: (await api.login('faultadv', 'secret12')).token };
});
afterEach(() => {
  mock?.restore();
  mock = undefined;
});
afterAll(() => stack?.stop());

describe('a money transaction that fails midway', () => {
  it.each([
    [
      'cancelled by throttling',
      () => cancelled(['None', 'ThrottlingError', 'None', 'None', 'None', 'None', 'None']),
      429,
      '요청이 많아 처리하지 못했습니다. 잠시 후 다시 시도해주세요.',
    ],
    ['throttled', throttled, 429, '요청이 많아 처리하지 못했습니다. 잠시 후 다시 시도해주세요.'],
    [
      'cancelled for an unexpected reason',
      () => cancelled(['None', 'ValidationError', 'None']),
      500,
      '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    ],
  ])('approval %s leaves balance, ledger, request and counters unchanged', async (_, error, status, message) => {
    const created = await api.call('POST', '/api/cash/charge-requests', {
      token: adv.token,
      body: { amount: 50_000, depositAt: '2025-03-01T10:00', accountHolder: '홍길동' },
    });
    const before = await snapshot();

    const faults = failTransactions(error());
    const res = await api.call('POST', `/api/cash/charge-requests/${created.body.data.id}/approve`, {
      token: operator,
      body: { bonusPercentage: 10 },
    });
    expect(faults.attempts()).toBeGreaterThan(0);
    mock!.restore();
    mock = undefined;

    expect(res.status).toBe(status);
    // A busy store is retried within the retry budget, then answered with a time to come back.
    const busy = status === 429;
    expect(res.body).toEqual({
      success: false,
      code: busy ? 'THROTTLED' : 'INTERNAL',
      error: message,
      ...(busy ? { details: { retryAfterSeconds: 1 } } : {}),
    });
    if (busy) expect(res.headers.get('retry-after')).toBe('1');
    expect(await snapshot()).toEqual(before);

    // Once the store recovers the same request is approved normally, exactly once.
    const ok = await api.call('POST', `/api/cash/charge-requests/${created.body.data.id}/approve`, {
      token: operator,
      body: { bonusPercentage: 10 },
    });
    expect(ok.status).toBe(200);
    const after = await snapshot();
    expect(after.balance.amount).toBe(before.balance.amount + 55_000);
    expect(after.entries).toHaveLength(before.entries.length + 2);
  });

  it('a charge request that cannot be written answers THROTTLED and leaves nothing behind', async () => {
    const before = await snapshot();
    failTransactions(throttled());
    const res = await api.call('POST', '/api/cash/charge-requests', {
      token: adv.token,
      body: { amount: 20_000, depositAt: '2025-03-01T10:00', accountHolder: '홍길동' },
    });
    mock!.restore();
    mock = undefined;
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('요청이 많아 처리하지 못했습니다. 잠시 후 다시 시도해주세요.');
    expect(await snapshot()).toEqual(before);
  });

  it('a purchase whose transaction is cancelled moves no money and can be retried with the same key', async () => {
    const before = await snapshot();
    expect(before.balance.amount).toBeGreaterThanOrEqual(10_000);
    failTransactions(cancelled(['ThrottlingError', 'None', 'None']));
    const err = await purchase({
      userId: adv.id,
      amount: 10_000,
      description: '슬롯',
      referenceId: 's-1',
      idempotencyKey: 'fault-buy',
    }).catch((e) => e);
    mock!.restore();
    mock = undefined;
    expect(err.name).toBe('TransactionCanceledException');
    expect(await snapshot()).toEqual(before);

    const retry = await purchase({
      userId: adv.id,
      amount: 10_000,
      description: '슬롯',
      referenceId: 's-1',
      idempotencyKey: 'fault-buy',
    });
    expect(retry).toMatchObject({ replayed: false, balanceAfter: before.balance.amount - 10_000 });
  });

  it('with cashAutoApproval, a failed automatic approval leaves the request pending (201) for an operator', async () => {
    await settingsStore.put('cashAutoApproval', true, 'business', 'test');
    invalidateSettingsCache();
    try {
      const before = await snapshot();
      failTransactions(throttled(), { passFirst: 1 });
      const res = await api.call('POST', '/api/cash/charge-requests', {
        token: adv.token,
        body: { amount: 30_000, depositAt: '2025-03-01T10:00', accountHolder: '홍길동' },
      });
      mock!.restore();
      mock = undefined;
      expect(res.status).toBe(201);
      expect(res.body.data.status).toBe('pending');
      const after = await snapshot();
      expect(after.balance).toEqual(before.balance);
      expect(after.entries).toEqual(before.entries);
      expect(after.stats.chargeRequests.pending).toBe(before.stats.chargeRequests.pending + 1);
      const ok = await api.call('POST', `/api/cash/charge-requests/${res.body.data.id}/approve`, {
        token: operator,
        body: {},
      });
      expect(ok.body.data.status).toBe('approved');
    } finally {
      await settingsStore.put('cashAutoApproval', false, 'business', 'test');
      invalidateSettingsCache();
    }
  });
});
