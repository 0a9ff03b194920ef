import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { capacityMeter, type Capacity } from './capacity-meter';
import { startBenchStack } from './local-stack';
import { machineFacts, round } from './stats';
import { benchAdvertiser } from './bench-advertiser';
import type { ObservationRecord } from '../functions/storage/rank-observations';

/**
 * Rank recompute benchmark (`npm run bench rank-recompute`): the hourly rank job over a day of
 * checks, run as units of pairs (recompute-run.ts). Each size gets its own DynamoDB Local: N active
 * slots of N/20 advertisers sharing N/4 distinct (keyword, product) pairs (four slots per pair, across
 * owners), with two checks per pair yesterday and four today (about 5 % not found, 3 % failed),
 * written straight through the storage modules in batches. Measured per size:
 *  - the first run after midnight, which closes yesterday (every slot's rank day of yesterday becomes
 *    final) and computes today;
 *  - hourly runs after one more check per pair came in (every slot changes), once per number of
 *    units run at once (`RANK_BENCH_PARALLEL`, default 1,2,4,8 on the largest size and 4 on the
 *    others): the wall time, the slowest unit (what must stay inside a function's 15 minutes) and
 *    the DynamoDB read and write capacity units consumed (every DocumentClient call asks for
 *    ReturnConsumedCapacity), each also per 1,000 slots;
 *  - a run with nothing new (idempotent: reads everything, writes nothing).
 * Targets (docs/performance.md): time per 1,000 slots at the largest size within 1.5× of the smallest (linear
 * capacity), and the slowest unit under 60 s locally (a quarter of the consumer's 180 s timeout, a
 * fifteenth of Lambda's ceiling) at every size. `RANK_BENCH_SIZES=25000` runs one size only.
 */
const SIZES = (process.env.RANK_BENCH_SIZES ?? '25000,50000,100000').split(',').map(Number);
const PARALLEL = (process.env.RANK_BENCH_PARALLEL ?? '1,2,4,8').split(',').map(Number);
const PARALLEL_OTHER_SIZES = 4;
const UNIT_SLOTS = Number(process.env.RANK_BENCH_UNIT_SLOTS ?? 2_000);
const SLOTS_PER_OWNER = 20;
const SLOTS_PER_PAIR = 4;
const CHECKS_TODAY = 4;
const CHECKS_YESTERDAY = 2;
const SEED_IN_FLIGHT = Number(process.env.RANK_BENCH_SEED_IN_FLIGHT ?? 8);
const TARGET_UNIT_MS = 60_000;
/** "Linear, not worse": ms per 1,000 slots at the largest size within 1.5× of the figure at the smallest. */
const LINEAR_TOLERANCE = 1.5;

