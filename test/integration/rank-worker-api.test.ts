import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/storage/client';
import { addKstDays, kstToday } from '../../shared/kst';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';
import { newWorkerKey, observation, seedSlots } from '../support/rank';

/** Issue 12 items 1–3: worker keys, the work list and observations, through the real local server. */
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

    const work = await api.call('GET', '/api/rank/work', { headers: asWorker(key) });
    expect(work.status).toBe(200);
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
    const { pairIdOf } = await import('../../functions/domain/rank/pairs');
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
