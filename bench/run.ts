import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm run bench [name]`: runs each benchmark (or the one named) and writes its figures to
 * bench/results/<name>.json. Each bench is imported only when it runs, so a name is checked before
 * anything heavy loads.
 */
const benches: Record<string, () => Promise<unknown>> = {
  'slots-bulk': () => import('./slots-bulk.bench').then((m) => m.runSlotsBulkBench()),
  'slots-contention': () => import('./slots-contention.bench').then((m) => m.runSlotsContentionBench()),
  'lambda-bundles': () => import('./lambda-bundles.bench').then((m) => m.runLambdaBundlesBench()),
  'first-load-js': () => import('./first-load-js.bench').then((m) => m.runFirstLoadJsBench()),
  'staff-slot-list': () => import('./staff-slot-list.bench').then((m) => m.runStaffSlotListBench()),
  'api-overhead': () => import('./api-overhead.bench').then((m) => m.runApiOverheadBench()),
  screens: () => import('./screens.bench').then((m) => m.runScreensBench()),
  lighthouse: () => import('./lighthouse.bench').then((m) => m.runLighthouseBench()),
  'live-push': () => import('./live-push.bench').then((m) => m.runLivePushBench()),
  ranking: () => import('./ranking.bench').then((m) => m.runRankingBench()),
  'rank-recompute': () => import('./rank-recompute.bench').then((m) => m.runRankRecomputeBench()),
  'rank-recompute-plan': () => import('./rank-recompute.bench').then((m) => m.runRankRecomputePlanBench()),
  'rank-work': () => import('./rank-work.bench').then((m) => m.runRankWorkBench()),
  'rank-operations': () => import('./rank-operations.bench').then((m) => m.runRankOperationsBench()),
  'notifications-broadcast': () =>
    import('./notifications-broadcast.bench').then((m) => m.runNotificationsBroadcastBench()),
  'api-cost': () => import('./api-cost.bench').then((m) => m.runApiCostBench()),
  'console-lists': () => import('./console-lists.bench').then((m) => m.runConsoleListsBench()),
  'test-suite': () => import('./test-suite.bench').then((m) => m.runTestSuiteBench()),
};

const only = process.argv[2];
if (only !== undefined && !(only in benches)) {
  // A mistyped name used to run nothing and exit 0, which reads like a passing bench.
  console.error(`Unknown bench "${only}". Benches: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
const outDir = join(import.meta.dirname, 'results');
mkdirSync(outDir, { recursive: true });
for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  const result = await run();
  // BENCH_RESULTS_SUFFIX keeps a second run with other sizes from overwriting the first (`-small` → name-small.json).
  const file = join(outDir, `${name}${process.env.BENCH_RESULTS_SUFFIX ?? ''}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`${name}: wrote ${file}`);
  console.log(JSON.stringify(result, null, 2));
}
process.exit(0);
