import '../support/quiet';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationsOf } from '../support/notifications';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';
import { observation, seedSlots } from '../support/rank';
import type * as RunModule from '../../functions/domain/rank-measurement/recompute-run';
import type { recordObservations } from '../../functions/domain/rank-measurement/observations';
import type { rankSlotsStore } from '../../functions/storage/rank-slots';
import type { rankRecomputeRunsStore } from '../../functions/storage/rank-recompute-runs';
import type { rankObservationsStore } from '../../functions/storage/rank-observations';
import type { slotsStore } from '../../functions/storage/slots';
import type { slotRankDaysStore } from '../../functions/storage/slot-rank-days';
import type { slotCountersStore } from '../../functions/storage/slot-counters';

/**
 * The recompute job split into units of pair ranges, against the real DynamoDB Local
 * table. A unit run twice, or twice at once, stores what one run stores (and sends its alert once); a
 * unit that fails is run again alone, and the run (and the day's close) completes only when every unit is.
 */
let stack: LocalStack;
let a: { id: string };
let b: { id: string };
let m: {
  run: typeof RunModule;
  recordObservations: typeof recordObservations;
  rankSlotsStore: typeof rankSlotsStore;
  runs: typeof rankRecomputeRunsStore;
  observations: typeof rankObservationsStore;
  slotsStore: typeof slotsStore;
  slotRankDaysStore: typeof slotRankDaysStore;
  slotCounters: typeof slotCountersStore;
};

const DAY1 = '2031-06-09';
const DAY2 = '2031-06-10';
const kst = (day: string, time: string) => new Date(`${day}T${time}:00+09:00`);
const PAIRS = Array.from({ length: 8 }, (_, p) => ({ keyword: `분할 키워드 ${p}`, productId: String(7100 + p) }));
const SLOT_IDS = [...PAIRS.map((_, p) => `RU-A${p}`), ...PAIRS.slice(0, 4).map((_, p) => `RU-B${p}`)];
const UNIT_SLOTS = 3;
const worker = { keyId: 'units-worker', name: '분할' };

async function post(now: Date, checks: Array<{ p: number; time: string; rank: number }>, day: string) {
  const result = await m.recordObservations(
    worker,
    checks.map((c) => observation(PAIRS[c.p], { observedAt: kst(day, c.time).toISOString(), rank: c.rank })),
    now,
  );
  expect(result.rejections).toEqual([]);
}

/** What a person sees of every slot: its rank fields, alert history and rank days of both days. */
async function stored() {
  return Promise.all(
    SLOT_IDS.map(async (id) => {
      const s = (await m.slotsStore.get(id)) as any;
      return {
        id,
        rank: s.rank,
        first_rank: s.first_rank,
        yesterday_rank: s.yesterday_rank,
        rank_sig: s.rank_sig,
        version: s.version,
        alerts: s.rank_alert_events ?? [],
        days: await m.slotRankDaysStore.between(id, DAY1, DAY2),
      };
    }),
  );
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  a = await newAccount(stack);
  b = await newAccount(stack);
  m = {
    run: await import('../../functions/domain/rank-measurement/recompute-run'),
    recordObservations: (await import('../../functions/domain/rank-measurement/observations')).recordObservations,
    rankSlotsStore: (await import('../../functions/storage/rank-slots')).rankSlotsStore,
    runs: (await import('../../functions/storage/rank-recompute-runs')).rankRecomputeRunsStore,
    observations: (await import('../../functions/storage/rank-observations')).rankObservationsStore,
    slotsStore: (await import('../../functions/storage/slots')).slotsStore,
    slotRankDaysStore: (await import('../../functions/storage/slot-rank-days')).slotRankDaysStore,
    slotCounters: (await import('../../functions/storage/slot-counters')).slotCountersStore,
  };
  await seedSlots(
    a.id,
    PAIRS.map((p, i) => ({ id: `RU-A${i}`, ...p, ...(i === 0 ? { rankAlert: { moveBy: 5, whenOut: true } } : {}) })),
  );
  await seedSlots(
    b.id,
    PAIRS.slice(0, 4).map((p, i) => ({ id: `RU-B${i}`, ...p })),
  );
});
afterAll(() => stack?.stop());
afterEach(() => vi.restoreAllMocks());

