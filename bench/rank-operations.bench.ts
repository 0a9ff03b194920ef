import { loadavg } from 'node:os';
import { startBenchStack } from './local-stack';
import { seedStaffSlots } from './seed-slots';
import { loadRunner } from './load-scenario';
import { machineFacts, round } from './stats';

/**
 * `npm run bench rank-operations`: GET /api/rank/operations (the rank operations screen) with 100,000
 * slots in the table (40 % active), 5,000 checks of today counted as the API counts them (three worker
 * keys, a fifth failed) and a week of recompute runs. The route reads counters, the keys and the
 * latest runs, never the slots or the checks, so its time should not grow with either: a cold call
 * (fresh process caches) and calls at 10 in flight, with GET /api/cash/balance as the ratio base.
 * Target: p95 ≤ 150 ms locally.
 */
const USERS = 1_000;
const SLOTS_PER_USER = 100;
const CHECKS = 5_000;
const CONCURRENCY = 10;
const REQUESTS = 200;
const TARGET_P95_MS = 150;

export async function runRankOperationsBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  const stack = await startBenchStack();
  try {
    log(`seeding ${USERS * SLOTS_PER_USER} slots …`);
    const seed = await seedStaffSlots({ users: USERS, slotsPerUser: SLOTS_PER_USER, parallel: 8 });
    log(`seeded in ${round(seed.seedMs)} ms`);

    const { createUser } = await import('../functions/domain/auth/auth-service');
    const { rankWorkerKeysStore } = await import('../functions/storage/rank-worker-keys');
    const { rankRecomputeRunsStore } = await import('../functions/storage/rank-recompute-runs');
    const { storeChecks } = await import('../functions/domain/rank-measurement/check-counts');
    const { kstToday } = await import('../shared/kst');
    const today = kstToday();
    const now = Date.now();
    for (let k = 0; k < 3; k++)
      await rankWorkerKeysStore.put({
        id: `BENCHKEY${k}`,
        name: `벤치 수집기 ${k}`,
        prefix: `rk_bench${k}`,
        keyHash: `benchhash${k}`,
        createdAt: new Date(now - 86_400_000).toISOString(),
        createdBy: 'bench',
        lastUsedAt: new Date(now - 60_000).toISOString(),
        revokedAt: null,
      });
    const t = performance.now();
    const checks = Array.from({ length: CHECKS }, (_, i) => {
      const status = i % 5 === 0 ? ('failed' as const) : i % 3 === 0 ? ('not_found' as const) : ('found' as const);
      return {
        pairId: `benchpair${String(i % 4_000).padStart(6, '0')}`,
        day: today,
        keyword: `벤치 ${i % 4_000}`,
        productId: String(100_000 + (i % 4_000)),
        itemId: null,
        vendorItemId: null,
        status,
        rank: status === 'found' ? 1 + (i % 300) : null,
        depthScanned: 300,
        observedAt: new Date(now - (CHECKS - i) * 1_000).toISOString(),
        receivedAt: new Date(now).toISOString(),
        workerKeyId: `BENCHKEY${i % 3}`,
        ...(status === 'failed' ? { evidence: { kind: 'load', reason: 'HTTP 403 (blocked or down)' } } : {}),
      };
    });
    const refused = await storeChecks(checks, { at: new Date(), due: { day: today, pairs: 40_000 } });
    if (refused.length) throw new Error(`${refused.length} checks refused`);
    const countMs = performance.now() - t;
    log(`${CHECKS} checks stored and counted in ${round(countMs)} ms`);
    for (let r = 0; r < 7 * 24; r++)
      await rankRecomputeRunsStore.create({
        runId: `benchrun${String(r).padStart(4, '0')}`,
        day: today,
        at: new Date(now - r * 3_600_000).toISOString(),
        closing: false,
        starts: ['', '8'],
        plannedAt: new Date(now - r * 3_600_000).toISOString(),
      });

    await createUser({ loginId: 'rankopsbench', password: 'benchpass1', fullName: '벤치운영자', role: 'operator' });
    const { get, scenario } = await loadRunner({
      url: stack.url,
      loginId: 'rankopsbench',
      password: 'benchpass1',
      concurrency: CONCURRENCY,
      log,
    });
    const balance = await scenario('cash balance (base)', get('GET /api/cash/balance'), REQUESTS);
    // The first call of the screen is the cold one: the process's caches are fresh.
    const screen = await scenario('rank operations', get('GET /api/rank/operations'), REQUESTS);
    const first = screen.first;
    if (first?.days[0].checks !== CHECKS || first.days[0].failed !== CHECKS / 5 || first.workers.length !== 3)
      throw new Error(`unexpected figures: ${JSON.stringify(first?.days[0])}`);
    const coldMs = screen.result.firstCallMs;
    return {
      bench: 'rank-operations',
      at: new Date().toISOString(),
      machine: machineFacts(loadAtStart),
      seed: { slots: USERS * SLOTS_PER_USER, ms: round(seed.seedMs), checks: CHECKS, countMs: round(countMs) },
      cashBalance: balance.result,
      coldMs,
      rankOperations: { ...screen.result, ratioToBalanceP95: round(screen.result.p95Ms / balance.result.p95Ms) },
      target: { p95AtMostMs: TARGET_P95_MS },
      met: screen.result.p95Ms <= TARGET_P95_MS,
    };
  } finally {
    await stack.stop();
  }
}
