import '../support/quiet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays, kstToday } from '../../shared/kst';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { slotsStore, type SlotRecord } from '../../functions/storage/slots';
import { transact } from '../../functions/storage/transactions';
import { invalidateRankingCache } from '../../functions/domain/ranking-page/ranking';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, resetSettings, row, setSetting } from '../support/slots';

/**
 * The advertiser's side of ranks: rank history answers, rank alerts and the ranking page.
 * Rank fields and rank days are written straight through the storage modules here (the rank job that
 * writes them in the product is tested with the engine).
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;
const PRICE = 50_000;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '운영자박' });
});
afterAll(async () => {
  await resetSettings('featureRanking');
  await stack?.stop();
});

const call = (method: string, path: string, token: string, body?: unknown) => api.call(method, path, { token, body });
let n = 0;
/** A running (approved) slot of the account. */
async function activeSlot(token: string, keyword?: string) {
  const slot = (await call('POST', '/api/slots', token, row(++n, keyword ? { keywords: keyword } : {}))).body.data;
  const approved = await call('POST', `/api/slots/${slot.id}/approve`, operator.token, {
    approved: true,
    approvedPrice: PRICE,
  });
  expect(approved.status).toBe(200);
  return approved.body.data as { id: string; slot_number: number };
}
async function setRanks(id: string, changes: Partial<SlotRecord>) {
  const s = (await slotsStore.get(id))!;
  await transact([slotsStore.update(s, changes)]);
}
const putRankDay = (
  id: string,
  day: {
    date: string;
    rank: number | null;
    min_rank: number | null;
    avg_rank: number | null;
    max_rank: number | null;
    prev_rank: number | null;
  },
) =>
  db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.slotRankDay(id, day.date), entity: 'slotRankDay', ...day },
    }),
  );

describe('GET /api/slots/{id}/rank-history', () => {
  it('answers the KST days asked, oldest first, with the range; ranks and arrows show on the slot', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await activeSlot(user.token);
    const today = kstToday();
    await setRanks(slot.id, {
      rank: 7,
      yesterday_rank: 12,
      first_rank: 30,
      product_name: '무선 마우스',
      thumbnail: 'https://thumbnail.coupangcdn.com/x.jpg',
    });
    const days = [
      { date: addKstDays(today, -2), rank: 15, min_rank: 14, avg_rank: 15.5, max_rank: 17, prev_rank: null },
      { date: addKstDays(today, -1), rank: 12, min_rank: 11, avg_rank: 12.3, max_rank: 15, prev_rank: 15 },
      { date: today, rank: 7, min_rank: 7, avg_rank: 8, max_rank: 9, prev_rank: 12 },
      { date: addKstDays(today, -40), rank: 99, min_rank: 99, avg_rank: 99, max_rank: 99, prev_rank: null },
    ];
    for (const d of days) await putRankDay(slot.id, d);

    const week = await call(
      'GET',
      `/api/slots/${slot.id}/rank-history?startDate=${addKstDays(today, -6)}&endDate=${today}`,
      user.token,
    );
    expect(week.status).toBe(200);
    expect(week.body.data).toEqual({
      items: days.slice(0, 3),
      dateRange: { startDate: addKstDays(today, -6), endDate: today },
    });
    // Without dates: the last 30 KST days (the day 40 days ago is outside).
    const dflt = (await call('GET', `/api/slots/${slot.id}/rank-history`, user.token)).body.data;
    expect(dflt.items.map((d: { date: string }) => d.date)).toEqual(days.slice(0, 3).map((d) => d.date));

    const dto = (await call('GET', `/api/slots/${slot.id}`, user.token)).body.data;
    expect(dto).toMatchObject({
      rank: 7,
      yesterday_rank: 12,
      first_rank: 30,
      product_name: '무선 마우스',
      thumbnail: 'https://thumbnail.coupangcdn.com/x.jpg',
    });
  });

  it('refuses a bad range in Korean, and another user sees nothing', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const other = await newAccount(stack);
    const slot = await activeSlot(user.token);
    const bad = await call(
      'GET',
      `/api/slots/${slot.id}/rank-history?startDate=2030-02-01&endDate=2030-01-01`,
      user.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('종료일은 시작일보다 늦어야 합니다.');
    const long = await call(
      'GET',
      `/api/slots/${slot.id}/rank-history?startDate=2030-01-01&endDate=2031-01-02`,
      user.token,
    );
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('조회 기간은 최대 1년(366일)까지 선택할 수 있습니다.');
    expect(
      (await call('GET', `/api/slots/${slot.id}/rank-history?startDate=2030-01-01&endDate=2031-01-01`, user.token))
        .status,
    ).toBe(200);
    const format = await call('GET', `/api/slots/${slot.id}/rank-history?startDate=2030-1-1`, user.token);
    expect(format.status).toBe(400);
    expect(format.body.error).toMatch(/[가-힣]/);
    expect((await call('GET', `/api/slots/${slot.id}/rank-history`, other.token)).status).toBe(404);
  });
});

