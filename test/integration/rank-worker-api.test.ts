import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/storage/client';
import { addKstDays, kstToday } from '../../shared/kst';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';
import { newWorkerKey, observation, seedSlots } from '../support/rank';
import { recordStoreCalls } from '../support/store-calls';

/** Worker keys, the work list and observations, through the real local server. */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let developer: { id: string; token: string };
let advertiser: { id: string; token: string };

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  developer = await newAccount(stack, { role: 'developer' });
  advertiser = await newAccount(stack, { balance: 100_000 });
});
afterAll(() => stack?.stop());

const asWorker = (key: string) => ({ 'x-api-key': key });

describe('worker API keys', () => {
  it('shows a key once, stores only its hash, lists it, and a revoked key gets 401', async () => {
    const created = await api.call('POST', '/api/rank/worker-keys', {
      token: developer.token,
      body: { name: '순위 작업자 A' },
    });
    expect(created.status).toBe(201);
    const { id, key, prefix, name } = created.body.data;
    expect(key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(name).toBe('순위 작업자 A');

    // At rest: no item holds the key itself.
    const scan = await db().send(new ScanCommand({ TableName: tableName() }));
    expect(JSON.stringify(scan.Items)).not.toContain(key);

    const listed = await api.call('GET', '/api/rank/worker-keys', { token: developer.token });
    const item = listed.body.data.items.find((k: { id: string }) => k.id === id);
    expect(item).toMatchObject({ id, name: '순위 작업자 A', prefix, revokedAt: null, lastUsedAt: null });
    expect(item.key).toBeUndefined();

    const { result: work, calls } = await recordStoreCalls(() =>
      api.call('GET', '/api/rank/work', { headers: asWorker(key) }),
    );
    expect(work.status).toBe(200);
    // The key is looked up strongly consistent, so a revoke holds on the very next call in the cloud too.
    const lookups = calls.filter(
      (c) => c.command === 'GetItemCommand' && String(c.input.Key?.PK).startsWith('RANKKEY#'),
    );
    expect(lookups.length).toBeGreaterThan(0);
    for (const lookup of lookups) expect(lookup.input.ConsistentRead).toBe(true);
    const afterUse = await api.call('GET', '/api/rank/worker-keys', { token: developer.token });
    expect(afterUse.body.data.items.find((k: { id: string }) => k.id === id).lastUsedAt).toBeTruthy();

    const revoked = await api.call('DELETE', `/api/rank/worker-keys/${id}`, { token: developer.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedAt).toBeTruthy();
    const refused = await api.call('GET', '/api/rank/work', { headers: asWorker(key) });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('유효하지 않거나 폐기된 작업자 API 키입니다.');

    expect((await api.call('DELETE', '/api/rank/worker-keys/nope', { token: developer.token })).status).toBe(404);
  });

  it('refuses an unknown key (401), a user token (403), no credentials (401), and a worker key on other routes (401)', async () => {
    const { key } = await newWorkerKey(stack, developer.token);
    expect((await api.call('GET', '/api/rank/work', { headers: asWorker('rk_unknown') })).status).toBe(401);
    expect((await api.call('GET', '/api/rank/work')).status).toBe(401);
    const asUser = await api.call('GET', '/api/rank/work', { token: advertiser.token });
    expect(asUser.status).toBe(403);
    expect(asUser.body.error).toBe('작업자 전용 경로입니다. 사용자 토큰으로는 호출할 수 없습니다.');
    expect(
      (await api.call('POST', '/api/rank/observations', { token: developer.token, body: { observations: [] } })).status,
    ).toBe(403);
    expect((await api.call('GET', '/api/slots', { headers: asWorker(key) })).status).toBe(401);
    expect((await api.call('GET', '/api/rank/worker-keys', { headers: asWorker(key) })).status).toBe(401);
    expect(
      (await api.call('POST', '/api/rank/worker-keys', { token: advertiser.token, body: { name: 'x' } })).status,
    ).toBe(403);
    const noName = await api.call('POST', '/api/rank/worker-keys', { token: developer.token, body: { name: ' ' } });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe('키 이름을 입력해주세요.');
  });
});

describe('work list and observations', () => {
  let key: string;
  const today = kstToday();
  beforeAll(async () => {
    key = (await newWorkerKey(stack, developer.token, '작업 목록')).key;
    const other = await newAccount(stack);
    await seedSlots(advertiser.id, [
      { id: 'WL-A1', keyword: '무선 이어폰', productId: '501' },
      { id: 'WL-A2', keyword: '무선 이어폰', productId: '501' },
      { id: 'WL-B', keyword: '블루투스 스피커', productId: '502' },
      { id: 'WL-C', keyword: '캠핑 의자', productId: '503', status: 'waiting', startDate: today },
      { id: 'WL-D', keyword: '미래 시작', productId: '504', status: 'waiting', startDate: addKstDays(today, 2) },
      { id: 'WL-E', keyword: '멈춘 슬롯', productId: '505', status: 'paused' },
      { id: 'WL-F', keyword: '승인 전', productId: '506', status: 'pending' },
    ]);
    await seedSlots(other.id, [{ id: 'WL-A3', keyword: '무선 이어폰', productId: '501' }]);
  });

  const allWork = async (limit = 1000) => {
    const items: Array<{ keyword: string; productId: string; slots: number }> = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: any } = await api.call(
        'GET',
        `/api/rank/work?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: asWorker(key) },
      );
      expect(res.status).toBe(200);
      items.push(...res.body.data.items);
      cursor = res.body.data.nextCursor;
    } while (cursor);
    return items;
  };

  it('lists each distinct pair of active (and waiting-from-today) slots once, page by page', async () => {
    const all = await allWork();
    const mine = all.filter((w) => ['501', '502', '503', '504', '505', '506'].includes(w.productId));
    expect(mine.map((w) => `${w.keyword}/${w.productId}/${w.slots}`).sort()).toEqual([
      '무선 이어폰/501/3',
      '블루투스 스피커/502/1',
      '캠핑 의자/503/1',
    ]);
    expect(mine[0]).toMatchObject({ itemId: '1', vendorItemId: '2' });
    const paged = await allWork(1);
    expect(paged.map((w) => w.productId).sort()).toEqual(all.map((w) => w.productId).sort());
    expect((await api.call('GET', '/api/rank/work?cursor=zzz', { headers: asWorker(key) })).status).toBe(400);
  });

  it('keeps good observations of a batch, rejects bad ones one by one with the reason, and is idempotent', async () => {
    const pair = { keyword: '무선 이어폰', productId: '501' };
    const at = new Date(Date.now() - 60_000).toISOString();
    const batch = [
      observation(pair, {
        observedAt: at,
        rank: 7,
        productName: '무선 이어폰 프로',
        imageUrl: 'https://thumbnail6.coupangcdn.com/thumbnails/a.jpg',
      }),
      observation(pair, { status: 'found', rank: undefined }),
      observation(pair, { status: 'not_found', rank: 5 }),
      observation(pair, { observedAt: new Date(Date.now() + 3_600_000).toISOString() }),
      observation(pair, { observedAt: new Date(Date.now() - 5 * 86_400_000).toISOString() }),
      observation({ keyword: '블루투스 스피커', productId: '502' }, { imageUrl: 'http://evil.example.com/x.jpg' }),
      { keyword: '', productId: 'abc' },
      observation(pair, { observedAt: at, rank: 8 }),
      observation(pair, {
        status: 'failed',
        rank: undefined,
        depthScanned: 0,
        observedAt: new Date(Date.now() - 30_000).toISOString(),
      }),
    ];
    const res = await api.call('POST', '/api/rank/observations', {
      headers: asWorker(key),
      body: { observations: batch },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.accepted).toBe(3);
    expect(res.body.data.rejected).toBe(6);
    expect(res.body.data.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'accepted',
      'refused',
      'refused',
      'refused',
      'refused',
      'accepted',
      'refused',
      'refused',
      'accepted',
    ]);
    expect(res.body.data.results[1]).toEqual({
      index: 1,
      outcome: 'refused',
      field: 'rank',
      reason: '순위를 찾은 결과(found)에는 순위(rank)가 필요합니다.',
    });
    const reasons = Object.fromEntries(
      res.body.data.rejections.map((r: { index: number; reason: string }) => [r.index, r.reason]),
    );
    expect(reasons[1]).toBe('순위를 찾은 결과(found)에는 순위(rank)가 필요합니다.');
    expect(reasons[2]).toBe('순위(rank)는 순위를 찾은 결과(found)에만 보낼 수 있습니다.');
    expect(reasons[3]).toBe('관측 시각(observedAt)이 미래입니다.');
    expect(reasons[4]).toContain('너무 오래되었습니다');
    expect(reasons[6]).toBeTruthy();
    expect(reasons[7]).toBe('같은 묶음에 같은 상품·키워드·관측 시각의 결과가 이미 있습니다.');
    expect(res.body.data.notes).toEqual([
      {
        index: 5,
        field: 'imageUrl',
        reason: '이미지 주소가 쿠팡 이미지 서버(https, *.coupangcdn.com)가 아니어서 이미지는 저장하지 않았습니다.',
      },
    ]);

    const { rankObservationsStore } = await import('../../functions/storage/rank-observations');
    const { pairIdOf } = await import('../../functions/domain/rank-measurement/pairs');
    const id = pairIdOf({ ...pair, itemId: '1', vendorItemId: '2' });
    const stored = await rankObservationsStore.ofPairDay(id, today);
    expect(stored.map((o) => [o.status, o.rank])).toEqual([
      ['found', 7],
      ['failed', null],
    ]);
    expect(stored[0]).toMatchObject({
      productName: '무선 이어폰 프로',
      imageUrl: 'https://thumbnail6.coupangcdn.com/thumbnails/a.jpg',
    });

    // The same batch again stores nothing new.
    await api.call('POST', '/api/rank/observations', { headers: asWorker(key), body: { observations: batch } });
    expect(await rankObservationsStore.ofPairDay(id, today)).toHaveLength(2);
    const speaker = await rankObservationsStore.ofPairDay(
      pairIdOf({ keyword: '블루투스 스피커', productId: '502', itemId: '1', vendorItemId: '2' }),
      today,
    );
    expect(speaker).toHaveLength(1);
    expect(speaker[0].imageUrl).toBeNull();
  });

  it('leaves pairs checked today out of the work list (a failed check does not count)', async () => {
    const productIds = (await allWork()).map((w) => w.productId);
    expect(productIds).not.toContain('501');
    expect(productIds).not.toContain('502');
    expect(productIds).toContain('503');
    await api.call('POST', '/api/rank/observations', {
      headers: asWorker(key),
      body: {
        observations: [observation({ keyword: '캠핑 의자', productId: '503' }, { status: 'failed', rank: undefined })],
      },
    });
    expect((await allWork()).map((w) => w.productId)).toContain('503');
  });

  it('refuses a batch over 500 or an empty one as a whole (400)', async () => {
    const big = Array.from({ length: 501 }, (_, i) =>
      observation({ keyword: 'k', productId: '9' }, { observedAt: new Date(Date.now() - i * 1000).toISOString() }),
    );
    const res = await api.call('POST', '/api/rank/observations', {
      headers: asWorker(key),
      body: { observations: big },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('관측 결과는 한 번에 최대 500개까지 보낼 수 있습니다.');
    expect(
      (await api.call('POST', '/api/rank/observations', { headers: asWorker(key), body: { observations: [] } })).status,
    ).toBe(400);
    await seedSlots(advertiser.id, [{ id: 'WL-500', keyword: '오백', productId: '9' }]);
    const full = Array.from({ length: 500 }, (_, i) =>
      observation({ keyword: '오백', productId: '9' }, { observedAt: new Date(Date.now() - i * 1000).toISOString() }),
    );
    const ok = await api.call('POST', '/api/rank/observations', {
      headers: asWorker(key),
      body: { observations: full },
    });
    expect(ok.body.data).toMatchObject({ accepted: 500, rejected: 0 });
  });
});

describe('observations the table cannot store, or of pairs nobody tracks', () => {
  let key: string;
  const today = kstToday();
  const probePair = { keyword: '저장 검사', productId: '601' };
  const batchPair = { keyword: '육십 묶음', productId: '602' };
  beforeAll(async () => {
    key = (await newWorkerKey(stack, developer.token, '저장 검사')).key;
    await seedSlots(advertiser.id, [
      { id: 'ST-1', ...probePair },
      { id: 'ST-2', ...batchPair },
    ]);
  });
  const stored = async (pair: { keyword: string; productId: string }) => {
    const { rankObservationsStore } = await import('../../functions/storage/rank-observations');
    const { pairIdOf } = await import('../../functions/domain/rank-measurement/pairs');
    return rankObservationsStore.ofPairDay(pairIdOf({ ...pair, itemId: '1', vendorItemId: '2' }), today);
  };
  const post = (rawBody: string) => api.call('POST', '/api/rank/observations', { headers: asWorker(key), rawBody });
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
  let deep: unknown = 1;
  for (let i = 0; i < 40; i++) deep = [deep];

  // The probe's values (each was a 500 for its whole batch), as JSON text: 2^60 and 1e300 are numbers a
  // worker can send that JavaScript reads but the table cannot keep.
  it.each([
    ['{"n":1e300}', '{"n":1e300}', '저장할 수 없는 숫자'],
    ['{"n":2^60}', `{"n":${2n ** 60n}}`, '저장할 수 없는 숫자'],
    ['{"n":1e400} (Infinity)', '{"n":1e400}', '저장할 수 없는 숫자'],
    ['{"n":5e-324}', '{"n":5e-324}', '저장할 수 없는 숫자'],
    ['{"":1}', '{"":1}', '이름이 빈 항목'],
    ['a 40-deep array', JSON.stringify(deep), '16단계까지만'],
    ['{"constructor":{"name":"Set"}}', '{"constructor":{"name":"Set"}}', "'constructor'"],
    ['{"__proto__":{"x":1}}', '{"a":{"__proto__":{"x":1}}}', "'__proto__'"],
  ])('refuses evidence %s alone with its reason (200, nothing written)', async (_, evidence, reason) => {
    const before = (await stored(probePair)).length;
    const one = JSON.stringify({ observations: [observation(probePair, { observedAt: at(5) })] }).replace(
      '"observedAt"',
      `"evidence":${evidence},"observedAt"`,
    );
    const res = await post(one);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ accepted: 0, rejected: 1 });
    expect(res.body.data.results).toEqual([
      { index: 0, outcome: 'refused', field: 'evidence', reason: expect.stringContaining(reason) },
    ]);
    expect(res.body.data.results[0].reason).toMatch(/^증거 자료\(evidence\)/);
    expect(await stored(probePair)).toHaveLength(before);
  });

  it('keeps evidence the table can store, as sent', async () => {
    const observedAt = at(7);
    const evidence = {
      page: 3,
      ratio: 0.125,
      big: Number.MAX_SAFE_INTEGER,
      tiny: 1e-100,
      note: '',
      list: [[1], { a: null }],
    };
    const res = await api.call('POST', '/api/rank/observations', {
      headers: asWorker(key),
      body: { observations: [observation(probePair, { observedAt, evidence })] },
    });
    expect(res.body.data.results).toEqual([{ index: 0, outcome: 'accepted' }]);
    const kept = (await stored(probePair)).find((o) => o.observedAt === observedAt);
    // toEqual: maps come back in the store's own key order.
    expect(kept?.evidence).toEqual(evidence);
  });

  it('stores exactly the 59 good observations of a 60-item batch whose last item is bad', async () => {
    const items = Array.from({ length: 59 }, (_, i) =>
      observation(batchPair, { observedAt: at(100 + i), rank: 1 + i }),
    );
    const body = JSON.stringify({ observations: [...items, observation(batchPair, { observedAt: at(99) })] }).replace(
      /"observedAt":"([^"]+)"\}\]\}$/,
      `"observedAt":"$1","evidence":{"n":${2n ** 60n}}}]}`,
    );
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ accepted: 59, rejected: 1 });
    expect(res.body.data.results.filter((r: { outcome: string }) => r.outcome === 'accepted')).toHaveLength(59);
    expect(res.body.data.results[59]).toMatchObject({ index: 59, outcome: 'refused', field: 'evidence' });
    const kept = await stored(batchPair);
    expect(kept).toHaveLength(59);
    expect(kept.map((o) => o.rank).sort((a, b) => a! - b!)).toEqual(Array.from({ length: 59 }, (_, i) => 1 + i));
  });

  it('refuses observations of a pair no slot tracks, item by item; the tracked one in the same batch is kept', async () => {
    const untracked = { keyword: '아무도 추적 안 함', productId: '99999' };
    const paused = { keyword: '멈춘 슬롯', productId: '505' };
    const res = await api.call('POST', '/api/rank/observations', {
      headers: asWorker(key),
      body: {
        observations: [
          observation(untracked, { observedAt: at(3) }),
          observation(probePair, { observedAt: at(3) }),
          observation(paused, { observedAt: at(3) }),
          observation({ ...probePair, itemId: '777' }, { observedAt: at(3) }),
        ],
      },
    });
    expect(res.status).toBe(200);
    const notTracked =
      '지금 순위를 추적하는 슬롯이 없는 키워드·상품입니다. 작업 목록(GET /api/rank/work)에 있는 조합만 보낼 수 있습니다.';
    expect(res.body.data.results).toEqual([
      { index: 0, outcome: 'refused', field: 'productId', reason: notTracked },
      { index: 1, outcome: 'accepted' },
      { index: 2, outcome: 'refused', field: 'productId', reason: notTracked },
      { index: 3, outcome: 'refused', field: 'productId', reason: notTracked },
    ]);
    expect(await stored(untracked)).toHaveLength(0);
    expect(await stored(paused)).toHaveLength(0);
  });

  it('the store writes each observation whole or not at all, and answers the ones it refused', async () => {
    const { rankObservationsStore } = await import('../../functions/storage/rank-observations');
    const { storeChecks } = await import('../../functions/domain/rank-measurement/check-counts');
    const { pairIdOf } = await import('../../functions/domain/rank-measurement/pairs');
    const pair = { keyword: '직접 저장', productId: '603', itemId: '1', vendorItemId: '2' };
    const pairId = pairIdOf(pair);
    const record = (i: number, evidence?: unknown) => ({
      pairId,
      day: today,
      ...pair,
      status: 'found' as const,
      rank: 1 + i,
      depthScanned: 100,
      observedAt: at(200 + i),
      receivedAt: new Date().toISOString(),
      workerKeyId: 'test',
      ...(evidence !== undefined ? { evidence } : {}),
    });
    // Past the schema (a rule it might miss): the store itself refuses the empty attribute name.
    const records = [...Array.from({ length: 30 }, (_, i) => record(i)), record(30, { '': 1 }), record(31)];
    const refused = await storeChecks(records, { at: new Date() });
    expect(refused.map((r) => r.record.rank)).toEqual([31]);
    expect((await rankObservationsStore.ofPairDay(pairId, today)).map((o) => o.rank).sort((a, b) => a! - b!)).toEqual([
      ...Array.from({ length: 30 }, (_, i) => 1 + i),
      32,
    ]);
  });
});

describe('work leases: each due pair goes to one worker at a time', () => {
  const today = kstToday();
  let key: string;
  let otherKey: string;
  type Page = { items: Array<{ id: string; productId: string }>; nextCursor: string | null; lease: any };
  beforeAll(async () => {
    key = (await newWorkerKey(stack, developer.token, '임대 작업자')).key;
    otherKey = (await newWorkerKey(stack, developer.token, '임대 작업자 2')).key;
  });
  const seed = (prefix: string, productIds: string[]) =>
    seedSlots(
      advertiser.id,
      productIds.map((productId) => ({ id: `${prefix}-${productId}`, keyword: `임대 ${prefix}`, productId })),
    );
  /** Every page a worker takes in one walk of the list, only the given products' pairs. */
  const take = async (asKey: string, worker: string, productIds: string[], limit = 1000) => {
    const items: Page['items'] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { data: Page } } = await api.call(
        'GET',
        `/api/rank/work?limit=${limit}&worker=${worker}${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: asWorker(asKey) },
      );
      expect(res.status).toBe(200);
      items.push(...res.body.data.items);
      cursor = res.body.data.nextCursor;
    } while (cursor);
    return items.filter((i) => productIds.includes(i.productId));
  };
  const peek = async (productIds: string[]) => {
    const res = await api.call('GET', '/api/rank/work?limit=1000', { headers: asWorker(key) });
    return (res.body.data.items as Page['items']).filter((i) => productIds.includes(i.productId));
  };
  const post = (asKey: string, worker: string | undefined, observations: unknown[]) =>
    api.call('POST', '/api/rank/observations', {
      headers: asWorker(asKey),
      body: { observations, ...(worker ? { worker } : {}) },
    });

  it('splits the list between workers: a pair handed to one is left out for the others until it is checked', async () => {
    const ids = ['7101', '7102', '7103', '7104', '7105'];
    await seed('SPLIT', ids);
    // Two processes sharing one key, and a third on another key: three holders.
    const onePage = async (asKey: string, worker: string) => {
      const res = await api.call('GET', `/api/rank/work?limit=2&worker=${worker}`, { headers: asWorker(asKey) });
      expect(res.status).toBe(200);
      expect(res.body.data.lease).toMatchObject({ worker, seconds: 600 });
      expect(Date.parse(res.body.data.lease.expiresAt) - Date.now()).toBeGreaterThan(500_000);
      return (res.body.data.items as Page['items']).filter((i) => ids.includes(i.productId));
    };
    // Each process takes one page of 2; the third walks the rest of the list.
    const a = await onePage(key, 'host-1');
    const b = await onePage(key, 'host-2');
    const c = await take(otherKey, 'host-1', ids);
    expect(c.length).toBeGreaterThan(0);
    const all = [...a, ...b, ...c].map((i) => i.productId);
    expect(all.sort()).toEqual(ids);
    expect(b.length + c.length).toBe(ids.length - a.length);
    // Asking again, a worker gets back what it holds and nothing another one holds.
    expect((await take(key, 'host-2', ids)).map((i) => i.productId).sort()).toEqual(b.map((i) => i.productId).sort());
    // The list read without a worker name still shows every pair to check, leased or not.
    expect((await peek(ids)).map((i) => i.productId).sort()).toEqual(ids);

    // Checked (found / not found) pairs leave the list for everyone, whoever held them.
    const pair = (productId: string) => ({ keyword: '임대 SPLIT', productId });
    const res = await post(key, 'host-2', [
      ...b.map((i) => observation(pair(i.productId))),
      observation(pair(c[0].productId), { status: 'not_found', rank: undefined }),
    ]);
    expect(res.body.data).toMatchObject({ accepted: b.length + 1, rejected: 0 });
    const left = (await peek(ids)).map((i) => i.productId).sort();
    expect(left).toEqual(ids.filter((id) => !b.some((i) => i.productId === id) && id !== c[0].productId).sort());
  });

  it('late in the day, a worker leasing 10 at a time walks past checked pairs to every open one, and leaves none for another', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => String(76000 + i));
    await seed('LONG', ids);
    // Four in five are checked already, spread over the whole list (pair ids are hashes).
    const done = ids.filter((_, i) => i % 5 !== 0);
    const res = await post(
      key,
      undefined,
      done.map((productId) => observation({ keyword: '임대 LONG', productId })),
    );
    expect(res.body.data.accepted).toBe(200);
    const open = ids.filter((_, i) => i % 5 === 0);
    let calls = 0;
    const items: Page['items'] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: Page } } = await api.call(
        'GET',
        `/api/rank/work?limit=10&worker=walker${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: asWorker(key) },
      );
      calls++;
      items.push(...page.body.data.items);
      cursor = page.body.data.nextCursor;
    } while (cursor);
    const mine = items.filter((i) => ids.includes(i.productId)).map((i) => i.productId);
    expect(mine.sort()).toEqual(open.sort());
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(calls).toBeLessThan(20);
    expect(await take(otherKey, 'late', ids)).toEqual([]);
  });

  it("gives a crashed worker's pairs to another once its lease has run out", async () => {
    const ids = ['7201', '7202', '7203'];
    await seed('CRASH', ids);
    const held = await take(key, 'crashed', ids);
    expect(held).toHaveLength(3);
    // The worker dies without posting or releasing: its pairs stay with it while the lease lasts.
    expect(await take(otherKey, 'survivor', ids)).toEqual([]);
    // Ten minutes later (the stored expiry moved into the past instead of waiting).
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../functions/storage/keys');
    for (const { id } of held)
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.rankLease(today, id),
          UpdateExpression: 'SET expiresAt = :past',
          ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
        }),
      );
    const taken = await take(otherKey, 'survivor', ids);
    expect(taken.map((i) => i.productId).sort()).toEqual(ids);
    // The crashed worker, back, cannot renew them: they are the survivor's now.
    const renew = await api.call('POST', '/api/rank/leases', {
      headers: asWorker(key),
      body: { worker: 'crashed', pairIds: held.map((i) => i.id) },
    });
    expect(renew.status).toBe(200);
    expect(renew.body.data).toMatchObject({ held: [], lost: held.map((i) => i.id) });
  });

  it('a failed check gives the lease back at once; a failed check by another worker does not', async () => {
    const ids = ['7301', '7302'];
    await seed('FAIL', ids);
    const held = await take(key, 'blocked', ids);
    expect(held).toHaveLength(2);
    const failed = (productId: string) =>
      observation({ keyword: '임대 FAIL', productId }, { status: 'failed', rank: undefined, depthScanned: 0 });
    // Another worker's failed check of a pair it does not hold leaves the holder's lease alone.
    const stray = await post(otherKey, 'other', [failed('7302')]);
    expect(stray.body.data).toMatchObject({ accepted: 1, unleased: 1 });
    expect(await take(otherKey, 'other', ids)).toEqual([]);
    // The holder's failed check releases its pair (a later round retries it); the other stays held.
    const res = await post(key, 'blocked', [failed('7301')]);
    expect(res.body.data).toMatchObject({ accepted: 1, unleased: 0 });
    expect((await take(otherKey, 'other', ids)).map((i) => i.productId)).toEqual(['7301']);
  });

  it('renews and releases leases, stores checks without a lease and counts each once', async () => {
    const ids = ['7401', '7402', '7403'];
    await seed('RENEW', ids);
    const held = await take(key, 'renewer', ids);
    const pairIds = held.map((i) => i.id);
    const { rankLeasesStore } = await import('../../functions/storage/rank-leases');
    const before = (await rankLeasesStore.ofPairs(pairIds.map((pairId) => ({ day: today, pairId })))).values();
    const expiries = [...before].map((l) => l.expiresAt);
    await new Promise((r) => setTimeout(r, 20));
    const renewed = await api.call('POST', '/api/rank/leases', {
      headers: asWorker(key),
      body: { worker: 'renewer', pairIds },
    });
    expect(renewed.body.data).toMatchObject({ worker: 'renewer', seconds: 600, held: pairIds, lost: [] });
    expect(renewed.body.data.expiresAt > expiries.sort().at(-1)!).toBe(true);

    // Given back: the pair is free for the next worker at once; another worker cannot release the rest.
    const [back, ...kept] = held;
    const released = await api.call('POST', '/api/rank/leases/release', {
      headers: asWorker(key),
      body: { worker: 'renewer', pairIds: [back.id] },
    });
    expect(released.body.data).toEqual({ released: 1 });
    const foreign = await api.call('POST', '/api/rank/leases/release', {
      headers: asWorker(otherKey),
      body: { worker: 'renewer', pairIds: kept.map((i) => i.id) },
    });
    expect(foreign.body.data).toEqual({ released: 0 });
    expect((await take(otherKey, 'next', ids)).map((i) => i.productId)).toEqual([back.productId]);

    // A check of a pair another worker holds is real: stored, and counted as without a lease, once.
    const unleasedBefore = await rankLeasesStore.unleasedCount(today);
    const check = observation({ keyword: '임대 RENEW', productId: kept[0].productId });
    const first = await post(otherKey, 'next', [check]);
    expect(first.body.data).toMatchObject({ accepted: 1, unleased: 1 });
    const again = await post(otherKey, 'next', [check]);
    expect(again.body.data).toMatchObject({ accepted: 1, unleased: 1 });
    expect(await rankLeasesStore.unleasedCount(today)).toBe(unleasedBefore + 1);
    // The holder's own check is not counted.
    const own = await post(key, 'renewer', [observation({ keyword: '임대 RENEW', productId: kept[1].productId })]);
    expect(own.body.data).toMatchObject({ accepted: 1, unleased: 0 });
    expect(await rankLeasesStore.unleasedCount(today)).toBe(unleasedBefore + 1);
  });

  it('refuses a bad worker name or pair ids with a Korean 400 and leases nothing', async () => {
    await seed('BAD', ['7501']);
    const badName = await api.call('GET', '/api/rank/work?worker=%EC%9E%91%EC%97%85%EC%9E%90', {
      headers: asWorker(key),
    });
    expect(badName.status).toBe(400);
    expect(badName.body.error).toBe('작업자 이름(worker)은 영문·숫자와 . _ : @ - 로 된 1~64자여야 합니다.');
    for (const body of [{ worker: 'w', pairIds: [] }, { worker: 'w', pairIds: ['nope'] }, { worker: 'w' }]) {
      const res = await api.call('POST', '/api/rank/leases', { headers: asWorker(key), body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('임대할 조합(pairIds)은 작업 목록의 id(32자리 16진수)로 1~1000개를 보내주세요.');
    }
    expect((await take(otherKey, 'fresh', ['7501'])).map((i) => i.productId)).toEqual(['7501']);
  });
});
