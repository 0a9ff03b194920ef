import '../support/quiet';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';
import { observation, seedSlots, type SeedSlot } from '../support/rank';
import { slotStatuses } from '../../shared/slot-status';
import type * as RunModule from '../../functions/domain/rank-measurement/recompute-run';
import type * as PairsModule from '../../functions/domain/rank-measurement/pairs';
import type { recordObservations } from '../../functions/domain/rank-measurement/observations';
import type * as RankSlotsModule from '../../functions/storage/rank-slots';
import type { slotsStore } from '../../functions/storage/slots';

/**
 * The recompute planner reads the tracked slots as segments of registration time
 * side by side, with only the attributes a plan needs. On a table with slots of every stored status
 * (tracked today or not), rows of committed and uncommitted bulks and registration times spread over
 * two years, its plan is the plan of a whole read of every slot: the same units with the same slots.
 */
let stack: LocalStack;
let m: {
  run: typeof RunModule;
  pairs: typeof PairsModule;
  rankSlots: typeof RankSlotsModule;
  recordObservations: typeof recordObservations;
  slotsStore: typeof slotsStore;
};

const DAY = '2031-07-14';
const NEXT_DAY = '2031-07-15';
const kst = (day: string, time: string) => new Date(`${day}T${time}:00+09:00`);
const NOW = kst(DAY, '10:02');
const UNIT_SLOTS = 3;
const PAIRS = Array.from({ length: 14 }, (_, p) => ({ keyword: `계획 키워드 ${p}`, productId: String(9100 + p) }));
/** Registration times nine days apart from 2029 on, so evenly spaced cuts fall between slots. */
const registeredAt = (n: number) => new Date(Date.UTC(2029, 0, 1) + n * 9 * 86_400_000 + (n % 5) * 1_000).toISOString();

const slot = (id: string, p: number, n: number, extra: Partial<SeedSlot> = {}): SeedSlot => ({
  id,
  ...PAIRS[p],
  createdAt: registeredAt(n),
  ...extra,
});
// Tracked today: active slots of two owners (pairs shared across owners), waiting slots starting today,
// and the committed attempt's rows of a bulk.
const ACTIVE_A = Array.from({ length: 24 }, (_, i) => slot(`PL-A${i}`, i % 10, i * 3));
const ACTIVE_B = Array.from({ length: 6 }, (_, i) => slot(`PL-B${i}`, i, i * 3 + 1));
const WAITING_TODAY = [10, 11, 0].map((p, i) => slot(`PL-WT${i}`, p, 75 + i, { status: 'waiting', startDate: DAY }));
const BULK_COMMITTED = [0, 1].map((index) =>
  slot(`PL-BK1a2${index}`, 13, 80 + index, { bulk: { bulkId: 'PL-BK1', attempt: 'a2', index } }),
);
// Not tracked today: waiting slots starting tomorrow, every other stored status, the uncommitted attempt of
// the same bulk, and a bulk whose record was never written.
const WAITING_LATER = [12, 1].map((p, i) =>
  slot(`PL-WL${i}`, p, 2 + i * 40, { status: 'waiting', startDate: NEXT_DAY }),
);
const OTHER_STATUSES = slotStatuses
  .filter((s) => s !== 'active' && s !== 'waiting')
  .flatMap((status, k) => [
    slot(`PL-${status}-0`, 12, 5 + k * 7, { status }),
    slot(`PL-${status}-1`, k % 10, 6 + k * 7, { status }),
  ]);
const BULK_UNCOMMITTED = [
  slot('PL-BK1a10', 13, 79, { bulk: { bulkId: 'PL-BK1', attempt: 'a1', index: 0 } }),
  slot('PL-BK2x0', 2, 4, { bulk: { bulkId: 'PL-BK2', attempt: 'x', index: 0 } }),
];
const TRACKED = [...ACTIVE_A, ...ACTIVE_B, ...WAITING_TODAY, ...BULK_COMMITTED].map((s) => s.id).sort();
const NOT_TRACKED = [...WAITING_LATER, ...OTHER_STATUSES, ...BULK_UNCOMMITTED].map((s) => s.id);
const PAIR_OF = new Map(
  [...ACTIVE_A, ...ACTIVE_B, ...WAITING_TODAY, ...BULK_COMMITTED].map((s) => [
    s.id,
    PAIRS.findIndex((p) => p.productId === s.productId),
  ]),
);

