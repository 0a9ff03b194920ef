import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays, kstToday } from '../../shared/kst';
import { db, tableName } from '../../functions/storage/client';
import { ledgerStore } from '../../functions/storage/ledger';
import { slotsStore } from '../../functions/storage/slots';
import { visibleSlots } from '../../functions/domain/slots/slot-visibility';
import { apiClient, type CallResult } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, productUrl, resetSettings, row, setSetting } from '../support/slots';

/**
 * A retry writes nothing more, the server half: every call that moves money or creates records, sent twice with
 * one Idempotency-Key and the same body (a client whose answer was lost retries), answers the first
 * answer again and writes nothing more — checked on the table itself, not only on the status.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;
let user: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator' });
  user = await newAccount(stack, { balance: 1_000_000 });
});
afterAll(async () => {
  await resetSettings('slotOperationMode');
  await stack?.stop();
});

async function tableSnapshot() {
  const items: string[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new ScanCommand({ TableName: tableName(), ExclusiveStartKey: cursor, ConsistentRead: true }),
    );
    items.push(...(out.Items ?? []).map((i) => JSON.stringify(i)));
    cursor = out.LastEvaluatedKey;
  } while (cursor);
  return items.sort();
}

const entries = async (userId: string, type?: string) =>
  (await ledgerStore.allEntries(userId)).filter((e) => !type || e.type === type);
const slotsOfUser = async (userId: string) => visibleSlots(await slotsStore.listSlotsOfUser(userId));

/**
 * Sends the request, then the very same request with the same key: the second answer is the first
 * one replayed, and the table is exactly as the first left it.
 */
async function twice(method: string, path: string, token: string, body: unknown): Promise<CallResult> {
  const key = crypto.randomUUID();
  const send = () => api.call(method, path, { token, body, headers: { 'idempotency-key': key } });
  const first = await send();
  expect(first.status, `${method} ${path}: ${JSON.stringify(first.body).slice(0, 200)}`).toBeLessThan(300);
  const afterFirst = await tableSnapshot();
  const second = await send();
  expect(second.status).toBe(first.status);
  expect(second.body).toEqual(first.body);
  expect(second.headers.get('idempotent-replayed')).toBe('true');
  expect(await tableSnapshot(), `${method} ${path}: the retry wrote`).toEqual(afterFirst);
  return first;
}

describe('a retry with the same Idempotency-Key charges and creates once', () => {
  let slotId: string;

  it('registration, single and bulk', async () => {
    const single = await twice('POST', '/api/slots', user.token, row(1));
    slotId = single.body.data.id;
    expect(await slotsOfUser(user.id)).toHaveLength(1);
    expect(await entries(user.id, 'purchase')).toHaveLength(1);

    const bulk = await twice('POST', '/api/slots/bulk', user.token, { rows: [row(2), row(3)] });
    expect(bulk.body.data.succeeded).toBe(2);
    expect(await slotsOfUser(user.id)).toHaveLength(3);
    expect(await entries(user.id, 'purchase')).toHaveLength(2);
  });

  it('approval with a price, price edit and refund', async () => {
    await twice('POST', `/api/slots/${slotId}/approve`, operator.token, { approved: true, approvedPrice: 50_000 });
    expect((await slotsStore.get(slotId))!.approved_price).toBe(50_000);

    const edited = await twice('PUT', `/api/slots/${slotId}/price`, operator.token, { price: 65_000 });
    expect(edited.body.data).toMatchObject({ settlement: 'charge', amount: 15_000 });
    expect((await entries(user.id, 'purchase')).map((e) => e.amount)).toEqual([50_000, 100_000, 15_000]);

    await twice('PATCH', `/api/slots/${slotId}/status`, operator.token, {
      status: 'refunded',
      refundReason: '재시도 확인',
      fullRefund: true,
    });
    expect((await entries(user.id, 'refund')).map((e) => e.amount)).toEqual([65_000]);
  });

  it('charge requests: the request and its approval', async () => {
    const created = await twice('POST', '/api/cash/charge-requests', user.token, {
      amount: 30_000,
      depositAt: '2025-03-01T10:00',
      accountHolder: '홍길동',
    });
    const mine = await api.call('GET', '/api/cash/charge-requests', { token: user.token });
    expect(mine.body.data.items).toHaveLength(1);
    await twice('POST', `/api/cash/charge-requests/${created.body.data.id}/approve`, operator.token, {});
    expect((await entries(user.id, 'charge')).map((e) => e.amount)).toEqual([1_000_000, 30_000]);
  });

  it('pre-allocation: issuance, fill, extension single and bulk', async () => {
    await setSetting('slotOperationMode', 'pre-allocation');
    const owner = await newAccount(stack);
    const issued = await twice('POST', `/api/slots/allocate/${owner.id}`, operator.token, {
      slotCount: 2,
      startDate: kstToday(),
      endDate: addKstDays(kstToday(), 3),
    });
    const [a, b] = issued.body.data.slotIds as string[];
    expect(await slotsOfUser(owner.id)).toHaveLength(2);

    await twice('PUT', `/api/slots/${a}/fill`, owner.token, { keyword: '키워드a', url: productUrl(11) });
    await api.call('PUT', `/api/slots/${b}/fill`, {
      token: owner.token,
      body: { keyword: '키워드b', url: productUrl(12) },
    });
    expect((await slotsStore.get(a))!.status).toBe('active');

    await twice('POST', `/api/slots/${a}/extend`, operator.token, { extensionDays: 7 });
    expect(await slotsOfUser(owner.id)).toHaveLength(3);
    const bulk = await twice('POST', '/api/slots/extend-bulk', operator.token, {
      allocationHistoryId: issued.body.data.allocationId,
      extensionDays: 7,
    });
    expect(bulk.body.data).toMatchObject({ extended: 1 });
    expect(await slotsOfUser(owner.id)).toHaveLength(4);
    // Issued slots cost nothing through the balance: no ledger entry at all.
    expect(await entries(owner.id)).toEqual([]);
  });
});