/** N active slots of N/20 advertisers over N/4 pairs (the data shape above), written straight through storage. */
export async function seedSlots(slotCount: number, now: Date, log: (msg: string) => void) {
  const { usersStore } = await import('../functions/storage/users');
  const { slotsStore } = await import('../functions/storage/slots');
  const { inParallel } = await import('../functions/commons/batching');
  const { newSlotRecord } = await import('../functions/domain/slots/slot-record');
  const { slotCountersStore } = await import('../functions/storage/slot-counters');
  const { transact } = await import('../functions/storage/transactions');
  const { kstToday, addKstDays } = await import('../shared/kst');
  const today = kstToday(now);
  const owners = slotCount / SLOTS_PER_OWNER;
  const pairs = slotCount / SLOTS_PER_PAIR;
  log(`[${slotCount}] seeding ${slotCount} active slots of ${owners} advertisers over ${pairs} pairs …`);
  const started = performance.now();
  const base = now.getTime() - 60_000;
  await inParallel(
    Array.from({ length: owners }, (_, u) => u),
    SEED_IN_FLIGHT,
    async (u) => {
      const createdAt = new Date(base - u).toISOString();
      const owner = benchAdvertiser(`RCUSER${String(u).padStart(5, '0')}`, `rcuser${u}`, `광고주${u}`, createdAt);
      await usersStore.create(owner);
      const slots = Array.from({ length: SLOTS_PER_OWNER }, (_, s) => {
        const i = u * SLOTS_PER_OWNER + s;
        // Slot i tracks pair i mod pairs: the four slots of a pair belong to four different owners.
        const p = i % pairs;
        const keyword = `순위 벤치 키워드 ${p}`;
        const url = `https://www.coupang.com/vp/products/${100000 + p}?itemId=${200000 + p}&vendorItemId=${300000 + p}`;
        return newSlotRecord({
          id: `RCSLOT${String(i).padStart(6, '0')}`,
          owner,
          status: 'active',
          slotNumber: s + 1,
          fields: {
            customFields: { keywords: keyword, landingUrl: url, mid: `MID${i}` },
            keyword,
            url,
            mid: `MID${i}`,
            productId: String(100000 + p),
            itemId: String(200000 + p),
            vendorItemId: String(300000 + p),
          },
          price: 50_000,
          startDate: addKstDays(today, -10),
          endDate: addKstDays(today, 20),
          now: new Date(base - i * 1_000 - owners).toISOString(),
        });
      });
      await slotsStore.putBulkSlots(slots);
    },
  );
  // The global counts by status, as registration keeps them (the planner sizes its read by them).
  await transact([slotCountersStore.globalUpdate({ active: slotCount })]);
  return { owners, pairs, ms: performance.now() - started };
}

