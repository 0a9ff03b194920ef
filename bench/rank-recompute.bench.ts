import { availableParallelism, cpus, loadavg } from 'node:os';
import { startBenchStack } from './local-stack';
import { round } from './stats';
import type { ObservationRecord } from '../functions/storage/rank-observations';

/**
 * Issue 12 benchmark (`npm run bench rank-recompute`): the hourly rank job over a day of checks.
 * Each size gets its own DynamoDB Local: N active slots of N/20 advertisers sharing N/4 distinct
 * (keyword, product) pairs (four slots per pair, across owners), with four checks per pair today and
 * two yesterday (about 5 % not found, 3 % failed), written straight through the storage modules.
 * Measured per size, as a running system sees them:
 *  - yesterday's last hourly run (23:30 KST), which leaves yesterday's summaries stored;
 *  - the first run after midnight, which closes yesterday (its summaries and every slot's rank day
 *    become final) and then computes today;
 *  - an hourly run after one more check per pair came in (the headline figure: every slot changes);
 *  - a run with nothing new (idempotent: it reads everything and writes nothing);
 * each with its time, the DynamoDB read and write capacity units it consumed (every call of the shared
 * DocumentClient asks for ReturnConsumedCapacity), and the time per 1,000 slots, so the growth from
 * 5,000 to 20,000 slots shows whether the cost is linear.
 * Target (issue 12): 20,000 slots recomputed in under 60 s locally (the hourly and the midnight run);
 * cost linear in the slot count. `RANK_BENCH_SIZES=5000` runs one size only.
 */
const SIZES = (process.env.RANK_BENCH_SIZES ?? '5000,20000').split(',').map(Number);
const SLOTS_PER_OWNER = 20;
const SLOTS_PER_PAIR = 4;
const CHECKS_TODAY = 4;
const CHECKS_YESTERDAY = 2;
const TARGET_20K_MS = 60_000;
/** "Linear, not worse": ms per 1,000 slots at 20,000 within 1.5× of the figure at 5,000. */
const LINEAR_TOLERANCE = 1.5;

interface Capacity {
  read: number;
  write: number;
  calls: number;
}

/** Adds up the capacity every DynamoDB call reports, through a middleware on the one DocumentClient. */
async function capacityMeter() {
  const { db } = await import('../functions/storage/client');
  const totals: Capacity = { read: 0, write: 0, calls: 0 };
  const add = (
    c: { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number } | undefined,
    command: string,
  ) => {
    if (!c) return;
    // Reads report ReadCapacityUnits or, on plain queries, only CapacityUnits; writes likewise.
    const isWrite = /Put|Update|Delete|BatchWrite|TransactWrite/.test(command);
    const read = c.ReadCapacityUnits ?? (isWrite ? 0 : (c.CapacityUnits ?? 0));
    const write = c.WriteCapacityUnits ?? (isWrite ? (c.CapacityUnits ?? 0) : 0);
    totals.read += read;
    totals.write += write;
  };
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const out = await next(args);
      const output = out.output as { ConsumedCapacity?: unknown };
      totals.calls += 1;
      const consumed = output.ConsumedCapacity;
      const command = String(context.commandName ?? '');
      for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) add(c as never, command);
      return out;
    },
    { step: 'initialize', name: 'benchCapacityMeter' },
  );
  return {
    snapshot: (): Capacity => ({ ...totals }),
    since: (before: Capacity): Capacity => ({
      read: round(totals.read - before.read),
      write: round(totals.write - before.write),
      calls: totals.calls - before.calls,
    }),
  };
}