describe('rank recompute in units', () => {
  it('cuts the pairs into units of at most the unit size; together they hold every tracked slot once', async () => {
    await post(
      kst(DAY1, '10:00'),
      PAIRS.map((_, p) => ({ p, time: '09:00', rank: 10 + p })),
      DAY1,
    );
    const { run, units } = await m.run.planRankRecompute(kst(DAY1, '10:02'), {
      runId: 'RU-PLAN',
      unitSlots: UNIT_SLOTS,
    });
    expect(units.length).toBeGreaterThanOrEqual(4);
    expect(units.length).toBe(run.starts.length);
    expect(units.every((u) => u.slotIds.length <= UNIT_SLOTS && u.units === units.length)).toBe(true);
    const all = units.flatMap((u) => u.slotIds);
    expect([...all].sort()).toEqual([...SLOT_IDS].sort());
    // A pair's slots stay together: B's slot of pair p is in the unit holding A's slot of pair p.
    for (let p = 0; p < 4; p++) {
      const unit = units.find((u) => u.slotIds.includes(`RU-A${p}`))!;
      expect(unit.slotIds).toContain(`RU-B${p}`);
    }
  });

  it('a unit run twice, or twice at once, stores what one run stores, and sends its alert once', async () => {
    const { units } = await m.run.planRankRecompute(kst(DAY1, '10:02'), { runId: 'RU-DAY1', unitSlots: UNIT_SLOTS });
    const twiceAtOnce = await Promise.all(units.flatMap((u) => [m.run.runRecomputeUnit(u), m.run.runRecomputeUnit(u)]));
    expect(twiceAtOnce.filter((o) => o.status === 'done' && o.runComplete)).toHaveLength(1);
    // Delivered again after they finished: nothing to do.
    for (const u of units) expect(await m.run.runRecomputeUnit(u)).toEqual({ status: 'already-done' });
    const after = await stored();
    for (const s of after) {
      const p = Number(s.id.slice(4));
      expect(s).toMatchObject({ rank: 10 + p, first_rank: 10 + p });
      expect(s.days).toEqual([
        { date: DAY1, rank: 10 + p, min_rank: 10 + p, avg_rank: 10 + p, max_rank: 10 + p, prev_rank: null },
      ]);
    }
    const run = (await m.runs.get('RU-DAY1'))!;
    expect(run.done).toEqual(units.map((u) => u.index));
    expect(run.completedAt).not.toBeNull();
    expect(Object.values(run.results).reduce((n, r) => n + r.slots, 0)).toBe(SLOT_IDS.length);

    // A whole new run over the same checks finds every slot already holding exactly its result.
    const again = await m.run.runRankRecompute(kst(DAY1, '10:05'), { unitSlots: UNIT_SLOTS });
    expect(again).toMatchObject({ slots: SLOT_IDS.length, slotsWritten: 0, failed: 0, unitsDone: units.length });
    expect(await stored()).toEqual(after);

    // The alert slot moves by 20 places; its unit runs twice at once: one alert recorded, one notice sent.
    await post(kst(DAY1, '11:00'), [{ p: 0, time: '10:50', rank: 30 }], DAY1);
    const noticesBefore = (await notificationsOf(a.id)).length;
    const second = await m.run.planRankRecompute(kst(DAY1, '11:02'), { runId: 'RU-ALERT', unitSlots: UNIT_SLOTS });
    const unit = second.units.find((u) => u.slotIds.includes('RU-A0'))!;
    await Promise.all([m.run.runRecomputeUnit(unit), m.run.runRecomputeUnit(unit)]);
    const alerted = (await m.slotsStore.get('RU-A0')) as any;
    expect(alerted.rank).toBe(30);
    expect(alerted.rank_alert_events).toEqual([expect.objectContaining({ from: 10, to: 30, kind: 'moved' })]);
    expect((await notificationsOf(a.id)).length).toBe(noticesBefore + 1);
    expect(((await m.slotsStore.get('RU-B0')) as any).rank).toBe(30);
  });

  it('a failed unit is run again alone; the run, and the close of the day before, complete only when it is done', async () => {
    await post(
      kst(DAY2, '00:01'),
      PAIRS.map((_, p) => ({ p, time: '23:50', rank: 40 + p })),
      DAY1,
    );
    await post(
      kst(DAY2, '09:00'),
      PAIRS.map((_, p) => ({ p, time: '08:00', rank: 50 + p })),
      DAY2,
    );
    const closedBefore = (await m.observations.jobState()).closedDay;
    expect(closedBefore! < DAY1).toBe(true);
    const now = kst(DAY2, '09:02');
    const { units } = await m.run.planRankRecompute(now, { runId: 'RU-DAY2', unitSlots: UNIT_SLOTS });
    const broken = units[1];
    // A fault DynamoDB Local cannot be made to produce on demand (a throttled read), on one unit only.
    const read = m.rankSlotsStore.byIds.bind(m.rankSlotsStore);
    const reads = vi.spyOn(m.rankSlotsStore, 'byIds').mockImplementation(async (ids) => {
      if (ids.includes(broken.slotIds[0]))
        throw Object.assign(new Error('Rate of requests exceeds the allowed throughput'), {
          name: 'ThrottlingException',
        });
      return read(ids);
    });
    const outcomes = await Promise.allSettled(units.map((u) => m.run.runRecomputeUnit(u)));
    expect(outcomes.map((o) => o.status)).toEqual(units.map((u) => (u === broken ? 'rejected' : 'fulfilled')));
    let run = (await m.runs.get('RU-DAY2'))!;
    expect(run.done).toEqual(units.filter((u) => u !== broken).map((u) => u.index));
    expect(run.failures[String(broken.index)].error).toContain('allowed throughput');
    expect(run.completedAt).toBeNull();
    expect((await m.observations.jobState()).closedDay).toBe(closedBefore);
    const finishedAt = Object.fromEntries(Object.entries(run.results).map(([i, r]) => [i, r.finishedAt]));

    // The retry: the same run planned again hands out only the failed unit.
    reads.mockRestore();
    const retry = await m.run.planRankRecompute(now, { runId: 'RU-DAY2', unitSlots: UNIT_SLOTS });
    expect(retry.units.map((u) => u.index)).toEqual([broken.index]);
    expect(await m.run.runRecomputeUnit(retry.units[0])).toMatchObject({ status: 'done', runComplete: true });
    run = (await m.runs.get('RU-DAY2'))!;
    expect(run.done).toEqual(units.map((u) => u.index));
    expect(run.completedAt).not.toBeNull();
    for (const [i, at] of Object.entries(finishedAt)) expect(run.results[i].finishedAt).toBe(at);
    expect((await m.observations.jobState()).closedDay).toBe(DAY1);
    for (const s of await stored()) {
      const p = Number(s.id.slice(4));
      expect(s).toMatchObject({ rank: 50 + p, yesterday_rank: 40 + p });
      expect(s.days.map((d) => d.rank)).toEqual([40 + p, 50 + p]);
    }
  });

  it('the in-process runner runs the units in parallel and retries a failed one without rerunning the rest', async () => {
    await post(
      kst(DAY2, '10:00'),
      PAIRS.map((_, p) => ({ p, time: '09:30', rank: 60 + p })),
      DAY2,
    );
    const read = m.rankSlotsStore.byIds.bind(m.rankSlotsStore);
    let faults = 1;
    const reads = vi.spyOn(m.rankSlotsStore, 'byIds').mockImplementation(async (ids) => {
      if (ids.includes('RU-A3') && faults-- > 0) throw new Error('socket hang up');
      return read(ids);
    });
    const summary = await m.run.runRankRecompute(kst(DAY2, '10:02'), { unitSlots: UNIT_SLOTS, concurrency: 4 });
    expect(summary).toMatchObject({ slots: SLOT_IDS.length, slotsWritten: SLOT_IDS.length, failed: 0 });
    expect(summary.unitsDone).toBe(summary.units);
    expect(reads).toHaveBeenCalledTimes(summary.units + 1);
    for (const s of await stored()) expect(s.rank).toBe(60 + Number(s.id.slice(4)));
  });

  it("a unit that stopped after writing its slots, before bumping the owners' list versions, bumps them when run again", async () => {
    await post(
      kst(DAY2, '11:00'),
      PAIRS.map((_, p) => ({ p, time: '10:30', rank: 80 + p })),
      DAY2,
    );
    const versions = async () =>
      Promise.all([a.id, b.id].map(async (id) => (await m.slotCounters.ofUser(id)).listVersion));
    const before = await versions();
    const now = kst(DAY2, '11:02');
    const { units } = await m.run.planRankRecompute(now, { runId: 'RU-BUMP', unitSlots: UNIT_SLOTS });
    // The function ending between the slot writes and the counter writes (its timeout, a crash).
    const touches = vi.spyOn(m.slotCounters, 'touchList').mockRejectedValue(new Error('Task timed out'));
    const outcomes = await Promise.allSettled(units.map((u) => m.run.runRecomputeUnit(u)));
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    for (const s of await stored()) expect(s.rank).toBe(80 + Number(s.id.slice(4)));
    expect(await versions()).toEqual(before);

    touches.mockRestore();
    const retry = await m.run.planRankRecompute(now, { runId: 'RU-BUMP', unitSlots: UNIT_SLOTS });
    const results = await Promise.all(retry.units.map((u) => m.run.runRecomputeUnit(u)));
    // Nothing left to write, yet every owner whose slots the first attempt changed is bumped.
    expect(results.map((r) => r.status === 'done' && r.result.slotsWritten)).toEqual(retry.units.map(() => 0));
    const after = await versions();
    expect(after[0]).toBeGreaterThan(before[0]);
    expect(after[1]).toBeGreaterThan(before[1]);
  });

  it("local mode: the scheduled job plans the run and the rank-recompute queue's consumer runs its units", async () => {
    const now = new Date();
    const result = await m.recordObservations(
      worker,
      PAIRS.map((pair, p) =>
        observation(pair, { observedAt: new Date(now.getTime() - 60_000).toISOString(), rank: 70 + p }),
      ),
      now,
    );
    expect(result.rejections).toEqual([]);
    const queue = stack.workQueues.get('rank-recompute')!;
    const invocations = queue.invocations;
    const res = await fetch(`${stack.url}/_local/jobs/rank-recompute`, { method: 'POST' });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { runId: string; units: number; enqueued: number } };
    expect(data).toMatchObject({ units: 1, enqueued: 1 });
    expect(queue.invocations).toBe(invocations + 1);
    expect(queue.deadLetters).toEqual([]);
    expect((await m.runs.get(data.runId))!.completedAt).not.toBeNull();
    for (const s of await stored()) expect(s.rank).toBe(70 + Number(s.id.slice(4)));
  });
});
