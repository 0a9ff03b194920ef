import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKstDays, kstToday } from '../../shared/kst';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';
import { newWorkerKey, observation, seedSlots } from '../support/rank';
import type { recordObservations } from '../../functions/domain/rank-measurement/observations';
import type { runRankRecompute } from '../../functions/domain/rank-measurement/recompute-run';
import type { rankObservationsStore } from '../../functions/storage/rank-observations';
import type { pairIdOf } from '../../functions/domain/rank-measurement/pairs';

/**
 * The impressions and clicks a rank worker may post with its observations — refused
 * as a whole batch (400, Korean, nothing written) when one is bad; summed per slot over the days by
 * the recompute job; shown by the list and the rank history answers with the day's figures.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let advertiser: { id: string; token: string };
let key: string;
let m: {
  recordObservations: typeof recordObservations;
  runRankRecompute: typeof runRankRecompute;
  store: typeof rankObservationsStore;
  pairIdOf: typeof pairIdOf;
};

const PAIR = { keyword: '캠핑의자', productId: '9101' };
const OTHER = { keyword: '캠핑테이블', productId: '9102' };
const pairId = (p: { keyword: string; productId: string }) =>
  m.pairIdOf({ keyword: p.keyword, productId: p.productId, itemId: '1', vendorItemId: '2' });
const metric = (p: { keyword: string; productId: string }, day: string, impressions: unknown, clicks: unknown) => ({
  ...p,
  itemId: '1',
  vendorItemId: '2',
  day,
  impressions,
  clicks,
});

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  const developer = await newAccount(stack, { role: 'developer' });
  advertiser = await newAccount(stack);
  key = (await newWorkerKey(stack, developer.token)).key;
  m = {
    recordObservations: (await import('../../functions/domain/rank-measurement/observations')).recordObservations,
    runRankRecompute: (await import('../../functions/domain/rank-measurement/recompute-run')).runRankRecompute,
    store: (await import('../../functions/storage/rank-observations')).rankObservationsStore,
    pairIdOf: (await import('../../functions/domain/rank-measurement/pairs')).pairIdOf,
  };
  await seedSlots(advertiser.id, [
    { id: 'RM-S1', ...PAIR },
    { id: 'RM-S2', ...OTHER },
  ]);
});
afterAll(() => stack?.stop());

const post = (body: unknown) =>
  api.call('POST', '/api/rank/observations', { headers: { 'x-api-key': key }, body: body as never });

describe('metrics a worker posts (POST /api/rank/observations, optional `metrics`)', () => {
  it('refuses the whole batch with a Korean 400 when one metric is bad, and writes nothing of it', async () => {
    const today = kstToday();
    const obs = observation(PAIR, { observedAt: new Date(Date.now() - 60_000).toISOString(), rank: 4 });
    const cases: Array<[unknown, string]> = [
      [metric(PAIR, today, 10, 11), '클릭수(clicks)는 노출수(impressions)보다 클 수 없습니다.'],
      [metric(PAIR, today, -1, 0), '노출수(impressions)와 클릭수(clicks)는 0 이상의 정수여야 합니다.'],
      [metric(PAIR, today, 1.5, 0), '노출수(impressions)와 클릭수(clicks)는 0 이상의 정수여야 합니다.'],
      [metric(PAIR, '2020/01/01', 1, 0), '날짜(day)는 YYYY-MM-DD 형식이어야 합니다.'],
      [metric(PAIR, addKstDays(today, -2), 5, 1), '노출·클릭 수치는 오늘과 어제(한국 시간)의 것만 받습니다.'],
      [metric({ keyword: '없는키워드', productId: '1' }, today, 5, 1), '추적하는 슬롯이 없는'],
    ];
    for (const [bad, message] of cases) {
      const res = await post({ observations: [obs], metrics: [metric(OTHER, today, 100, 3), bad] });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toContain(message);
    }
    // Nothing of those batches: neither the good metric beside the bad one, nor the observation.
    expect((await m.store.metricsOf([pairId(OTHER), pairId(PAIR)], today)).size).toBe(0);
    expect(await m.store.ofPairDay(pairId(PAIR), today)).toEqual([]);
    // A duplicate pair-day in one batch is refused too.
    const dup = await post({ observations: [obs], metrics: [metric(OTHER, today, 1, 0), metric(OTHER, today, 2, 0)] });
    expect(dup.status).toBe(400);
    expect(dup.body.error).toContain('같은 묶음에 같은 상품·키워드·날짜의 노출·클릭 수치가 이미 있습니다.');
  });

  it('stores good metrics with the observations; a later report of the day replaces the earlier one', async () => {
    const today = kstToday();
    const obs = observation(PAIR, { observedAt: new Date(Date.now() - 30_000).toISOString(), rank: 4 });
    const first = await post({ observations: [obs], metrics: [metric(PAIR, today, 100, 3)] });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ accepted: 1, rejected: 0 });
    const again = await post({ observations: [obs], metrics: [metric(PAIR, today, 250, 5)] });
    expect(again.status).toBe(200);
    const stored = (await m.store.metricsOf([pairId(PAIR)], today)).get(pairId(PAIR));
    expect(stored).toMatchObject({ impressions: 250, clicks: 5 });
  });
});

describe('impressions, clicks and CTR in the list and the rank history', () => {
  const DAY1 = '2031-07-01';
  const DAY2 = '2031-07-02';
  const DAY3 = '2031-07-03';
  const DAY4 = '2031-07-04';
  const at = (day: string, time: string) => new Date(`${day}T${time}:00+09:00`);
  const worker = { keyId: 'metrics-test', name: '테스트' };

  it('sums the days per slot (late reports of a day replace, closed days stay), day figures in the history', async () => {
    const check = (day: string, time: string, rank: number) =>
      observation(PAIR, { observedAt: at(day, time).toISOString(), rank });
    await m.recordObservations(worker, [check(DAY1, '09:00', 8)], at(DAY1, '10:00'), [
      metric(PAIR, DAY1, 1000, 20),
    ] as never);
    await m.runRankRecompute(at(DAY1, '10:05'));
    await m.recordObservations(worker, [check(DAY1, '11:00', 6)], at(DAY1, '11:30'), [
      metric(PAIR, DAY1, 1200, 30),
    ] as never);
    await m.runRankRecompute(at(DAY1, '11:35'));
    let s1 = (await api.call('GET', '/api/slots', { token: advertiser.token })).body.data.items.find(
      (s: { id: string }) => s.id === 'RM-S1',
    );
    expect(s1).toMatchObject({ impressions: 1200, clicks: 30, rank: 6 });

    // Day 2: a new day adds to the first; the other slot never had any.
    await m.recordObservations(worker, [check(DAY2, '09:00', 5)], at(DAY2, '09:30'), [
      metric(PAIR, DAY2, 800, 0),
    ] as never);
    await m.runRankRecompute(at(DAY2, '09:35'));
    // Day 3: a check without figures; the other slot's pair is checked too, never with figures.
    await m.recordObservations(
      worker,
      [check(DAY3, '09:00', 4), observation(OTHER, { observedAt: at(DAY3, '09:00').toISOString(), rank: 9 })],
      at(DAY3, '09:30'),
    );
    await m.runRankRecompute(at(DAY3, '09:35'));
    // Day 4: day 1 and 2 are closed; the total keeps them.
    await m.recordObservations(worker, [check(DAY4, '09:00', 5)], at(DAY4, '09:30'), [
      metric(PAIR, DAY4, 100, 1),
    ] as never);
    await m.runRankRecompute(at(DAY4, '09:35'));
    const items = (await api.call('GET', '/api/slots', { token: advertiser.token })).body.data.items;
    s1 = items.find((s: { id: string }) => s.id === 'RM-S1');
    expect(s1).toMatchObject({ impressions: 2100, clicks: 31 });
    // Checked every day but never reported on: null, so no screen invents '노출 0 · 클릭 0'.
    expect(items.find((s: { id: string }) => s.id === 'RM-S2')).toMatchObject({
      rank: 9,
      impressions: null,
      clicks: null,
    });

    const history = await api.call('GET', `/api/slots/RM-S1/rank-history?startDate=${DAY1}&endDate=${DAY4}`, {
      token: advertiser.token,
    });
    expect(history.status).toBe(200);
    const byDate = Object.fromEntries(
      (history.body.data.items as Array<{ date: string; impressions?: number; clicks?: number }>).map((d) => [
        d.date,
        [d.impressions, d.clicks],
      ]),
    );
    expect(byDate).toEqual({ [DAY1]: [1200, 30], [DAY2]: [800, 0], [DAY3]: [undefined, undefined], [DAY4]: [100, 1] });
    // A day without reports carries no figures at all (omitted, not null).
    const day3 = (history.body.data.items as Array<Record<string, unknown>>).find((d) => d.date === DAY3)!;
    expect(Object.keys(day3)).not.toContain('impressions');
    expect(day3).toMatchObject({ rank: 4 });
  });
});