/** The plan a whole read makes: every slot of every stored status, whole rank rows, one query each. */
async function wholeReadPlan() {
  const rows = (await Promise.all(slotStatuses.map((s) => m.rankSlots.rankSlotsStore.byStatus(s)))).flat();
  const tracked = await m.pairs.stillTracked(rows, DAY);
  const groups = m.pairs.groupByPair(tracked);
  const pairs = [...groups].map(([id, g]) => ({ id, slots: g.slots.length })).sort((a, b) => (a.id < b.id ? -1 : 1));
  const starts = m.run.cutUnits(pairs, UNIT_SLOTS);
  const slotIds: string[][] = starts.map(() => []);
  for (const [id, g] of groups) slotIds[m.run.unitOf(id, starts)].push(...g.slots.map((s) => s.id));
  return { rows, tracked, starts, slotIds: slotIds.map((ids) => ids.sort()) };
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  m = {
    run: await import('../../functions/domain/rank-measurement/recompute-run'),
    pairs: await import('../../functions/domain/rank-measurement/pairs'),
    rankSlots: await import('../../functions/storage/rank-slots'),
    recordObservations: (await import('../../functions/domain/rank-measurement/observations')).recordObservations,
    slotsStore: (await import('../../functions/storage/slots')).slotsStore,
  };
  const [a, b] = [await newAccount(stack), await newAccount(stack)];
  await seedSlots(a.id, [...ACTIVE_A, ...WAITING_TODAY, ...WAITING_LATER, ...OTHER_STATUSES]);
  await seedSlots(b.id, [...ACTIVE_B, ...BULK_COMMITTED, ...BULK_UNCOMMITTED]);
  // The bulk's record names attempt a2: its rows exist, attempt a1's do not (PL-BK2 has no record at all).
  const { slotBulksStore } = await import('../../functions/storage/slot-bulks');
  const { transact } = await import('../../functions/storage/transactions');
  await transact([
    slotBulksStore.put({
      bulkId: 'PL-BK1',
      userId: b.id,
      attempt: 'a2',
      count: 2,
      seqStart: 1,
      rowsHash: 'x',
      result: {},
      createdAt: registeredAt(80),
    }),
  ]);
});
afterAll(() => stack?.stop());
afterEach(() => vi.restoreAllMocks());

describe('the rank recompute planner read in segments', () => {
  it('plans the same units with the same slots as a whole read of every slot', async () => {
    const whole = await wholeReadPlan();
    expect(whole.tracked.map((s) => s.id).sort()).toEqual(TRACKED);
    expect(whole.starts.length).toBeGreaterThanOrEqual(5);

    const reads = vi.spyOn(m.rankSlots.rankSlotsStore, 'planRows');
    // Two slots a segment: the 34 active slots (bulk rows included) are read as 17 segments, the 5 waiting as 3.
    const segmented = await m.run.planRankRecompute(NOW, { runId: 'PL-SEG', unitSlots: UNIT_SLOTS, segmentSlots: 2 });
    const ranges = (status: string) => reads.mock.calls.filter(([s]) => s === status).map(([, range]) => range);
    expect(ranges('active')).toHaveLength(17);
    expect(ranges('waiting')).toHaveLength(3);
    const rowsPerSegment = await Promise.all(reads.mock.results.map((r) => r.value as Promise<unknown[]>));
    expect(rowsPerSegment.filter((rows) => rows.length > 0).length).toBeGreaterThanOrEqual(8);
    expect(rowsPerSegment.reduce((n, rows) => n + rows.length, 0)).toBe(34 + 5);

    reads.mockClear();
    const oneQuery = await m.run.planRankRecompute(NOW, { runId: 'PL-ONE', unitSlots: UNIT_SLOTS });
    expect(reads.mock.calls.map(([s, range]) => [s, range])).toEqual([
      ['active', {}],
      ['waiting', {}],
    ]);

    for (const { run, units } of [segmented, oneQuery]) {
      expect(run.starts).toEqual(whole.starts);
      expect(units.map((u) => u.index)).toEqual(whole.starts.map((_, i) => i));
      expect(units.map((u) => [...u.slotIds].sort())).toEqual(whole.slotIds);
    }
  });

  it('reads only the attributes a plan needs, exactly as stored, and the units rank every tracked slot from it', async () => {
    const whole = new Map((await wholeReadPlan()).rows.map((r) => [r.id, r as unknown as Record<string, unknown>]));
    const planned = await m.pairs.trackedSlots(DAY, { segmentSlots: 2 });
    expect(planned.map((r) => r.id).sort()).toEqual(TRACKED);
    for (const row of planned) {
      const stored = whole.get(row.id)!;
      const expected = Object.fromEntries(
        m.rankSlots.rankPlanAttributes.filter((a) => stored[a] !== undefined).map((a) => [a, stored[a]]),
      );
      // Nothing beyond the plan's attributes (no rank, alert or metrics attributes) comes back.
      expect(row).toEqual(expected);
      expect(m.pairs.pairOfSlot(row)).toEqual(m.pairs.pairOfSlot(stored as never));
    }

    // A check of every tracked pair (pair 12 has only untracked slots: the work list never hands it out);
    // each unit of the segmented plan, run on its own, ranks its slots.
    const result = await m.recordObservations(
      { keyId: 'plan-worker', name: '계획' },
      [...new Set(PAIR_OF.values())].map((p) =>
        observation(PAIRS[p], { observedAt: kst(DAY, '09:30').toISOString(), rank: 20 + p }),
      ),
      NOW,
    );
    expect(result.rejections).toEqual([]);
    const { units } = await m.run.planRankRecompute(NOW, { runId: 'PL-RUN', unitSlots: UNIT_SLOTS, segmentSlots: 2 });
    const outcomes = await Promise.all(units.map((u) => m.run.runRecomputeUnit(u)));
    expect(outcomes.filter((o) => o.status === 'done' && o.runComplete)).toHaveLength(1);
    for (const id of TRACKED) expect(((await m.slotsStore.get(id)) as any).rank).toBe(20 + PAIR_OF.get(id)!);
    for (const id of NOT_TRACKED) expect(((await m.slotsStore.get(id)) as any).rank).toBeNull();
  });
});