async function runSize(slotCount: number, parallel: number[], log: (msg: string) => void) {
  const stack = await startBenchStack();
  try {
    const { rankObservationsStore } = await import('../functions/storage/rank-observations');
    const { inParallel, chunk } = await import('../functions/commons/batching');
    const { pairIdOf } = await import('../functions/domain/rank-measurement/pairs');
    const { runRankRecompute } = await import('../functions/domain/rank-measurement/recompute-run');
    const { kstToday, addKstDays } = await import('../shared/kst');
    const meter = await capacityMeter();
    const now = new Date();
    const today = kstToday(now);
    const yesterday = addKstDays(today, -1);
    const seedStarted = performance.now();
    const { owners, pairs, ms: slotsMs } = await seedSlots(slotCount, now, log);

    // A day of checks per pair: two yesterday, four today so far, then one more before each hourly run.
    const dayStart = (day: string) => new Date(`${day}T00:00:00+09:00`).getTime();
    const spanToday = Math.max(60_000, now.getTime() - dayStart(today) - 60_000);
    const checksOf = (p: number, slots: Array<{ day: string; at: number; k: number }>): ObservationRecord[] => {
      const pair = {
        keyword: `순위 벤치 키워드 ${p}`,
        productId: String(100000 + p),
        itemId: String(200000 + p),
        vendorItemId: String(300000 + p),
      };
      const pairId = pairIdOf(pair);
      return slots.map(({ day, at, k }) => {
        const roll = (p * 31 + k * 17) % 100;
        const status: ObservationRecord['status'] = roll < 3 ? 'failed' : roll < 8 ? 'not_found' : 'found';
        return {
          pairId,
          day,
          ...pair,
          status,
          rank: status === 'found' ? 1 + ((p * 7 + k * 13) % 300) : null,
          depthScanned: 300,
          observedAt: new Date(at).toISOString(),
          receivedAt: new Date(at + 5_000).toISOString(),
          workerKeyId: 'bench',
          ...(status === 'found' && k === CHECKS_YESTERDAY + 1
            ? { productName: `벤치 상품 ${p}`, imageUrl: `https://thumbnail1.coupangcdn.com/bench/${p}.jpg` }
            : {}),
        };
      });
    };
    const putChecks = async (records: ObservationRecord[]) => {
      // The store batches 25 a request; several chunks at once keep DynamoDB Local busy.
      await inParallel(chunk(records, 500), SEED_IN_FLIGHT / 2, async (part) => {
        const refused = await rankObservationsStore.put(part);
        if (refused.length) throw new Error(`${refused.length} checks refused`);
      });
    };
    const observations: ObservationRecord[] = [];
    for (let p = 0; p < pairs; p++) {
      observations.push(
        ...checksOf(p, [
          ...Array.from({ length: CHECKS_YESTERDAY }, (_, k) => ({
            day: yesterday,
            at: dayStart(yesterday) + (k + 1) * 6 * 3600_000,
            k,
          })),
          ...Array.from({ length: CHECKS_TODAY }, (_, k) => ({
            day: today,
            at: dayStart(today) + Math.floor(((k + 1) * spanToday) / (CHECKS_TODAY + 2)),
            k: CHECKS_YESTERDAY + k,
          })),
        ]),
      );
    }
    await putChecks(observations);
    const seedMs = performance.now() - seedStarted;
    log(
      `[${slotCount}] seeded in ${round(seedMs)} ms (slots ${round(slotsMs)} ms, ${observations.length} checks ${round(seedMs - slotsMs)} ms)`,
    );

    const measure = async (label: string, at: Date, concurrency: number) => {
      const before = meter.snapshot();
      const started = performance.now();
      const summary = await runRankRecompute(at, { unitSlots: UNIT_SLOTS, concurrency });
      const ms = performance.now() - started;
      const capacity = meter.since(before);
      if (summary.slots !== slotCount || summary.failed || summary.unitsDone !== summary.units)
        throw new Error(`[${slotCount}] ${label}: ${JSON.stringify(summary)}`);
      log(
        `[${slotCount}] ${label}: ${round(ms)} ms (planning ${summary.planMs} ms), ${summary.units} units ${concurrency} at once, slowest unit ${summary.unitMsMax} ms, ${capacity.read} RCU, ${capacity.write} WCU (${round(capacity.write / summary.units)} per unit), ${summary.slotsWritten} slots written`,
      );
      return {
        concurrency,
        ms: round(ms),
        msPer1000Slots: round((ms / slotCount) * 1000),
        // The planner's one read of every tracked slot, before the units; the rest is the units at once.
        planMs: summary.planMs,
        units: summary.units,
        unitSlots: UNIT_SLOTS,
        slowestUnitMs: summary.unitMsMax,
        capacity: {
          ...capacity,
          readPer1000Slots: round((capacity.read / slotCount) * 1000),
          writePer1000Slots: round((capacity.write / slotCount) * 1000),
          // What one unit costs: the figure that must not grow with the total.
          readPerUnit: round(capacity.read / summary.units),
          writePerUnit: round(capacity.write / summary.units),
        },
        summary: {
          slots: summary.slots,
          pairs: summary.pairs,
          checks: summary.checks,
          suspect: summary.suspect,
          slotsWritten: summary.slotsWritten,
          rankDaysWritten: summary.rankDaysWritten,
          closedDay: summary.closedDay,
        },
      };
    };
    const midnightClose = await measure('first run today (closes yesterday)', now, PARALLEL_OTHER_SIZES);
    const hourly = [];
    for (const [n, concurrency] of parallel.entries()) {
      // One more check per pair since the last run: every slot's rank and rank day change.
      const at = dayStart(today) + Math.floor(((CHECKS_TODAY + 1) * spanToday) / (CHECKS_TODAY + 2)) + n * 1000;
      await putChecks(Array.from({ length: pairs }, (_, p) => checksOf(p, [{ day: today, at, k: 100 + n }])).flat());
      const run = await measure(`hourly run with a new check per pair`, now, concurrency);
      if (run.summary.slotsWritten === 0) throw new Error(`[${slotCount}] the hourly run wrote nothing`);
      hourly.push(run);
    }
    const nothingNew = await measure('run with nothing new', now, PARALLEL_OTHER_SIZES);
    if (nothingNew.summary.slotsWritten !== 0)
      throw new Error(`[${slotCount}] the run with nothing new wrote ${nothingNew.summary.slotsWritten} slots`);
    return {
      slots: slotCount,
      owners,
      pairs,
      checks: observations.length + pairs * parallel.length,
      seedMs: round(seedMs),
      midnightClose,
      hourly,
      nothingNew,
    };
  } finally {
    await stack.stop();
  }
}