describe('PUT /api/slots/{id}/rank-alert', () => {
  const alertOf = async (id: string) => (await slotsStore.get(id))?.rank_alert;

  it('the owner sets, changes and clears the alert; it shows on the slot', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await activeSlot(user.token);
    const before = (await slotsStore.get(slot.id))!;

    const set = await call('PUT', `/api/slots/${slot.id}/rank-alert`, user.token, { moveBy: 10, whenOut: true });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({
      id: slot.id,
      rank_alert: { moveBy: 10, whenOut: true },
      rank_alert_last: null,
      rank_alert_events: [],
    });
    expect(await alertOf(slot.id)).toEqual({ moveBy: 10, whenOut: true });
    // An alert is not an edit of the slot: its content and updatedAt stay.
    expect((await slotsStore.get(slot.id))!.updatedAt).toBe(before.updatedAt);

    await call('PUT', `/api/slots/${slot.id}/rank-alert`, user.token, { moveBy: null, whenOut: true });
    expect(await alertOf(slot.id)).toEqual({ moveBy: null, whenOut: true });
    const list = (await call('GET', '/api/slots', user.token)).body.data.items;
    expect(list.find((s: { id: string }) => s.id === slot.id).rank_alert).toEqual({ moveBy: null, whenOut: true });

    const cleared = await call('PUT', `/api/slots/${slot.id}/rank-alert`, user.token, { moveBy: null, whenOut: false });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.rank_alert).toBeNull();
    expect(await alertOf(slot.id)).toBeNull();
  });

  it('reads the alerts the rank job recorded (latest and the last ones, newest first)', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await activeSlot(user.token);
    const events = [
      { at: '2030-01-02T01:00:00.000Z', from: 12, to: 25, kind: 'moved' as const },
      { at: '2030-01-01T01:00:00.000Z', from: 25, to: null, kind: 'out' as const },
    ];
    await setRanks(slot.id, {
      rank_alert: { moveBy: 5, whenOut: false },
      rank_alert_last: events[0],
      rank_alert_events: events,
    });
    expect((await call('GET', `/api/slots/${slot.id}`, user.token)).body.data).toMatchObject({
      rank_alert_last: events[0],
      rank_alert_events: events,
    });
  });

  it('another user gets 404 and an operator may set it; bad input is 400 in Korean with nothing written', async () => {
    const user = await newAccount(stack, { balance: PRICE });
    const other = await newAccount(stack);
    const slot = await activeSlot(user.token);
    const stranger = await call('PUT', `/api/slots/${slot.id}/rank-alert`, other.token, { moveBy: 3, whenOut: false });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe('슬롯을 찾을 수 없습니다.');
    expect(await alertOf(slot.id)).toBeUndefined();

    for (const body of [
      { moveBy: 0, whenOut: false },
      { moveBy: 501, whenOut: true },
      { moveBy: 2.5, whenOut: false },
      { moveBy: '5', whenOut: false },
    ]) {
      const res = await call('PUT', `/api/slots/${slot.id}/rank-alert`, user.token, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('순위 변동 폭은 1에서 500 사이의 정수로 입력해주세요.');
    }
    const noFlag = await call('PUT', `/api/slots/${slot.id}/rank-alert`, user.token, { moveBy: 5 });
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.error).toBe('순위권 이탈 알림 여부를 선택해주세요.');
    expect(await alertOf(slot.id)).toBeUndefined();

    const staff = await call('PUT', `/api/slots/${slot.id}/rank-alert`, operator.token, { moveBy: 20, whenOut: false });
    expect(staff.status).toBe(200);
    expect(await alertOf(slot.id)).toEqual({ moveBy: 20, whenOut: false });
  });
});