describe('two identical requests with one key at the same time (the first still running when the retry comes)', () => {
  const both = async (method: string, path: string, token: string, body: unknown) => {
    const key = crypto.randomUUID();
    const send = () => api.call(method, path, { token, body, headers: { 'idempotency-key': key } });
    const answers = await Promise.all([send(), send()]);
    // The duplicate waits for the first one's answer and hears it: both succeed alike.
    for (const a of answers) expect(a.status, JSON.stringify(a.body).slice(0, 200)).toBeLessThan(300);
    expect(answers[1].body).toEqual(answers[0].body);
    return answers[0];
  };

  it('registration single and bulk, and a charge request, each once', async () => {
    await resetSettings('slotOperationMode');
    const racer = await newAccount(stack, { balance: 500_000 });
    await both('POST', '/api/slots', racer.token, row(1));
    expect(await slotsOfUser(racer.id)).toHaveLength(1);
    await both('POST', '/api/slots/bulk', racer.token, { rows: [row(2), row(3), row(4)] });
    expect(await slotsOfUser(racer.id)).toHaveLength(4);
    expect((await entries(racer.id, 'purchase')).map((e) => e.amount)).toEqual([50_000, 150_000]);
    await both('POST', '/api/cash/charge-requests', racer.token, {
      amount: 20_000,
      depositAt: '2025-03-01T10:00',
      accountHolder: '홍길동',
    });
    const mine = await api.call('GET', '/api/cash/charge-requests', { token: racer.token });
    expect(mine.body.data.items).toHaveLength(1);
  });

  it('issuance and extension, each once', async () => {
    await setSetting('slotOperationMode', 'pre-allocation');
    const owner = await newAccount(stack);
    const issued = await both('POST', `/api/slots/allocate/${owner.id}`, operator.token, {
      slotCount: 2,
      startDate: kstToday(),
      endDate: addKstDays(kstToday(), 2),
    });
    expect(await slotsOfUser(owner.id)).toHaveLength(2);
    const [a] = issued.body.data.slotIds as string[];
    await api.call('PUT', `/api/slots/${a}/fill`, {
      token: owner.token,
      body: { keyword: '키워드', url: productUrl(21) },
    });
    await both('POST', `/api/slots/${a}/extend`, operator.token, { extensionDays: 7 });
    expect(await slotsOfUser(owner.id)).toHaveLength(3);
    await resetSettings('slotOperationMode');
  });

  it('a refund and a price edit, each once, both answered alike', async () => {
    await resetSettings('slotOperationMode');
    const owner = await newAccount(stack, { balance: 300_000 });
    const created = await api.call('POST', '/api/slots', { token: owner.token, body: row(51) });
    const slotId = created.body.data.id as string;
    await api.call('POST', `/api/slots/${slotId}/approve`, {
      token: operator.token,
      body: { approved: true, approvedPrice: 50_000 },
    });
    await both('PUT', `/api/slots/${slotId}/price`, operator.token, { price: 55_000 });
    await both('PATCH', `/api/slots/${slotId}/status`, operator.token, {
      status: 'refunded',
      refundReason: '동시 재시도',
      fullRefund: true,
    });
    expect((await entries(owner.id, 'purchase')).map((e) => e.amount)).toEqual([50_000, 5_000]);
    expect((await entries(owner.id, 'refund')).map((e) => e.amount)).toEqual([55_000]);
  });
});

