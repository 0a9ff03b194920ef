import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { settingsStore } from '../../functions/storage/settings';
import { invalidateSettingsCache } from '../../functions/domain/settings/settings-service';
import { ledgerStore, signedAmount } from '../../functions/storage/ledger';
import { purchase } from '../../functions/domain/cash/ledger';
import { cashStats } from '../../functions/domain/cash/cash-service';
import { approveChargeRequest, rejectChargeRequest } from '../../functions/domain/cash/charge-requests';
import { ForbiddenError } from '#commons/errors';

/**
 * The cash API end to end (the product's cash paths, which the spec leaves out): charge requests, approval with bonus,
 * rejection, cancellation, balance and ledger history, settings switches, idempotent retries and
 * concurrent approvals, on the real local stack.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: string;
let operatorId: string;
let n = 0;

const depositAt = '2025-03-01T14:30';
const chargeBody = (amount: number) => ({ amount, depositAt, accountHolder: '홍길동' });

async function newAdvertiser() {
  const email = `adv${++n}`;
  const { id } = await stack.createUser({ email, password: 'secret12', fullName: `광고주${n}` });
  const { token } = await api.login(email, 'secret12');
  return { id, token, email };
}

async function setSetting(key: string, value: unknown) {
  await settingsStore.put(key, value, 'business', 'test');
  invalidateSettingsCache();
}

const balanceOf = async (token: string) =>
  (await api.call('GET', '/api/cash/balance', { token })).body.data.amount as number;

async function requestCharge(token: string, amount = 100_000, headers?: Record<string, string>) {
  const res = await api.call('POST', '/api/cash/charge-requests', { token, body: chargeBody(amount), headers });
  expect(res.status).toBe(201);
  return res.body.data;
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operatorId = (await stack.createUser({ email: 'cashop', password: 'secret12', fullName: '운영자', role: 'operator' }))
    .id;
  operator = (await api.login('cashop', 'secret12')).token;
});
afterAll(() => stack?.stop());
afterEach(async () => {
  await setSetting('useCashSystem', true);
  await setSetting('cashAutoApproval', false);
});

describe('charge request creation', () => {
  it('creates a pending request with the spec fields', async () => {
    const adv = await newAdvertiser();
    const res = await api.call('POST', '/api/cash/charge-requests', { token: adv.token, body: chargeBody(50_000) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      userId: adv.id,
      userEmail: adv.email,
      amount: 50_000,
      bonusPercentage: 0,
      bonusAmount: 0,
      // datetime-local input is Seoul time
      depositAt: '2025-03-01T05:30:00.000Z',
      accountHolder: '홍길동',
      status: 'pending',
      processedAt: null,
      processorId: null,
    });
    expect(res.body.data.requestedAt).toBe(res.body.data.createdAt);
    expect(await balanceOf(adv.token)).toBe(0);
  });

  it.each([
    [{ depositAt, accountHolder: '홍길동' }, '충전 금액을 입력해주세요.', 'amount'],
    [{ amount: 10_000.5, depositAt, accountHolder: '홍길동' }, '충전 금액은 원 단위 정수로 입력해주세요.', 'amount'],
    [{ amount: 'abc', depositAt, accountHolder: '홍길동' }, '충전 금액은 숫자로 입력해주세요.', 'amount'],
    [
      { amount: 5_000, depositAt, accountHolder: '홍길동' },
      '충전 금액은 10,000원 이상 1,000,000원 이하로 입력해주세요.',
      'amount',
    ],
    [
      { amount: 1_000_001, depositAt, accountHolder: '홍길동' },
      '충전 금액은 10,000원 이상 1,000,000원 이하로 입력해주세요.',
      'amount',
    ],
    [{ amount: 10_000, accountHolder: '홍길동' }, '입금 예정일시를 입력해주세요.', 'depositAt'],
    [
      { amount: 10_000, depositAt: 'tomorrow', accountHolder: '홍길동' },
      '입금 예정일시의 형식이 올바르지 않습니다.',
      'depositAt',
    ],
    [{ amount: 10_000, depositAt, accountHolder: '  ' }, '입금자명을 입력해주세요.', 'accountHolder'],
    [{ amount: 10_000, depositAt }, '입금자명을 입력해주세요.', 'accountHolder'],
  ])('refuses %j with 400 and writes nothing', async (body, message, field) => {
    const adv = await newAdvertiser();
    const res = await api.call('POST', '/api/cash/charge-requests', { token: adv.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', error: message });
    expect(res.body.details[0].field).toBe(field);
    const list = await api.call('GET', '/api/cash/charge-requests', { token: adv.token });
    expect(list.body.data.pagination.total).toBe(0);
    expect(list.body.data.items).toEqual([]);
  });

  it('uses the configured range', async () => {
    await setSetting('minCashCharge', 1_000);
    await setSetting('maxCashCharge', 20_000);
    try {
      const adv = await newAdvertiser();
      expect(
        (await api.call('POST', '/api/cash/charge-requests', { token: adv.token, body: chargeBody(1_000) })).status,
      ).toBe(201);
      const over = await api.call('POST', '/api/cash/charge-requests', { token: adv.token, body: chargeBody(30_000) });
      expect(over.body.error).toBe('충전 금액은 1,000원 이상 20,000원 이하로 입력해주세요.');
    } finally {
      await setSetting('minCashCharge', 10_000);
      await setSetting('maxCashCharge', 1_000_000);
    }
  });

  it('returns the first request for a retried Idempotency-Key', async () => {
    const adv = await newAdvertiser();
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        api.call('POST', '/api/cash/charge-requests', { token: adv.token, body: chargeBody(30_000), headers }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    const list = await api.call('GET', '/api/cash/charge-requests', { token: adv.token });
    expect(list.body.data.pagination.total).toBe(1);

    // The same key with another deposit time is another request, not a retry: refused.
    const other = await api.call('POST', '/api/cash/charge-requests', {
      token: adv.token,
      body: { ...chargeBody(30_000), depositAt: '2025-03-02T09:00' },
      headers,
    });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe(
      '같은 Idempotency-Key로 다른 요청이 이미 처리되었습니다. 새 요청에는 새 키를 보내주세요.',
    );
  });

  it('refuses an Idempotency-Key that is not 1–200 printable ASCII characters with a 400, and writes nothing', async () => {
    const adv = await newAdvertiser();
    for (const key of ['k'.repeat(201), 'k'.repeat(4000), 'caf\u00e9', 'a\tb']) {
      const res = await api.call('POST', '/api/cash/charge-requests', {
        token: adv.token,
        body: chargeBody(30_000),
        headers: { 'idempotency-key': key },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        code: 'VALIDATION',
        error: 'Idempotency-Key 헤더가 올바르지 않습니다. 영문, 숫자, 기호로 된 1~200자로 보내주세요.',
      });
      expect(res.body.details[0].field).toBe('Idempotency-Key');
    }
    expect((await api.call('GET', '/api/cash/charge-requests', { token: adv.token })).body.data.pagination.total).toBe(
      0,
    );

    // 200 characters is the most a key may have, and it works as a key.
    const longest = { 'idempotency-key': `${'k'.repeat(190)}-${crypto.randomUUID().slice(0, 9)}` };
    expect(longest['idempotency-key']).toHaveLength(200);
    const first = await requestCharge(adv.token, 30_000, longest);
    expect((await requestCharge(adv.token, 30_000, longest)).id).toBe(first.id);

    // The same check guards approvals: nothing is credited.
    const approve = await api.call('POST', `/api/cash/charge-requests/${first.id}/approve`, {
      token: operator,
      body: {},
      headers: { 'idempotency-key': 'x'.repeat(5000) },
    });
    expect(approve.status).toBe(400);
    expect(approve.body.code).toBe('VALIDATION');
    expect(await balanceOf(adv.token)).toBe(0);
  });

  it('approves at once with cashAutoApproval', async () => {
    await setSetting('cashAutoApproval', true);
    const adv = await newAdvertiser();
    const created = await requestCharge(adv.token, 70_000);
    expect(created).toMatchObject({ status: 'approved', processorId: 'system', bonusAmount: 0 });
    expect(await balanceOf(adv.token)).toBe(70_000);
    const pending = await api.call('GET', `/api/cash/charge-requests?status=pending&userId=${adv.id}`, {
      token: operator,
    });
    expect(pending.body.data.pagination.total).toBe(0);
  });
});

describe('charge request rate limit', () => {
  it('takes 20 new requests an hour from one user, then answers 429 and writes nothing; replays stay free', async () => {
    const hour = () => Math.floor(Date.now() / 3_600_000);
    const twentyAndOneMore = async () => {
      const startedIn = hour();
      const adv = await newAdvertiser();
      const first = await requestCharge(adv.token, 10_000, { 'idempotency-key': 'rate-first' });
      for (let i = 1; i < 20; i++) await requestCharge(adv.token, 10_000 + i * 1000);
      const refused = await api.call('POST', '/api/cash/charge-requests', {
        token: adv.token,
        body: chargeBody(99_000),
      });
      return { adv, first, refused, oneHour: hour() === startedIn };
    };
    // The limit counts per clock hour: a run that crossed an hour's end is made again by a new advertiser.
    let run = await twentyAndOneMore();
    if (!run.oneHour) run = await twentyAndOneMore();
    const { adv, first, refused } = run;
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('짧은 시간에 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const mine = await api.call('GET', '/api/cash/charge-requests?limit=50', { token: adv.token });
    expect(mine.body.data.pagination.total).toBe(20);
    // A retry of an earlier request (same key, same values) still gets its answer.
    const replay = await api.call('POST', '/api/cash/charge-requests', {
      token: adv.token,
      body: chargeBody(10_000),
      headers: { 'idempotency-key': 'rate-first' },
    });
    expect(replay.status).toBe(201);
    expect(replay.body.data.id).toBe(first.id);
  });
});

describe('approval', () => {
  it('credits amount and bonus as two ledger entries, once', async () => {
    const adv = await newAdvertiser();
    const req = await requestCharge(adv.token, 100_000);
    const res = await api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, {
      token: operator,
      body: { bonusPercentage: 10 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: req.id, status: 'approved', bonusPercentage: 10, bonusAmount: 10_000 });
    expect(res.body.data.processorId).toBe(operatorId);
    expect(res.body.data.processorActorId).toBeNull();
    expect(res.body.data.processedAt).toBeTruthy();

    const balance = await api.call('GET', '/api/cash/balance', { token: adv.token });
    expect(balance.body.data.amount).toBe(110_000);
    expect(balance.body.data.updatedAt).toBeTruthy();

    const tx = await api.call('GET', '/api/cash/transactions', { token: adv.token });
    expect(tx.body.data.items.map((t: any) => [t.type, t.amount, t.balanceAfter, t.referenceId])).toEqual([
      ['bonus', 10_000, 110_000, req.id],
      ['charge', 100_000, 100_000, req.id],
    ]);
    expect(tx.body.data.items[0]).toMatchObject({
      balanceType: 'paid',
      userId: adv.id,
      description: '충전 보너스 (10%)',
    });
    expect(tx.body.data.pagination).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1 });

    const again = await api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, {
      token: operator,
      body: { bonusPercentage: 10 },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: '대기 중인 요청만 승인 또는 거절할 수 있습니다.',
    });
    const reject = await api.call('POST', `/api/cash/charge-requests/${req.id}/reject`, {
      token: operator,
      body: { reason: '늦음' },
    });
    expect(reject.status).toBe(409);
    expect(await balanceOf(adv.token)).toBe(110_000);
  });

  it('approves without a bonus when none is given and rounds a bonus down to the won', async () => {
    const adv = await newAdvertiser();
    const a = await requestCharge(adv.token, 10_000);
    expect(
      (await api.call('POST', `/api/cash/charge-requests/${a.id}/approve`, { token: operator })).body.data.bonusAmount,
    ).toBe(0);
    const b = await requestCharge(adv.token, 12_345);
    expect(
      (
        await api.call('POST', `/api/cash/charge-requests/${b.id}/approve`, {
          token: operator,
          body: { bonusPercentage: 7 },
        })
      ).body.data.bonusAmount,
    ).toBe(864);
    expect(await balanceOf(adv.token)).toBe(10_000 + 12_345 + 864);
    const tx = await api.call('GET', '/api/cash/transactions?type=bonus', { token: adv.token });
    expect(tx.body.data.pagination.total).toBe(1);
  });

  it('refuses a bad bonus percentage', async () => {
    const adv = await newAdvertiser();
    const req = await requestCharge(adv.token);
    for (const bonusPercentage of [-1, 101, 2.5, 'x']) {
      const res = await api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, {
        token: operator,
        body: { bonusPercentage },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('보너스 비율은 0에서 100 사이의 정수로 입력해주세요.');
    }
    expect(await balanceOf(adv.token)).toBe(0);
  });

  it('20 concurrent approvals of one request credit it once', async () => {
    const adv = await newAdvertiser();
    const req = await requestCharge(adv.token, 200_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, {
          token: operator,
          body: { bonusPercentage: 5 },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(results.find((r) => r.status === 409)!.body.error).toBe('대기 중인 요청만 승인 또는 거절할 수 있습니다.');
    expect(await balanceOf(adv.token)).toBe(210_000);
    const entries = await ledgerStore.allEntries(adv.id);
    expect(entries.map((e) => e.type)).toEqual(['charge', 'bonus']);
    const stats = await api.call('GET', `/api/cash/charge-requests?userId=${adv.id}&status=approved`, {
      token: operator,
    });
    expect(stats.body.data.pagination.total).toBe(1);
  });

  it('operators approving at once with different bonuses: one wins, the others hear the request is no longer pending', async () => {
    const adv = await newAdvertiser();
    const req = await requestCharge(adv.token, 100_000);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, {
          token: operator,
          body: { bonusPercentage: i + 1 },
        }),
      ),
    );
    const winner = results.filter((r) => r.status === 200);
    expect(winner).toHaveLength(1);
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.error}`))).toEqual(
      new Set(['409 대기 중인 요청만 승인 또는 거절할 수 있습니다.']),
    );
    expect(await balanceOf(adv.token)).toBe(100_000 + winner[0].body.data.bonusAmount);
  });

  it('a retried approval with the same Idempotency-Key gets the same answer and one credit', async () => {
    const adv = await newAdvertiser();
    const req = await requestCharge(adv.token, 40_000);
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, {
      token: operator,
      body: { bonusPercentage: 10 },
      headers,
    });
    const retry = await api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, {
      token: operator,
      body: { bonusPercentage: 10 },
      headers,
    });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await balanceOf(adv.token)).toBe(44_000);
    expect(await ledgerStore.allEntries(adv.id)).toHaveLength(2);
  });

  it('staff may hold cash, but nobody approves or rejects their own request', async () => {
    await stack.createUser({ email: 'cashop2', password: 'secret12', fullName: '운영자2', role: 'operator' });
    const own = await requestCharge(operator, 50_000);
    for (const [action, body] of [
      ['approve', { bonusPercentage: 10 }],
      ['reject', { reason: '셀프' }],
    ] as const) {
      const res = await api.call('POST', `/api/cash/charge-requests/${own.id}/${action}`, { token: operator, body });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('본인의 충전 요청은 직접 승인하거나 거절할 수 없습니다.');
    }
    expect(await balanceOf(operator)).toBe(0);
    // Another operator approves it.
    const colleague = (await api.login('cashop2', 'secret12')).token;
    expect(
      (await api.call('POST', `/api/cash/charge-requests/${own.id}/approve`, { token: colleague, body: {} })).status,
    ).toBe(200);
    expect(await balanceOf(operator)).toBe(50_000);
  });

  it('a developer switched into an operator cannot approve or reject their own request; others’ record who really acted', async () => {
    const dev = await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
    const own = await requestCharge(dev.token, 60_000);
    const adv = await newAdvertiser();
    const theirs = await requestCharge(adv.token, 20_000);
    const switched = await api.call('POST', '/api/auth/switch-user', {
      token: dev.token,
      body: { targetUserId: operatorId },
    });
    expect(switched.status).toBe(200);
    const asOperator = switched.body.data.tokens.accessToken as string;

    for (const [action, body] of [
      ['approve', { bonusPercentage: 100 }],
      ['reject', { reason: '셀프' }],
    ] as const) {
      const res = await api.call('POST', `/api/cash/charge-requests/${own.id}/${action}`, { token: asOperator, body });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        success: false,
        code: 'CONFLICT',
        error: '본인의 충전 요청은 직접 승인하거나 거절할 수 없습니다.',
      });
    }
    const still = await api.call('GET', `/api/cash/charge-requests?userId=${dev.user.id}&status=pending`, {
      token: operator,
    });
    expect(still.body.data.items.map((r: any) => r.id)).toEqual([own.id]);
    expect(await ledgerStore.allEntries(dev.user.id)).toEqual([]);

    // Someone else's request: allowed, and the request keeps both the account and the developer behind it.
    const approved = await api.call('POST', `/api/cash/charge-requests/${theirs.id}/approve`, {
      token: asOperator,
      body: {},
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      processorId: operatorId,
      processorActorId: dev.user.id,
    });
    const listed = await api.call('GET', `/api/cash/charge-requests?userId=${adv.id}`, { token: operator });
    expect(listed.body.data.items[0]).toMatchObject({
      id: theirs.id,
      processorId: operatorId,
      processorActorId: dev.user.id,
    });
    expect(await balanceOf(adv.token)).toBe(20_000);

    // A real colleague (no switch) may approve the developer's request.
    expect(
      (await api.call('POST', `/api/cash/charge-requests/${own.id}/approve`, { token: operator, body: {} })).status,
    ).toBe(200);
  });

  it('checks the operator role in the domain too, behind the route guard', async () => {
    const adv = await newAdvertiser();
    const req = await requestCharge(adv.token);
    const caller = { userId: adv.id, role: 'user' as const, sessionId: 's', actorId: null };
    await expect(approveChargeRequest(caller, req.id, { bonusPercentage: 100 })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(rejectChargeRequest(caller, req.id, { reason: 'x' })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(cashStats(caller)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await balanceOf(adv.token)).toBe(0);
    const list = await api.call('GET', '/api/cash/charge-requests', { token: adv.token });
    expect(list.body.data.items.map((r: any) => r.status)).toEqual(['pending']);
  });

  it('answers an unknown request with 404 and refuses advertisers', async () => {
    const adv = await newAdvertiser();
    const unknown = await api.call('POST', '/api/cash/charge-requests/01NOPE/approve', { token: operator, body: {} });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('충전 요청을 찾을 수 없습니다.');
    const req = await requestCharge(adv.token);
    const self = await api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, {
      token: adv.token,
      body: { bonusPercentage: 100 },
    });
    expect(self.status).toBe(403);
    expect(await balanceOf(adv.token)).toBe(0);
  });
});

describe('rejection and cancellation', () => {
  it('rejects with a reason and credits nothing', async () => {
    const adv = await newAdvertiser();
    const req = await requestCharge(adv.token);
    const missing = await api.call('POST', `/api/cash/charge-requests/${req.id}/reject`, {
      token: operator,
      body: { reason: ' ' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('거절 사유를 입력해주세요.');
    const res = await api.call('POST', `/api/cash/charge-requests/${req.id}/reject`, {
      token: operator,
      body: { reason: '입금 확인 불가' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'rejected', rejectionReason: '입금 확인 불가' });
    const approve = await api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, {
      token: operator,
      body: {},
    });
    expect(approve.status).toBe(409);
    expect(approve.body.error).toBe('대기 중인 요청만 승인 또는 거절할 수 있습니다.');
    expect(await balanceOf(adv.token)).toBe(0);
  });

  it('lets the owner cancel a pending request, and nobody else', async () => {
    const adv = await newAdvertiser();
    const other = await newAdvertiser();
    const req = await requestCharge(adv.token);
    const foreign = await api.call('POST', `/api/cash/charge-requests/${req.id}/cancel`, { token: other.token });
    expect(foreign.status).toBe(404);
    const byOperator = await api.call('POST', `/api/cash/charge-requests/${req.id}/cancel`, { token: operator });
    expect(byOperator.status).toBe(404);
    const res = await api.call('POST', `/api/cash/charge-requests/${req.id}/cancel`, { token: adv.token });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('cancelled');
    const twice = await api.call('POST', `/api/cash/charge-requests/${req.id}/cancel`, { token: adv.token });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('대기 중인 요청만 취소할 수 있습니다.');
    const approve = await api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, {
      token: operator,
      body: {},
    });
    expect(approve.status).toBe(409);
  });
});

describe('lists and counts', () => {
  it('shows users their own requests and operators everyone, filtered and paginated with counted totals', async () => {
    const a = await newAdvertiser();
    const b = await newAdvertiser();
    const before = (await api.call('GET', '/api/cash/stats', { token: operator })).body.data.chargeRequests;
    const a1 = await requestCharge(a.token, 10_000);
    const a2 = await requestCharge(a.token, 20_000);
    const a3 = await requestCharge(a.token, 30_000);
    const b1 = await requestCharge(b.token, 40_000);
    await api.call('POST', `/api/cash/charge-requests/${a2.id}/reject`, { token: operator, body: { reason: '중복' } });
    await api.call('POST', `/api/cash/charge-requests/${a3.id}/cancel`, { token: a.token });

    const own = await api.call('GET', '/api/cash/charge-requests?limit=2', { token: a.token });
    expect(own.body.data.items.map((r: any) => r.id)).toEqual([a3.id, a2.id]);
    expect(own.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    const page2 = await api.call('GET', '/api/cash/charge-requests?limit=2&page=2', { token: a.token });
    expect(page2.body.data.items.map((r: any) => r.id)).toEqual([a1.id]);
    // A user cannot widen the list to someone else.
    const sneaky = await api.call('GET', `/api/cash/charge-requests?userId=${b.id}`, { token: a.token });
    expect(sneaky.body.data.items.map((r: any) => r.userId)).toEqual([a.id, a.id, a.id]);

    const ownPending = await api.call('GET', '/api/cash/charge-requests?status=pending', { token: a.token });
    expect(ownPending.body.data.items.map((r: any) => r.id)).toEqual([a1.id]);
    expect(ownPending.body.data.pagination.total).toBe(1);

    const pending = await api.call('GET', '/api/cash/charge-requests?status=pending&limit=200', { token: operator });
    const pendingIds = pending.body.data.items.map((r: any) => r.id);
    expect(pendingIds).toEqual(expect.arrayContaining([a1.id, b1.id]));
    expect(pendingIds).not.toContain(a2.id);
    expect(pending.body.data.items.every((r: any) => r.status === 'pending')).toBe(true);
    expect(pending.body.data.items[0]).toHaveProperty('userName');

    const ofB = await api.call('GET', `/api/cash/charge-requests?userId=${b.id}`, { token: operator });
    expect(ofB.body.data.items.map((r: any) => r.id)).toEqual([b1.id]);

    const all = await api.call('GET', '/api/cash/charge-requests?limit=200', { token: operator });
    const allIds = all.body.data.items.map((r: any) => r.id);
    expect(allIds.indexOf(b1.id)).toBeLessThan(allIds.indexOf(a3.id));
    expect(allIds.indexOf(a3.id)).toBeLessThan(allIds.indexOf(a1.id));

    const after = (await api.call('GET', '/api/cash/stats', { token: operator })).body.data.chargeRequests;
    expect(after.pending - before.pending).toBe(2);
    expect(after.rejected - before.rejected).toBe(1);
    expect(after.cancelled - before.cancelled).toBe(1);
    expect(pending.body.data.pagination.total).toBe(after.pending);
    expect((await api.call('GET', '/api/cash/stats', { token: a.token })).status).toBe(403);
  });

  it('pages the ledger newest first, filters by type and lets only operators read another user (a user naming one reads their own)', async () => {
    const adv = await newAdvertiser();
    const other = await newAdvertiser();
    const req = await requestCharge(adv.token, 500_000);
    await api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, {
      token: operator,
      body: { bonusPercentage: 0 },
    });
    for (let i = 1; i <= 11; i++) {
      await purchase({
        userId: adv.id,
        amount: 10_000,
        description: `슬롯 ${i}`,
        referenceId: `slot-${i}`,
        idempotencyKey: `p-${i}`,
      });
    }
    const first = await api.call('GET', '/api/cash/transactions?limit=5', { token: adv.token });
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 5, total: 12, totalPages: 3 });
    expect(first.body.data.items.map((t: any) => t.description)).toEqual([
      '슬롯 11',
      '슬롯 10',
      '슬롯 9',
      '슬롯 8',
      '슬롯 7',
    ]);
    const last = await api.call('GET', '/api/cash/transactions?limit=5&page=3', { token: adv.token });
    expect(last.body.data.items.map((t: any) => [t.type, t.balanceAfter])).toEqual([
      ['purchase', 490_000],
      ['charge', 500_000],
    ]);
    const purchases = await api.call('GET', '/api/cash/transactions?type=purchase&limit=100', { token: adv.token });
    expect(purchases.body.data.pagination.total).toBe(11);
    expect(purchases.body.data.items.every((t: any) => t.type === 'purchase')).toBe(true);

    const asOperator = await api.call('GET', `/api/cash/transactions?userId=${adv.id}&type=charge`, {
      token: operator,
    });
    expect(asOperator.body.data.items).toHaveLength(1);
    // A user naming someone else gets their own entries, not a 403 (which would sign them out).
    const asOther = await api.call('GET', `/api/cash/transactions?userId=${adv.id}`, { token: other.token });
    expect(asOther.status).toBe(200);
    expect(asOther.body.data).toEqual({ items: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } });
    const ownDespiteParam = await api.call('GET', `/api/cash/transactions?userId=${other.id}&limit=100`, {
      token: adv.token,
    });
    expect(ownDespiteParam.status).toBe(200);
    expect(ownDespiteParam.body.data.pagination.total).toBe(12);
    expect(ownDespiteParam.body.data.items.every((t: any) => t.userId === adv.id)).toBe(true);
    const badType = await api.call('GET', '/api/cash/transactions?type=gift', { token: adv.token });
    expect(badType.status).toBe(400);

    const entries = await ledgerStore.allEntries(adv.id);
    expect(entries.reduce((s, e) => s + signedAmount(e.type, e.amount), 0)).toBe(await balanceOf(adv.token));
  });
});

describe('useCashSystem off', () => {
  it('answers every cash route with a Korean 409 and changes nothing', async () => {
    const adv = await newAdvertiser();
    const req = await requestCharge(adv.token);
    await setSetting('useCashSystem', false);
    const calls = [
      api.call('GET', '/api/cash/balance', { token: adv.token }),
      api.call('GET', '/api/cash/transactions', { token: adv.token }),
      api.call('POST', '/api/cash/charge-requests', { token: adv.token, body: chargeBody(10_000) }),
      api.call('GET', '/api/cash/charge-requests', { token: adv.token }),
      api.call('POST', `/api/cash/charge-requests/${req.id}/approve`, { token: operator, body: {} }),
      api.call('POST', `/api/cash/charge-requests/${req.id}/reject`, { token: operator, body: { reason: 'x' } }),
      api.call('POST', `/api/cash/charge-requests/${req.id}/cancel`, { token: adv.token }),
      api.call('GET', '/api/cash/stats', { token: operator }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, code: 'CONFLICT', error: '캐시 시스템이 비활성화되어 있습니다.' });
    }
    await setSetting('useCashSystem', true);
    const list = await api.call('GET', '/api/cash/charge-requests', { token: adv.token });
    expect(list.body.data.items.map((r: any) => r.status)).toEqual(['pending']);
  });
});

it('needs a signed-in caller', async () => {
  expect((await api.call('GET', '/api/cash/balance')).status).toBe(401);
  expect(localStackDefaults.developerId).toBeTruthy();
});
