import { loadavg } from 'node:os';
import { routeUrl, signedInClient, type CallInputAt } from '../shared/api-client';
import type { Route } from '../shared/contract/index';
import { startBenchStack } from './local-stack';
import { machineFacts, percentile, round } from './stats';

/**
 * Bulk registration benchmark (not a timed test; run with `npm run bench`):
 *  1. register 1000 slots with ONE POST /api/slots/bulk, and 1000 slots the way a row-by-row client
 *     does (one POST /api/slots per row, 100 ms apart), on the same server in the same run;
 *  2. list page of a user holding 1000 slots, 20 requests in flight → p50 / p95.
 * Targets: bulk ≥ 20× faster than the sequential client and under 10 s locally.
 */
const ROWS = 1000;
const PAUSE_MS = 100;
const PRICE = 50_000;
const LIST_CONCURRENCY = 20;
const LIST_REQUESTS = 400;

const row = (n: number) => ({
  customFields: {
    keywords: `벤치 키워드 ${n}`,
    landingUrl: `https://www.coupang.com/vp/products/${100000 + n}?itemId=${200000 + n}&vendorItemId=${300000 + n}`,
    mid: `MID${n}`,
  },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runSlotsBulkBench(log: (msg: string) => void = console.log) {
  // Other work on the machine skews the figures: the load average is recorded with them.
  const loadAtStart = loadavg()[0];
  const stack = await startBenchStack();
  try {
    const { settingsStore } = await import('../functions/storage/settings');
    const { invalidateSettingsCache } = await import('../functions/domain/settings/settings-service');
    const { createUser } = await import('../functions/domain/auth/auth-service');
    const { credit, getBalance } = await import('../functions/domain/cash/ledger');
    await settingsStore.put('maxSlotsPerUser', ROWS, 'business', 'bench');
    await settingsStore.put('defaultSlotPrice', PRICE, 'business', 'bench');
    invalidateSettingsCache();

    const account = async (loginId: string) => {
      const user = await createUser({ loginId, password: 'benchpass1', fullName: loginId, role: 'user' });
      await credit({
        userId: user.id,
        amount: ROWS * PRICE,
        type: 'charge',
        description: 'bench',
        referenceId: 'bench',
        idempotencyKey: `bench-${loginId}`,
      });
      const { client } = await signedInClient({ baseUrl: stack.url }, loginId, 'benchpass1');
      return { id: user.id, api: client };
    };
    const bulkUser = await account('benchbulk');
    const seqUser = await account('benchseq');
    const rows = Array.from({ length: ROWS }, (_, i) => row(i + 1));

    // Warm-up: load the handler modules and the store so neither path pays for a cold start.
    await bulkUser.api.call('GET /api/slots');
    await seqUser.api.call('GET /api/slots');

    log(`bulk: POST /api/slots/bulk with ${ROWS} rows …`);
    let t = performance.now();
    const bulk = await bulkUser.api.call('POST /api/slots/bulk', {
      body: { rows },
      idempotencyKey: crypto.randomUUID(),
    });
    const bulkMs = performance.now() - t;
    if (bulk.succeeded !== ROWS) throw new Error(`bulk registered ${bulk.succeeded} of ${ROWS}`);
    log(`bulk: ${round(bulkMs)} ms`);

    log(
      `sequential: ${ROWS} × POST /api/slots, ${PAUSE_MS} ms apart (about ${Math.round((ROWS * PAUSE_MS) / 1000)} s of pauses) …`,
    );
    t = performance.now();
    const perRequest: number[] = [];
    for (let i = 0; i < ROWS; i++) {
      const started = performance.now();
      await seqUser.api.call('POST /api/slots', { body: rows[i] });
      perRequest.push(performance.now() - started);
      if (i < ROWS - 1) await sleep(PAUSE_MS);
      if ((i + 1) % 100 === 0) log(`  ${i + 1}/${ROWS}`);
    }
    const sequentialMs = performance.now() - t;
    log(`sequential: ${round(sequentialMs)} ms`);

    for (const u of [bulkUser, seqUser]) {
      const count = await u.api.call('GET /api/slots/count');
      if (count.count !== ROWS) throw new Error(`user holds ${count.count} slots, expected ${ROWS}`);
      if ((await getBalance(u.id)).amount !== 0) throw new Error('balance not exactly spent');
    }

    const listScenario = async (name: string, query: CallInputAt<Route, 'GET /api/slots'>['query']) => {
      const latencies: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: LIST_CONCURRENCY }, async () => {
          while (next < LIST_REQUESTS) {
            next += 1;
            const s = performance.now();
            const data = await bulkUser.api.call('GET /api/slots', { query });
            latencies.push(performance.now() - s);
            if (data.pagination.total === 0) throw new Error(`${name}: empty list`);
          }
        }),
      );
      const sorted = latencies.sort((a, b) => a - b);
      const result = {
        query: routeUrl('GET /api/slots', { query }).split('?')[1],
        requests: sorted.length,
        concurrency: LIST_CONCURRENCY,
        p50Ms: round(percentile(sorted, 50)),
        p95Ms: round(percentile(sorted, 95)),
        maxMs: round(sorted.at(-1)!),
        throughputPerS: round(sorted.length / ((performance.now() - started) / 1000)),
      };
      log(`list ${name}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms`);
      return result;
    };
    const list = {
      firstPage: await listScenario('first page', { page: 1, limit: 10 }),
      deepPageFilteredSorted: await listScenario('page 5 of a search sorted by slot number', {
        page: 5,
        limit: 50,
        searchType: 'keyword',
        search: '벤치',
        sortBy: 'slot_number',
        sortOrder: 'asc',
      }),
    };

    const perSorted = perRequest.sort((a, b) => a - b);
    return {
      bench: 'slots-bulk',
      at: new Date().toISOString(),
      machine: machineFacts(loadAtStart),
      rows: ROWS,
      registration: {
        bulkMs: round(bulkMs),
        sequentialMs: round(sequentialMs),
        sequentialPauseMs: PAUSE_MS,
        sequentialRequestP50Ms: round(percentile(perSorted, 50)),
        sequentialRequestP95Ms: round(percentile(perSorted, 95)),
        ratio: Math.round((sequentialMs / bulkMs) * 10) / 10,
        targets: { ratioAtLeast: 20, bulkUnderMs: 10_000 },
        met: sequentialMs / bulkMs >= 20 && bulkMs < 10_000,
      },
      list,
    };
  } finally {
    await stack.stop();
  }
}