describe('a key belongs to its caller and never keeps a secret', () => {
  it('a second staff member reusing another’s key with another price has their own edit stored', async () => {
    await resetSettings('slotOperationMode');
    const second = await newAccount(stack, { role: 'operator' });
    const owner = await newAccount(stack, { balance: 500_000 });
    const created = await api.call('POST', '/api/slots', { token: owner.token, body: row(31) });
    const slotId = created.body.data.id as string;
    await api.call('POST', `/api/slots/${slotId}/approve`, {
      token: operator.token,
      body: { approved: true, approvedPrice: 50_000 },
    });
    const key = crypto.randomUUID();
    const edit = (token: string, price: number) =>
      api.call('PUT', `/api/slots/${slotId}/price`, { token, body: { price }, headers: { 'idempotency-key': key } });
    expect((await edit(operator.token, 60_000)).status).toBe(200);
    const theirs = await edit(second.token, 70_000);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.data).toMatchObject({ settlement: 'charge', amount: 10_000 });
    expect((await slotsStore.get(slotId))!.approved_price).toBe(70_000);
    expect((await entries(owner.id, 'purchase')).map((e) => e.amount)).toEqual([50_000, 10_000, 10_000]);
  });

  it('a second staff member reusing another’s key on an extended slot hears that it is extended', async () => {
    await setSetting('slotOperationMode', 'pre-allocation');
    const second = await newAccount(stack, { role: 'operator' });
    const owner = await newAccount(stack);
    const issued = await api.call('POST', `/api/slots/allocate/${owner.id}`, {
      token: operator.token,
      body: { slotCount: 1, startDate: kstToday(), endDate: addKstDays(kstToday(), 2) },
    });
    const [slotId] = issued.body.data.slotIds as string[];
    await api.call('PUT', `/api/slots/${slotId}/fill`, {
      token: owner.token,
      body: { keyword: '키워드', url: productUrl(41) },
    });
    const key = crypto.randomUUID();
    const extend = (token: string) =>
      api.call('POST', `/api/slots/${slotId}/extend`, {
        token,
        body: { extensionDays: 7 },
        headers: { 'idempotency-key': key },
      });
    expect((await extend(operator.token)).status).toBe(200);
    const theirs = await extend(second.token);
    expect(theirs.status).toBe(409);
    expect(await slotsOfUser(owner.id)).toHaveLength(2);
    await resetSettings('slotOperationMode');
  });

  it('a new worker key is never stored for replay: a retry after revoking it gets a new key, not the old one', async () => {
    const developer = await newAccount(stack, { role: 'developer' });
    const key = crypto.randomUUID();
    const create = () =>
      api.call('POST', '/api/rank/worker-keys', {
        token: developer.token,
        body: { name: '재시도 작업자' },
        headers: { 'idempotency-key': key },
      });
    const first = await create();
    expect(first.status).toBe(201);
    const secret = first.body.data.key as string;
    expect(JSON.stringify(await tableSnapshot())).not.toContain(secret);

    expect(
      (await api.call('DELETE', `/api/rank/worker-keys/${first.body.data.id}`, { token: developer.token })).status,
    ).toBe(200);
    const again = await create();
    expect(again.status).toBe(201);
    expect(again.body.data.key).not.toBe(secret);
    expect((await api.call('GET', '/api/rank/work', { headers: { 'x-api-key': secret } })).status).toBe(401);
  });
});