const PLAN_REPEATS = Number(process.env.RANK_BENCH_PLAN_REPEATS ?? 3);

/**
 * The planner alone (`npm run bench rank-recompute-plan`, sizes from RANK_BENCH_SIZES): seeds the
 * slots only (no checks: planning reads none), then times, PLAN_REPEATS times on the same table,
 * `planRankRecompute` at each segment size of RANK_BENCH_SEGMENT_SLOTS (default the planner's own,
 * SEGMENT_SLOTS) and the read every planner made before it was split (the whole rank rows of both
 * statuses, one serial query each); every plan must equal the whole read's.
 */
async function planSize(slotCount: number, log: (msg: string) => void) {
  const stack = await startBenchStack();
  try {
    const { rankSlotsStore } = await import('../functions/storage/rank-slots');
    const { groupByPair, stillTracked, SEGMENT_SLOTS } = await import('../functions/domain/rank-measurement/pairs');
    const { cutUnits, planRankRecompute } = await import('../functions/domain/rank-measurement/recompute-run');
    const { kstToday } = await import('../shared/kst');
    const segmentSizes = (process.env.RANK_BENCH_SEGMENT_SLOTS ?? String(SEGMENT_SLOTS)).split(',').map(Number);
    const meter = await capacityMeter();
    const now = new Date();
    const seed = await seedSlots(slotCount, now, log);
    const timed = async <T>(work: () => Promise<T>) => {
      const before = meter.snapshot();
      const started = performance.now();
      const value = await work();
      return { value, ms: round(performance.now() - started), capacity: meter.since(before) };
    };
    const wholeRead = [];
    const planner = new Map(segmentSizes.map((n) => [n, [] as Array<{ ms: number; units: number } & Capacity>]));
    for (let r = 0; r < PLAN_REPEATS; r++) {
      // The planner first (it pays for a cold store, if anyone does), then the serial read it replaced.
      const plans = [];
      for (const segmentSlots of segmentSizes) {
        const plan = await timed(() => planRankRecompute(now, { unitSlots: UNIT_SLOTS, segmentSlots }));
        log(
          `[${slotCount}] planner, segments of ${segmentSlots} slots: ${plan.ms} ms (${plan.capacity.calls} calls, ${plan.capacity.read} RCU)`,
        );
        planner.get(segmentSlots)!.push({ ms: plan.ms, units: plan.value.run.starts.length, ...plan.capacity });
        plans.push(plan.value);
      }
      const whole = await timed(async () => {
        const rows = [...(await rankSlotsStore.byStatus('active')), ...(await rankSlotsStore.byStatus('waiting'))];
        const groups = groupByPair(await stillTracked(rows, kstToday(now)));
        const pairs = [...groups.entries()].map(([id, g]) => ({ id, slots: g.slots.length }));
        return cutUnits(
          pairs.sort((a, b) => (a.id < b.id ? -1 : 1)),
          UNIT_SLOTS,
        );
      });
      log(`[${slotCount}] whole read ${whole.ms} ms (${whole.capacity.calls} calls, ${whole.capacity.read} RCU)`);
      wholeRead.push({ ms: whole.ms, ...whole.capacity });
      for (const plan of plans) {
        const slots = plan.units.reduce((n, u) => n + u.slotIds.length, 0);
        if (JSON.stringify(plan.run.starts) !== JSON.stringify(whole.value) || slots !== slotCount)
          throw new Error(`[${slotCount}] the planner's plan differs from the whole read's`);
      }
    }
    const median = (runs: Array<{ ms: number }>) => runs.map((r) => r.ms).sort((a, b) => a - b)[runs.length >> 1];
    return {
      slots: slotCount,
      pairs: seed.pairs,
      seedMs: round(seed.ms),
      // The planner as it runs (the first segment size), and the whole read it replaced, same table.
      planMs: median(planner.get(segmentSizes[0])!),
      wholeReadPlanMs: median(wholeRead),
      plannerBySegmentSlots: Object.fromEntries(
        [...planner].map(([n, runs]) => [String(n), { planMs: median(runs), runs }]),
      ),
      wholeRead,
    };
  } finally {
    await stack.stop();
  }
}

