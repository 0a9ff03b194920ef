import { loadavg } from 'node:os';
import { signedInClient, type AnswerAt } from '../shared/api-client';
import type { Route } from '../shared/contract/index';
import { startBenchStack } from './local-stack';
import { machineFacts, percentile, round } from './stats';
import { benchAdvertiser } from './bench-advertiser';

/**
 * Ranking page benchmark (`npm run bench ranking`): the ranking page over 10,000 running slots with
 * ranks, of 500 advertisers. The slots are written straight through the storage module. Measured:
 *  - the cold call: one walk of GSI2 `SLOTS#active` (projected rank attributes) building both tabs,
 *    once per minute per warm Lambda (docs/data-model.md RK1);
 *  - warm calls at 20 in flight (keyword and advertiser tabs alternately) answered from the cache,
 *    with GET /api/cash/balance as the ratio base.
 * Target: warm p95 ≤ 100 ms locally, cold call ≤ 5 s (the Lambda's timeout is the default 10 s).
 */
const USERS = 500;
const SLOTS_PER_USER = 20;
const CONCURRENCY = 20;
const REQUESTS = 400;
const TARGET_WARM_P95_MS = 100;
const TARGET_COLD_MS = 5_000;

export async function runRankingBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  const stack = await startBenchStack();
  try {
    const { createUser } = await import('../functions/domain/auth/auth-service');
    const { usersStore } = await import('../functions/storage/users');
    const { slotsStore } = await import('../functions/storage/slots');
    const { newSlotRecord } = await import('../functions/domain/slots/slot-record');
    const { invalidateRankingCache } = await import('../functions/domain/ranking-page/ranking');
    const { kstToday, addKstDays } = await import('../shared/kst');
    const today = kstToday();

    log(`seeding ${USERS * SLOTS_PER_USER} running slots of ${USERS} users …`);
    const t = performance.now();
    const base = Date.now() - 1000;
    for (let u = 0; u < USERS; u++) {
      const now = new Date(base - u).toISOString();
      const owner = benchAdvertiser(`RANKUSER${String(u).padStart(4, '0')}`, `rankuser${u}`, `광고주${u}`, now);
      await usersStore.create(owner);
      const slots = Array.from({ length: SLOTS_PER_USER }, (_, s) => {
        const i = u * SLOTS_PER_USER + s;
        const keyword = `랭킹 벤치 키워드 ${i}`;
        const url = `https://www.coupang.com/vp/products/${100000 + i}?itemId=${200000 + i}&vendorItemId=${300000 + i}`;
        const record = newSlotRecord({
          id: `RANKSLOT${String(i).padStart(6, '0')}`,
          owner,
          status: 'active',
          slotNumber: s + 1,
          fields: {
            customFields: { keywords: keyword, landingUrl: url, mid: `MID${i}` },
            keyword,
            url,
            mid: `MID${i}`,
            productId: '',
            itemId: '',
            vendorItemId: '',
          },
          price: 50_000,
          startDate: addKstDays(today, -10),
          endDate: addKstDays(today, 20),
          now: new Date(base - i * 1_000 - USERS).toISOString(),
        });
        // Every 10th slot not found (999); the rest spread over 1…500 (rank 1 falls on those: the best found is 2).
        const rank = i % 10 === 0 ? 999 : 1 + ((i * 37) % 500);
        return {
          ...record,
          rank,
          yesterday_rank: 1 + ((i * 53) % 500),
          first_rank: 1 + ((i * 71) % 500),
          product_name: `상품 ${i}`,
        };
      });
      await slotsStore.putBulkSlots(slots);
    }
    const seedMs = performance.now() - t;
    log(`seeded in ${round(seedMs)} ms`);

    await createUser({ loginId: 'rankbenchuser', password: 'benchpass1', fullName: '벤치광고주', role: 'user' });
    const { client: api } = await signedInClient({ baseUrl: stack.url }, 'rankbenchuser', 'benchpass1');
    type Read = 'GET /api/cash/balance' | 'GET /api/ranking/keywords' | 'GET /api/ranking/advertisers';

    const run = async (paths: Read[]) => {
      const latencies: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < REQUESTS) {
            const path = paths[next++ % paths.length];
            const sent = performance.now();
            await api.call(path);
            latencies.push(performance.now() - sent);
          }
        }),
      );
      const sorted = latencies.sort((a, b) => a - b);
      return {
        requests: sorted.length,
        concurrency: CONCURRENCY,
        p50Ms: round(percentile(sorted, 50)),
        p95Ms: round(percentile(sorted, 95)),
        p99Ms: round(percentile(sorted, 99)),
        throughputPerS: round(sorted.length / ((performance.now() - started) / 1000)),
      };
    };

    const balance = await run(['GET /api/cash/balance']);
    log(`cash balance: p95 ${balance.p95Ms} ms`);
    // Cold: three fresh computations, median.
    const cold: number[] = [];
    let keywords: AnswerAt<Route, 'GET /api/ranking/keywords'> | undefined;
    for (let i = 0; i < 3; i++) {
      invalidateRankingCache();
      const t0 = performance.now();
      keywords = await api.call('GET /api/ranking/keywords');
      cold.push(performance.now() - t0);
    }
    const coldMs = round(
      percentile(
        cold.sort((a, b) => a - b),
        50,
      ),
    );
    if (keywords?.best.length !== 50 || keywords.best[0].rank !== 2)
      throw new Error(`unexpected ranking: ${JSON.stringify(keywords?.best[0])}`);
    log(`cold computation (10,000 slots): ${coldMs} ms`);
    const warm = await run(['GET /api/ranking/keywords', 'GET /api/ranking/advertisers']);
    log(`warm: p95 ${warm.p95Ms} ms`);
    return {
      bench: 'ranking',
      at: new Date().toISOString(),
      machine: machineFacts(loadAtStart),
      seed: { users: USERS, runningSlots: USERS * SLOTS_PER_USER, ms: round(seedMs) },
      cashBalance: balance,
      coldMs,
      warm: { ...warm, ratioToBalanceP95: round(warm.p95Ms / balance.p95Ms) },
      target: { warmP95AtMostMs: TARGET_WARM_P95_MS, coldAtMostMs: TARGET_COLD_MS },
      met: warm.p95Ms <= TARGET_WARM_P95_MS && coldMs <= TARGET_COLD_MS,
    };
  } finally {
    await stack.stop();
  }
}
