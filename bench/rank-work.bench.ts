import { loadavg } from 'node:os';
import { capacityMeter } from './capacity-meter';
import { startBenchStack } from './local-stack';
import { seedSlots } from './rank-recompute.bench';
import { machineFacts, percentile, round } from './stats';

/**
 * `npm run bench rank-work`: a leasing worker's walk of a day's work list late in the day (three pairs
 * in four checked already), `PAGE` pairs a page, to the end, over `RANK_WORK_BENCH_SLOTS` slots (4 slots
 * a pair, as the recompute bench seeds them). Each page reads the checks and leases of
 * a window of pair ids and leases what it hands out, so its reads should not grow with the list; the
 * whole checked-today read every page made before is timed beside it. Capacity units do not depend on
 * the machine's load; the times do.
 */
// One size a run: the day's pairs are kept per process and table name, and every size's fresh table has the
// same name and list version.
const SLOTS = Number(process.env.RANK_WORK_BENCH_SLOTS ?? 100_000);
const PAGE = 20;

async function walkSize(slotCount: number, log: (msg: string) => void) {
  const stack = await startBenchStack();
  try {
    const now = new Date();
    await seedSlots(slotCount, now, log);
    const { kstToday } = await import('../shared/kst');
    const { keys } = await import('../functions/storage/keys');
    const { batchWriteAll } = await import('../functions/storage/item-io');
    const { rankObservationsStore } = await import('../functions/storage/rank-observations');
    const { trackedPairs } = await import('../functions/domain/rank-measurement/pairs');
    const { workList } = await import('../functions/domain/rank-measurement/work-list');
    const today = kstToday(now);
    const meter = await capacityMeter();
    const timed = async <T>(work: () => Promise<T>) => {
      const before = meter.snapshot();
      const started = performance.now();
      const value = await work();
      return { value, ms: round(performance.now() - started), ...meter.since(before) };
    };
    // The day's pairs, read once per warm process (what the first page pays).
    const list = await timed(() => trackedPairs(today));
    const pairs = list.value;
    await batchWriteAll(
      pairs
        .filter((_, i) => i % 4 !== 0)
        .map((p) => ({
          PutRequest: { Item: { ...keys.rankChecked(today, p.id), entity: 'rankChecked', pairId: p.id, day: today } },
        })),
    );
    log(`[${slotCount}] ${pairs.length} pairs, the list read in ${list.ms} ms; walking in pages of ${PAGE} …`);
    const caller = { keyId: 'bench', name: 'bench' };
    type Page = {
      ms: number;
      read: number;
      write: number;
      calls: number;
      value: { nextCursor: string | null; items: unknown[] };
    };
    const pages: Page[] = [];
    let cursor: string | undefined;
    let handed = 0;
    do {
      const page = await timed(() => workList({ limit: PAGE, cursor, worker: 'bench-1' }, caller, now));
      pages.push(page);
      handed += page.value.items.length;
      cursor = page.value.nextCursor ?? undefined;
    } while (cursor);
    const wholeRead = await timed(() => rankObservationsStore.checkedPairIds(today));
    const sorted = (pick: (p: Page) => number) => pages.map(pick).sort((a, b) => a - b);
    const figures = (pick: (p: Page) => number) => {
      const s = sorted(pick);
      return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), max: round(s[s.length - 1]) };
    };
    const result = {
      slots: slotCount,
      pairs: pairs.length,
      open: pairs.length - Math.floor((pairs.length * 3) / 4),
      handed,
      pages: pages.length,
      listReadMs: list.ms,
      pageMs: figures((p) => p.ms),
      pageReadUnits: figures((p) => p.read),
      pageWriteUnits: figures((p) => p.write),
      pageCalls: figures((p) => p.calls),
      wholeCheckedRead: { ms: wholeRead.ms, read: round(wholeRead.read), calls: wholeRead.calls },
    };
    log(`[${slotCount}] ${JSON.stringify(result)}`);
    return result;
  } finally {
    await stack.stop();
  }
}

export async function runRankWorkBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  const walk = await walkSize(SLOTS, log);
  return { bench: 'rank-work', at: new Date().toISOString(), machine: machineFacts(loadAtStart), page: PAGE, ...walk };
}