describe('GET /api/ranking/keywords and /advertisers', () => {
  beforeEach(() => invalidateRankingCache());

  it('ranks running slots by improvement and by current rank; users see others masked, staff see names', async () => {
    const kim = await newAccount(stack, { balance: 3 * PRICE, name: '김랭킹' });
    const lee = await newAccount(stack, { balance: 3 * PRICE, name: '이순위' });
    const [k1, k2, k3] = [
      await activeSlot(kim.token, '랭킹키워드A'),
      await activeSlot(kim.token, '랭킹키워드B'),
      await activeSlot(kim.token, '랭킹키워드C'),
    ];
    const [l1, l2] = [await activeSlot(lee.token, '랭킹키워드D'), await activeSlot(lee.token, '랭킹키워드E')];
    // When each rank was measured (l2's never was): an average is as current as its oldest rank.
    const [t1, t2, t3] = ['2031-05-10T01:00:00.000Z', '2031-05-08T22:00:00.000Z', '2031-05-10T02:30:00.000Z'];
    await setRanks(k1.id, {
      rank: 3,
      yesterday_rank: 5,
      first_rank: 40,
      product_name: '김의 상품',
      rank_measured_at: t1,
    }); // +37
    await setRanks(k2.id, { rank: 20, yesterday_rank: 20, first_rank: 22, rank_measured_at: t2 }); // +2
    await setRanks(k3.id, { rank: 999, yesterday_rank: 10, first_rank: 50 }); // not found: left out
    await setRanks(l1.id, {
      rank: 1,
      yesterday_rank: 2,
      first_rank: 1,
      product_name: '이의 상품',
      rank_measured_at: t3,
    }); // 0
    await setRanks(l2.id, { rank: 9, yesterday_rank: null, first_rank: 30 }); // +21
    // A paused slot with a rank is not running: left out.
    const paused = await activeSlot(lee.token, '일시정지키워드');
    await setRanks(paused.id, { rank: 2, first_rank: 90 });
    await call('PATCH', `/api/slots/${paused.id}/status`, lee.token, { status: 'paused' });

    const asKim = (await call('GET', '/api/ranking/keywords', kim.token)).body.data;
    // Earlier tests of this file left ranked slots too: look at this test's keywords.
    const ours = (items: Array<{ keyword: string }>) =>
      items.filter((i) => i.keyword.startsWith('랭킹키워드')).map((i) => i.keyword);
    // D gained nothing since its first rank: not in the improvement list.
    expect(ours(asKim.improved)).toEqual(['랭킹키워드A', '랭킹키워드E', '랭킹키워드B']);
    expect(ours(asKim.best)).toEqual(['랭킹키워드D', '랭킹키워드A', '랭킹키워드E', '랭킹키워드B']);
    expect(asKim.improved.find((i: { keyword: string }) => i.keyword === '랭킹키워드A')).toMatchObject({
      rank: 3,
      rank_measured_at: t1,
      first_rank: 40,
      improvement: 37,
      change: 2,
      mine: true,
      advertiser: '김랭킹',
      slotId: k1.id,
      product_name: '김의 상품',
    });
    // Another advertiser's entry: masked, no product, no ids.
    expect(asKim.best.find((i: { keyword: string }) => i.keyword === '랭킹키워드E')?.rank_measured_at).toBeNull();
    expect(asKim.best.find((i: { keyword: string }) => i.keyword === '랭킹키워드D')).toMatchObject({
      keyword: '랭킹키워드D',
      rank: 1,
      rank_measured_at: t3,
      mine: false,
      advertiser: '이**',
      slotId: null,
      slot_number: null,
      product_name: null,
      thumbnail: null,
      userLogin: null,
    });
    expect(JSON.stringify(asKim)).not.toContain(lee.email);
    expect(JSON.stringify(asKim)).not.toContain('이의 상품');

    const asStaff = (await call('GET', '/api/ranking/keywords', operator.token)).body.data;
    expect(asStaff.best.find((i: { keyword: string }) => i.keyword === '랭킹키워드D')).toMatchObject({
      advertiser: '이순위',
      userLogin: lee.email,
      slotId: l1.id,
      product_name: '이의 상품',
    });

    const advertisers = (await call('GET', '/api/ranking/advertisers', kim.token)).body.data.items.filter(
      (a: { advertiser: string }) => /^(이\*\*|김랭킹)$/.test(a.advertiser),
    );
    // 이순위: (1 + 9) / 2 = 5.0; 김랭킹: (3 + 20) / 2 = 11.5 (the 999 slot is not averaged).
    expect(advertisers).toEqual([
      {
        position: expect.any(Number),
        advertiser: '이**',
        mine: false,
        rankedSlots: 2,
        averageRank: 5,
        bestRank: 1,
        measured_at: t3,
        userId: null,
        userLogin: null,
      },
      {
        position: expect.any(Number),
        advertiser: '김랭킹',
        mine: true,
        rankedSlots: 2,
        averageRank: 11.5,
        bestRank: 3,
        measured_at: t2,
        userId: null,
        userLogin: null,
      },
    ]);
    const staffAdvertisers = (await call('GET', '/api/ranking/advertisers', operator.token)).body.data.items;
    expect(staffAdvertisers.find((a: { userId: string }) => a.userId === lee.id)).toMatchObject({
      advertiser: '이순위',
      userId: lee.id,
      userLogin: lee.email,
    });
  });

  it('is computed at most once a minute per process: a new rank shows after the cache ends', async () => {
    const user = await newAccount(stack, { balance: PRICE, name: '캐시확인' });
    const slot = await activeSlot(user.token, '캐시키워드');
    const first = (await call('GET', '/api/ranking/keywords', user.token)).body.data;
    expect(first.best.some((i: { keyword: string }) => i.keyword === '캐시키워드')).toBe(false);
    await setRanks(slot.id, { rank: 4, first_rank: 8 });
    const cached = (await call('GET', '/api/ranking/keywords', user.token)).body.data;
    expect(cached.computedAt).toBe(first.computedAt);
    expect(cached.best.some((i: { keyword: string }) => i.keyword === '캐시키워드')).toBe(false);
    invalidateRankingCache();
    const fresh = (await call('GET', '/api/ranking/keywords', user.token)).body.data;
    expect(fresh.best.find((i: { keyword: string }) => i.keyword === '캐시키워드')).toMatchObject({
      rank: 4,
      improvement: 4,
      mine: true,
    });
  });

  it('answers 409 in Korean while featureRanking is off', async () => {
    const user = await newAccount(stack);
    await setSetting('featureRanking', false);
    try {
      for (const path of ['/api/ranking/keywords', '/api/ranking/advertisers']) {
        const res = await call('GET', path, user.token);
        expect(res.status).toBe(409);
        expect(res.body.error).toBe('성과 랭킹 기능이 꺼져 있습니다.');
      }
    } finally {
      await resetSettings('featureRanking');
    }
    expect((await call('GET', '/api/ranking/keywords', user.token)).status).toBe(200);
  });

  it('reads the running slots from the status index, not the table (docs/data-model.md RK1)', async () => {
    // The page's read: GSI2 SLOTS#active holds exactly the stored-active slots with their rank attributes.
    const user = await newAccount(stack, { balance: PRICE });
    const slot = await activeSlot(user.token, '인덱스키워드');
    await setRanks(slot.id, { rank: 6, first_rank: 6 });
    const rows = await slotsStore.rankRowsByStatus('active', 10_000);
    expect(rows.find((r) => r.id === slot.id)).toMatchObject({
      keyword: '인덱스키워드',
      rank: 6,
      first_rank: 6,
      status: 'active',
    });
    expect(rows.every((r) => r.status === 'active')).toBe(true);
    const all = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'entity = :s AND #st = :a',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: { ':s': 'slot', ':a': 'active' },
      }),
    );
    expect(rows.length).toBe(all.Items!.length);
  });
});
