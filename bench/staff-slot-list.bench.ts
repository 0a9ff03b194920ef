import { loadavg } from 'node:os';
import { startBenchStack } from './local-stack';
import { loadRunner, type ScenarioCall } from './load-scenario';
import { machineFacts, round } from './stats';
import { seedStaffSlots } from './seed-slots';

/**
 * Staff slot list benchmark (not a timed test; `npm run bench staff-slot-list`): the operator's slot list
 * over 20,000 slots of 200 advertisers. The slots, users and counters are written straight through
 * the storage modules (BatchWrite; counters in one transaction per user, equal to what was written).
 * Then, at 20 clients in flight for a fixed number of requests each:
 *  - before: today's full read (every slot of the statuses asked, filtered and sorted in memory),
 *    reached with a registration period covering everything (`dateFrom=2000-01-01`, same answer);
 *  - after: the same queries paged in the table (functions/domain/slots/staff-list.ts);
 *  - GET /api/cash/balance in the same run as the ratio base.
 * Each scenario also records its first call (what later calls reuse is built then) and the median of
 * 10 calls by one client alone (the cost without queueing).
 * Target: the operator list p95 ≤ 300 ms locally.
 */
const USERS = 200;
const SLOTS_PER_USER = 100;
const CONCURRENCY = 20;
const REQUESTS = 300;
/** The full read takes seconds per request at 20 in flight: fewer requests keep the run within minutes. */
const REQUESTS_BEFORE = 60;
const TARGET_P95_MS = 300;

export async function runStaffSlotListBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  const stack = await startBenchStack();
  try {
    const { createUser } = await import('../functions/domain/auth/auth-service');
    log(`seeding ${USERS * SLOTS_PER_USER} slots of ${USERS} users …`);
    const { expected, seedMs } = await seedStaffSlots({ users: USERS, slotsPerUser: SLOTS_PER_USER });
    log(`seeded in ${round(seedMs)} ms; counters ${JSON.stringify(expected)}`);

    await createUser({ loginId: 'benchoperator', password: 'benchpass1', fullName: '운영자', role: 'operator' });
    const { get, scenario: measure } = await loadRunner({
      url: stack.url,
      loginId: 'benchoperator',
      password: 'benchpass1',
      concurrency: CONCURRENCY,
      log,
    });
    const scenario = <T>(name: string, call: ScenarioCall<T>, requests = REQUESTS) => measure(name, call, requests);

    const queries = {
      pendingFirstPage: { status: 'pending', page: 1, limit: 10 },
      pendingPage50: { status: 'pending', page: 50, limit: 10 },
      activeFirstPage: { status: 'active', page: 1, limit: 10 },
    } as const;
    const balance = (await scenario('cash balance', get('GET /api/cash/balance'))).result;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [name, query] of Object.entries(queries)) {
      const paged = await scenario(`after ${name}`, get('GET /api/slots', { query }));
      // STAFF_LIST_BENCH_AFTER_ONLY=1 skips the slow full reads (a quick look at the paged path).
      const full = process.env.STAFF_LIST_BENCH_AFTER_ONLY
        ? { result: { skipped: true, p95Ms: Number.NaN }, first: undefined }
        : await scenario(
            `before ${name}`,
            get('GET /api/slots', { query: { ...query, dateFrom: '2000-01-01' } }),
            REQUESTS_BEFORE,
          );
      // Same answer both ways, or the comparison means nothing.
      const ids = (d: NonNullable<typeof paged.first>) =>
        JSON.stringify([d.pagination.total, d.items.map((x) => x.id)]);
      if (!paged.first?.items.length) throw new Error(`${name}: empty page`);
      if (full.first && ids(paged.first) !== ids(full.first)) throw new Error(`${name}: paged and full answers differ`);
      after[name] = {
        ...paged.result,
        total: paged.first.pagination.total,
        ratioToBalanceP95: round(paged.result.p95Ms / balance.p95Ms),
      };
      before[name] = {
        ...full.result,
        total: full.first?.pagination.total ?? null,
        ratioToBalanceP95: round(full.result.p95Ms / balance.p95Ms),
      };
    }
    const afterP95 = Math.max(...Object.values(after).map((r: any) => r.p95Ms));
    return {
      bench: 'staff-slot-list',
      at: new Date().toISOString(),
      machine: machineFacts(loadAtStart),
      seed: { users: USERS, slots: USERS * SLOTS_PER_USER, ms: round(seedMs), byStatus: expected },
      cashBalance: balance,
      before,
      after,
      target: { operatorListP95AtMostMs: TARGET_P95_MS },
      met: afterP95 <= TARGET_P95_MS,
    };
  } finally {
    await stack.stop();
  }
}