export async function runRankRecomputePlanBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  const sizes = [];
  for (const size of (process.env.RANK_BENCH_SIZES ?? '5000,20000').split(',').map(Number))
    sizes.push(await planSize(size, log));
  return {
    bench: 'rank-recompute-plan',
    at: new Date().toISOString(),
    machine: machineFacts(loadAtStart),
    unitSlots: UNIT_SLOTS,
    repeats: PLAN_REPEATS,
    sizes,
  };
}

export async function runRankRecomputeBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  const sizes: Array<Awaited<ReturnType<typeof runSize>>> = [];
  for (const [i, size] of SIZES.entries()) {
    sizes.push(await runSize(size, i === SIZES.length - 1 ? PARALLEL : [PARALLEL_OTHER_SIZES], log));
    // A size takes minutes on a loaded machine: what is measured so far is kept if a later size is cut off.
    const partial = join(
      import.meta.dirname,
      'results',
      `rank-recompute${process.env.BENCH_RESULTS_SUFFIX ?? ''}.json`,
    );
    mkdirSync(dirname(partial), { recursive: true });
    writeFileSync(partial, `${JSON.stringify({ complete: false, sizesPlanned: SIZES, sizes }, null, 2)}\n`);
  }
  // Linearity compares the same number of units at once at every size.
  const at4 = (s: (typeof sizes)[number]) =>
    s.hourly.find((h) => h.concurrency === PARALLEL_OTHER_SIZES) ?? s.hourly[0];
  const [small, large] = [sizes[0], sizes[sizes.length - 1]];
  const growth = round(at4(large).msPer1000Slots / at4(small).msPer1000Slots);
  const capacityGrowth = round(at4(large).capacity.writePer1000Slots / at4(small).capacity.writePer1000Slots);
  const slowestUnitMs = Math.max(
    ...sizes.flatMap((s) => [s.midnightClose, ...s.hourly, s.nothingNew].map((r) => r.slowestUnitMs)),
  );
  return {
    bench: 'rank-recompute',
    at: new Date().toISOString(),
    machine: machineFacts(loadAtStart),
    shape: {
      slotsPerOwner: SLOTS_PER_OWNER,
      slotsPerPair: SLOTS_PER_PAIR,
      checksPerPairToday: CHECKS_TODAY,
      checksPerPairYesterday: CHECKS_YESTERDAY,
      unitSlots: UNIT_SLOTS,
    },
    sizes,
    wallTimeByUnitsAtOnce: Object.fromEntries(
      large.hourly.map((h) => [
        String(h.concurrency),
        { slots: large.slots, ms: h.ms, slowestUnitMs: h.slowestUnitMs },
      ]),
    ),
    linearity: {
      msPer1000Slots: Object.fromEntries(sizes.map((s) => [String(s.slots), at4(s).msPer1000Slots])),
      msPer1000SlotsRatioLargestToSmallest: growth,
      writeUnitsPer1000SlotsRatioLargestToSmallest: capacityGrowth,
      tolerance: LINEAR_TOLERANCE,
    },
    slowestUnitMs,
    target: { linearWithin: LINEAR_TOLERANCE, slowestUnitAtMostMs: TARGET_UNIT_MS },
    met: growth <= LINEAR_TOLERANCE && slowestUnitMs <= TARGET_UNIT_MS,
  };
}
