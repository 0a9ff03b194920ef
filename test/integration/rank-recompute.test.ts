import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/http';
import { notificationsOf, titlesOf } from '../support/notifications';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';
import { observation, seedSlots } from '../support/rank';
import type { recordObservations } from '../../functions/domain/rank-measurement/observations';
import type { runRankRecompute } from '../../functions/domain/rank-measurement/recompute-run';
import type { slotsStore } from '../../functions/storage/slots';
import type { slotRankDaysStore } from '../../functions/storage/slot-rank-days';

/**
 * The recompute job's rules over a two-day timeline (KST), run in-process with
 * a fixed clock against the real DynamoDB Local table; the list and history answers through the API.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let advertiser: { id: string; token: string };
let other: { id: string; token: string };

type Mods = {
  recordObservations: typeof recordObservations;
  runRankRecompute: typeof runRankRecompute;
  slotsStore: typeof slotsStore;
  slotRankDaysStore: typeof slotRankDaysStore;
};
let m: Mods;

const DAY1 = '2031-05-09';
const DAY2 = '2031-05-10';
const kst = (day: string, time: string) => new Date(`${day}T${time}:00+09:00`);
const P1 = { keyword: '등산화', productId: '801' };
const P3 = { keyword: '텐트', productId: '803' };
const P4 = { keyword: '침낭', productId: '804' };
const P5 = { keyword: '코펠', productId: '805' };
const worker = { keyId: 'test-worker', name: '테스트' };

const found = (pair: object, day: string, time: string, rank: number, extra: object = {}) =>
  observation(pair as never, { observedAt: kst(day, time).toISOString(), rank, ...extra });
const notFound = (pair: object, day: string, time: string) =>
  observation(pair as never, { observedAt: kst(day, time).toISOString(), status: 'not_found', rank: undefined });
const failed = (pair: object, day: string, time: string) =>
  observation(pair as never, {
    observedAt: kst(day, time).toISOString(),
    status: 'failed',
    rank: undefined,
    depthScanned: 0,
  });

async function post(now: Date, observations: unknown[]) {
  const result = await m.recordObservations(worker, observations, now);
  expect(result.rejections).toEqual([]);
}
const slot = async (id: string) => (await m.slotsStore.get(id)) as any;
const day = async (id: string, d: string) => (await m.slotRankDaysStore.between(id, d, d))[0] ?? null;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  advertiser = await newAccount(stack);
  other = await newAccount(stack);
  m = {
    recordObservations: (await import('../../functions/domain/rank-measurement/observations')).recordObservations,
    runRankRecompute: (await import('../../functions/domain/rank-measurement/recompute-run')).runRankRecompute,
    slotsStore: (await import('../../functions/storage/slots')).slotsStore,
    slotRankDaysStore: (await import('../../functions/storage/slot-rank-days')).slotRankDaysStore,
  };
  await seedSlots(advertiser.id, [
    { id: 'RC-S1', ...P1, rankAlert: { moveBy: 5, whenOut: true } },
    { id: 'RC-S3', ...P3 },
    { id: 'RC-S4', ...P4 },
    { id: 'RC-S5', ...P5 },
    { id: 'RC-PAUSED', ...P5, productId: '806', status: 'paused' },
  ]);
  await seedSlots(other.id, [{ id: 'RC-S2', ...P1 }]);
});
afterAll(() => stack?.stop());

describe('rank recompute job', () => {
  it('day 1: rank = latest valid check (failed never overwrites), not_found = 999, min/avg/max over found checks only; first rank set', async () => {
    await post(kst(DAY1, '10:00'), [
      found(P1, DAY1, '09:00', 20, { productName: '경량 등산화', imageUrl: 'https://thumbnail7.coupangcdn.com/a.jpg' }),
      notFound(P1, DAY1, '09:30'),
      found(P1, DAY1, '09:45', 30),
      failed(P1, DAY1, '09:50'),
      found(P3, DAY1, '09:00', 12),
      failed(P3, DAY1, '09:40'),
      notFound(P4, DAY1, '09:00'),
    ]);
    // A paused slot is not tracked: its pair's checks are refused when posted.
    const paused = await m.recordObservations(
      worker,
      [found({ ...P5, productId: '806' }, DAY1, '09:00', 3)],
      kst(DAY1, '10:00'),
    );
    expect(paused.results).toEqual([
      { index: 0, outcome: 'refused', field: 'productId', reason: expect.stringContaining('추적하는 슬롯이 없는') },
    ]);
    const summary = await m.runRankRecompute(kst(DAY1, '10:02'));
    expect(summary).toMatchObject({ day: DAY1, suspect: false, alerts: 0, failed: 0 });

    for (const id of ['RC-S1', 'RC-S2']) {
      expect(await slot(id)).toMatchObject({
        rank: 30,
        first_rank: 30,
        yesterday_rank: null,
        product_name: '경량 등산화',
        thumbnail: 'https://thumbnail7.coupangcdn.com/a.jpg',
      });
      expect(await day(id, DAY1)).toEqual({
        date: DAY1,
        rank: 30,
        min_rank: 20,
        avg_rank: 25,
        max_rank: 30,
        prev_rank: null,
      });
    }
    expect(await slot('RC-S3')).toMatchObject({ rank: 12, first_rank: 12 });
    expect(await slot('RC-S4')).toMatchObject({ rank: 999, first_rank: 999 });
    expect(await day('RC-S4', DAY1)).toEqual({
      date: DAY1,
      rank: 999,
      min_rank: null,
      avg_rank: null,
      max_rank: null,
      prev_rank: null,
    });
    // Each rank keeps when its check was made: the newest healthy one (RC-S3's failed 09:40 check is not one).
    expect((await slot('RC-S1')).rank_measured_at).toBe(kst(DAY1, '09:45').toISOString());
    expect((await slot('RC-S3')).rank_measured_at).toBe(kst(DAY1, '09:00').toISOString());
    expect((await slot('RC-S4')).rank_measured_at).toBe(kst(DAY1, '09:00').toISOString());
    // No checks of its pair, and a paused slot is not tracked.
    expect(await slot('RC-S5')).toMatchObject({ rank: null, first_rank: null });
    expect(await slot('RC-PAUSED')).toMatchObject({ rank: null });

    // The history modal reads the same day through the API.
    const history = await api.call('GET', `/api/slots/RC-S1/rank-history?startDate=${DAY1}&endDate=${DAY1}`, {
      token: advertiser.token,
    });
    // No worker reported impressions or clicks that day: the day carries none (no null, no 0).
    expect(history.body.data.items).toEqual([
      { date: DAY1, rank: 30, min_rank: 20, avg_rank: 25, max_rank: 30, prev_rank: null },
    ]);
  });

  it('a second run with nothing new writes nothing and changes nothing', async () => {
    const before = await Promise.all(['RC-S1', 'RC-S2', 'RC-S3', 'RC-S4'].map(slot));
    const again = await m.runRankRecompute(kst(DAY1, '10:30'));
    expect(again).toMatchObject({ slotsWritten: 0, rankDaysWritten: 0, alerts: 0 });
    expect(await Promise.all(['RC-S1', 'RC-S2', 'RC-S3', 'RC-S4'].map(slot))).toEqual(before);
  });

  it('records a rank alert when the rank moves by N or more, shown on the slot', async () => {
    await post(kst(DAY1, '23:00'), [found(P1, DAY1, '22:00', 40)]);
    const summary = await m.runRankRecompute(kst(DAY1, '23:02'));
    expect(summary.alerts).toBe(1);
    const s1 = await slot('RC-S1');
    expect(s1.rank).toBe(40);
    expect(s1.rank_alert_last).toEqual({ at: kst(DAY1, '23:02').toISOString(), from: 30, to: 40, kind: 'moved' });
    expect(s1.rank_alert_events).toEqual([s1.rank_alert_last]);
    // The other owner's slot of the same pair has no alert set.
    expect((await slot('RC-S2')).rank_alert_last).toBeUndefined();
    // The owner is notified once; the other owner is not.
    const sent = await notificationsOf(advertiser.id);
    expect(sent.map((n) => [n.title, n.message])).toEqual([
      ['순위 변동 알림', "'등산화' 순위가 30위에서 40위로 내려갔습니다."],
    ]);
    expect(sent[0]).toMatchObject({ type: 'warning', metadata: { slotId: 'RC-S1', from: 30, to: 40, kind: 'moved' } });
    expect(await titlesOf(other.id)).toEqual([]);
  });

  it("after midnight KST closes the day: late checks of yesterday count, yesterday's history is final, yesterday_rank set", async () => {
    await post(kst(DAY2, '00:10'), [found(P1, DAY1, '23:30', 42)]);
    const summary = await m.runRankRecompute(kst(DAY2, '00:12'));
    expect(summary).toMatchObject({ day: DAY2, closedDay: DAY1 });
    expect(await day('RC-S1', DAY1)).toEqual({
      date: DAY1,
      rank: 42,
      min_rank: 20,
      avg_rank: 33,
      max_rank: 42,
      prev_rank: null,
    });
    expect(await slot('RC-S1')).toMatchObject({ rank: 42, yesterday_rank: 42, first_rank: 30 });
    expect(await slot('RC-S4')).toMatchObject({ rank: 999, yesterday_rank: 999 });
    expect(await day('RC-S1', DAY2)).toBeNull();
  });

  it('a run where most checks failed is suspect: ranks follow valid checks, failed ones change nothing, no alert', async () => {
    await post(kst(DAY2, '10:00'), [
      found(P1, DAY2, '09:00', 60),
      failed(P3, DAY2, '09:00'),
      failed(P3, DAY2, '09:10'),
      failed(P4, DAY2, '09:00'),
    ]);
    const summary = await m.runRankRecompute(kst(DAY2, '10:02'));
    expect(summary).toMatchObject({ suspect: true, alerts: 0, checks: { found: 1, notFound: 0, failed: 3 } });
    const s1 = await slot('RC-S1');
    expect(s1).toMatchObject({ rank: 60, yesterday_rank: 42, first_rank: 30 });
    expect(s1.rank_alert_events).toHaveLength(1);
    expect(await titlesOf(advertiser.id)).toEqual(['순위 변동 알림']);
    expect(await day('RC-S1', DAY2)).toEqual({
      date: DAY2,
      rank: 60,
      min_rank: 60,
      avg_rank: 60,
      max_rank: 60,
      prev_rank: 42,
    });
    // Only failed checks today: the rank and the time it was measured stay yesterday's, so it ages.
    expect(await slot('RC-S3')).toMatchObject({
      rank: 12,
      yesterday_rank: 12,
      rank_measured_at: kst(DAY1, '09:00').toISOString(),
    });
    expect(await slot('RC-S4')).toMatchObject({ rank: 999, rank_measured_at: kst(DAY1, '09:00').toISOString() });
  });

  it('records an "out" alert when the rank falls out of the results', async () => {
    await post(kst(DAY2, '11:00'), [
      notFound(P1, DAY2, '10:30'),
      found(P3, DAY2, '10:00', 11),
      found(P3, DAY2, '10:20', 13),
      notFound(P4, DAY2, '10:00'),
    ]);
    const summary = await m.runRankRecompute(kst(DAY2, '11:02'));
    expect(summary).toMatchObject({ suspect: false, alerts: 1 });
    const s1 = await slot('RC-S1');
    expect(s1.rank).toBe(999);
    expect(s1.rank_alert_last).toEqual({ at: kst(DAY2, '11:02').toISOString(), from: 60, to: null, kind: 'out' });
    expect(s1.rank_alert_events.map((e: { kind: string }) => e.kind)).toEqual(['out', 'moved']);
    expect((await notificationsOf(advertiser.id)).map((n) => [n.title, n.message])[0]).toEqual([
      '순위 이탈 알림',
      "'등산화' 상품이 검색 결과에서 사라졌습니다. (이전 60위)",
    ]);
    await m.runRankRecompute(kst(DAY2, '11:05'));
    expect(await titlesOf(advertiser.id)).toEqual(['순위 이탈 알림', '순위 변동 알림']);
    expect(await day('RC-S1', DAY2)).toEqual({
      date: DAY2,
      rank: 999,
      min_rank: 60,
      avg_rank: 60,
      max_rank: 60,
      prev_rank: 42,
    });
    expect(await slot('RC-S3')).toMatchObject({ rank: 13 });
    expect(await day('RC-S3', DAY2)).toEqual({
      date: DAY2,
      rank: 13,
      min_rank: 11,
      avg_rank: 12,
      max_rank: 13,
      prev_rank: 12,
    });
  });

  it("an advertiser's cached slot list shows the new rank after a recompute (the list version moves with it)", async () => {
    const list = async () =>
      (await api.call('GET', '/api/slots', { token: advertiser.token })).body.data.items as Array<{
        id: string;
        rank: number | null;
        product_name: string | null;
      }>;
    expect((await list()).find((s) => s.id === 'RC-S5')?.rank).toBeNull();
    await list(); // a second read answers from the warm cache
    await post(kst(DAY2, '12:00'), [found(P5, DAY2, '11:50', 7, { productName: '티타늄 코펠' })]);
    await m.runRankRecompute(kst(DAY2, '12:02'));
    expect((await list()).find((s) => s.id === 'RC-S5')).toMatchObject({ rank: 7, product_name: '티타늄 코펠' });
  });

  it('a slot answer says when its rank was measured; a day with no healthy check keeps that time, null when never measured', async () => {
    const DAY3 = '2031-05-11';
    await m.runRankRecompute(kst(DAY3, '00:12'));
    await post(kst(DAY3, '09:10'), [failed(P3, DAY3, '09:00'), notFound(P4, DAY3, '09:05')]);
    await m.runRankRecompute(kst(DAY3, '09:12'));
    const answer = async (id: string) =>
      (await api.call('GET', `/api/slots/${id}`, { token: advertiser.token })).body.data as {
        rank: number | null;
        rank_measured_at: string | null;
      };
    // RC-S3's newest healthy check was yesterday at 10:20; today's failed check changes neither rank nor time.
    expect(await answer('RC-S3')).toMatchObject({ rank: 13, rank_measured_at: kst(DAY2, '10:20').toISOString() });
    // Not found is a healthy check: 999 measured this morning.
    expect(await answer('RC-S4')).toMatchObject({ rank: 999, rank_measured_at: kst(DAY3, '09:05').toISOString() });
    // A day later, still only failed checks (none yesterday either): the slot's own time stays, 2 days old.
    const DAY4 = '2031-05-12';
    await post(kst(DAY4, '08:00'), [failed(P3, DAY4, '07:50')]);
    await m.runRankRecompute(kst(DAY4, '08:02'));
    expect(await answer('RC-S3')).toMatchObject({ rank: 13, rank_measured_at: kst(DAY2, '10:20').toISOString() });
    // A slot its pair was never checked for: no time at all (the screens show '-', never '측정 지연').
    const paused = (await api.call('GET', '/api/slots', { token: advertiser.token })).body.data.items.find(
      (s: { id: string }) => s.id === 'RC-PAUSED',
    );
    expect(paused).toMatchObject({ rank: null, rank_measured_at: null });
  });
});