async function runSize(slotCount: number, log: (msg: string) => void) {
  const stack = await startBenchStack();
  try {
    const { usersStore } = await import('../functions/storage/users');
    const { slotsStore } = await import('../functions/storage/slots');
    const { rankObservationsStore } = await import('../functions/storage/rank-observations');
    const { newSlotRecord } = await import('../functions/domain/slots/slot-record');
    const { pairIdOf } = await import('../functions/domain/rank-measurement/pairs');
    const { runRankRecompute } = await import('../functions/domain/rank-measurement/recompute-run');
    const { kstToday, addKstDays } = await import('../shared/kst');
    const meter = await capacityMeter();
    const now = new Date();
    const today = kstToday(now);
    const yesterday = addKstDays(today, -1);
    const owners = slotCount / SLOTS_PER_OWNER;
    const pairs = slotCount / SLOTS_PER_PAIR;

    log(`[${slotCount}] seeding ${slotCount} active slots of ${owners} advertisers over ${pairs} pairs …`);
    const seedStarted = performance.now();
    const base = now.getTime() - 60_000;
    for (let u = 0; u < owners; u++) {
      const createdAt = new Date(base - u).toISOString();
      const owner = {
        id: `RCUSER${String(u).padStart(5, '0')}`,
        loginId: `rcuser${u}`,
        role: 'user' as const,
        fullName: `광고주${u}`,
        phone: null,
        isActive: true,
        passwordHash: 'x',
        permissions: [],
        createdAt,
        updatedAt: createdAt,
        lastLoginAt: null,
      };
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
    }

    // A day of checks per pair: two yesterday, four today so far (the last an hour ago at most), and
    // one more that arrives before the measured hourly run.
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
    const observations: ObservationRecord[] = [];
    const lateChecks: ObservationRecord[] = [];
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
      lateChecks.push(
        ...checksOf(p, [
          {
            day: today,
            at: dayStart(today) + Math.floor(((CHECKS_TODAY + 1) * spanToday) / (CHECKS_TODAY + 2)),
            k: 99,
          },
        ]),
      );
    }
    await rankObservationsStore.put(observations);
    const seedMs = performance.now() - seedStarted;
    log(`[${slotCount}] seeded ${observations.length} checks in ${round(seedMs)} ms`);

    const measure = async (label: string, at: Date) => {
      const before = meter.snapshot();
      const started = performance.now();
      const summary = await runRankRecompute(at);
      const ms = performance.now() - started;
      const capacity = meter.since(before);
      if (summary.slots !== slotCount || summary.failed)
        throw new Error(`[${slotCount}] ${label}: ${JSON.stringify(summary)}`);
      log(
        `[${slotCount}] ${label}: ${round(ms)} ms, ${capacity.read} RCU, ${capacity.write} WCU, ${summary.slotsWritten} slots written`,
      );
      return {
        ms: round(ms),
        msPer1000Slots: round((ms / slotCount) * 1000),
        capacity: {
          ...capacity,
          readPer1000Slots: round((capacity.read / slotCount) * 1000),
          writePer1000Slots: round((capacity.write / slotCount) * 1000),
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
    // Yesterday's last hourly run (23:30 KST) leaves yesterday's summaries stored, as on a running system.
    const yesterdaysLastRun = await measure("yesterday's last run", new Date(dayStart(today) - 30 * 60_000));
    const midnightClose = await measure('first run today (closes yesterday)', now);
    await rankObservationsStore.put(lateChecks);
    const hourly = await measure('hourly run with a new check per pair', now);
    if (hourly.summary.slotsWritten === 0) throw new Error(`[${slotCount}] the hourly run wrote nothing`);
    const nothingNew = await measure('run with nothing new', now);
    if (nothingNew.summary.slotsWritten !== 0)
      throw new Error(`[${slotCount}] the run with nothing new wrote ${nothingNew.summary.slotsWritten} slots`);
    return {
      slots: slotCount,
      owners,
      pairs,
      checks: observations.length + lateChecks.length,
      seedMs: round(seedMs),
      yesterdaysLastRun,
      midnightClose,
      hourly,
      nothingNew,
    };
  } finally {
    await stack.stop();
  }
}

export async function runRankRecomputeBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  const sizes = [];
  for (const size of SIZES) sizes.push(await runSize(size, log));
  const [small, large] = [sizes[0], sizes[sizes.length - 1]];
  const growth = round(large.hourly.msPer1000Slots / small.hourly.msPer1000Slots);
  const capacityGrowth = round(large.hourly.capacity.writePer1000Slots / small.hourly.capacity.writePer1000Slots);
  return {
    bench: 'rank-recompute',
    at: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: availableParallelism(),
      cpuModel: cpus()[0]?.model ?? 'unknown',
      loadAverage1m: { atStart: round(loadAtStart), atEnd: round(loadavg()[0]) },
    },
    shape: {
      slotsPerOwner: SLOTS_PER_OWNER,
      slotsPerPair: SLOTS_PER_PAIR,
      checksPerPairToday: CHECKS_TODAY,
      checksPerPairYesterday: CHECKS_YESTERDAY,
    },
    sizes,
    linearity: {
      msPer1000SlotsRatio20kTo5k: growth,
      writeUnitsPer1000SlotsRatio20kTo5k: capacityGrowth,
      tolerance: LINEAR_TOLERANCE,
    },
    target: { slots20kAtMostMs: TARGET_20K_MS, linearWithin: LINEAR_TOLERANCE },
    met: large.hourly.ms <= TARGET_20K_MS && large.midnightClose.ms <= TARGET_20K_MS && growth <= LINEAR_TOLERANCE,
  };
}
