import { loadavg } from 'node:os';
import { signedInClient, type ApiClient } from '../shared/api-client';
import type { Route } from '../shared/contract/index';
import { startBenchStack } from './local-stack';
import { percentile, round } from './stats';

/**
 * Slot contention (not a timed test; `npm run bench slots-contention`): one user fires
 * many POST /api/slots at once.
 *  - 50 at once with cash for all 50: target 50 created, 0 refused;
 *  - 120 at once with the 100-slot limit: target 100 created, 20 × 409 for the limit, nothing else.
 * Records the answers by status, the time until the last answer, per-request p50/p95, and whether
 * balance, ledger and counters came out exact.
 */
const PRICE = 50_000;

export async function runSlotsContentionBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  const stack = await startBenchStack();
  try {
    const { settingsStore } = await import('../functions/storage/settings');
    const { invalidateSettingsCache } = await import('../functions/domain/settings/settings-service');
    const { createUser } = await import('../functions/domain/auth/auth-service');
    const { credit, getBalance } = await import('../functions/domain/cash/ledger');
    const { ledgerStore } = await import('../functions/storage/ledger');
    const { slotCountersStore } = await import('../functions/storage/slot-counters');
    await settingsStore.put('defaultSlotPrice', PRICE, 'business', 'bench');
    invalidateSettingsCache();

    let n = 0;
    const account = async (funds: number) => {
      const loginId = `contend${++n}`;
      const user = await createUser({ loginId, password: 'benchpass1', fullName: loginId, role: 'user' });
      await credit({
        userId: user.id,
        amount: funds,
        type: 'charge',
        description: 'bench',
        referenceId: 'bench',
        idempotencyKey: `bench-${loginId}`,
      });
      const { client } = await signedInClient({ baseUrl: stack.url }, loginId, 'benchpass1');
      return { id: user.id, api: client };
    };
    // `send`: each answer's status is counted (201 or 409), a refusal is no error here.
    const register = async (api: ApiClient<Route>, i: number) => {
      const started = performance.now();
      const { status } = await api.send('POST /api/slots', {
        idempotencyKey: `contend-${i}-${crypto.randomUUID()}`,
        body: {
          customFields: {
            keywords: `경합 ${i}`,
            landingUrl: `https://www.coupang.com/vp/products/${5000 + i}?itemId=${6000 + i}&vendorItemId=${7000 + i}`,
          },
        },
      });
      return { status, ms: performance.now() - started };
    };

    const scenario = async (name: string, requests: number, maxSlots: number, expected: Record<number, number>) => {
      await settingsStore.put('maxSlotsPerUser', maxSlots, 'business', 'bench');
      invalidateSettingsCache();
      const funds = (requests + 1) * PRICE; // the warm-up slot is paid too
      const user = await account(funds);
      await register(user.api, -1).then(async (warm) => {
        // Warm-up registration (module load, first token check) is not part of the figures: undo its count.
        if (warm.status !== 201) throw new Error(`warm-up registration failed: ${warm.status}`);
      });
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: requests }, (_, i) => register(user.api, i)));
      const wallMs = performance.now() - started;
      const byStatus: Record<number, number> = {};
      for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
      const created = (byStatus[201] ?? 0) + 1; // with the warm-up
      const times = answers.map((a) => a.ms).sort((a, b) => a - b);
      const entries = await ledgerStore.allEntries(user.id);
      const counters = await slotCountersStore.ofUser(user.id);
      const balance = (await getBalance(user.id)).amount;
      const exact =
        balance === funds - created * PRICE &&
        entries.filter((e) => e.type === 'purchase').length === created &&
        counters.held === created &&
        counters.seq === created;
      const result = {
        requests,
        maxSlotsPerUser: maxSlots,
        answersByStatus: byStatus,
        expected,
        spurious: answers.filter((a) => a.status !== 201 && !(a.status === 409 && expected[409])).length,
        wallMs: round(wallMs),
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
        booksExact: exact,
      };
      log(`${name}: ${JSON.stringify(result)}`);
      return result;
    };

    // The warm-up slot counts against the limit: one more request and one more allowed slot.
    const all50 = await scenario('50 at once, cash for all', 50, 51, { 201: 50 });
    const limit120 = await scenario('120 at once, 100-slot limit', 120, 101, { 201: 100, 409: 20 });
    return {
      date: new Date().toISOString(),
      machine: { loadAverageAtStart: loadAtStart },
      before: {
        note: 'before parallel registrations were made safe (the figures first reported)',
        all50: { 201: 19, 409: 31 },
        limit120: { 201: 25, 409: 95 },
      },
      all50,
      limit120,
    };
  } finally {
    await stack.stop();
  }
}
