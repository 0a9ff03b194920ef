import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runApiCostBench } from './api-cost.bench';
import { runApiOverheadBench } from './api-overhead.bench';
import { runConsoleListsBench } from './console-lists.bench';
import { runFirstLoadJsBench } from './first-load-js.bench';
import { runLambdaBundlesBench } from './lambda-bundles.bench';
import { runLivePushBench } from './live-push.bench';
import { runScreensBench } from './screens.bench';
import { runSlotsBulkBench } from './slots-bulk.bench';
import { runSlotsContentionBench } from './slots-contention.bench';
import { runStaffSlotListBench } from './staff-slot-list.bench';
import { runRankingBench } from './ranking.bench';
import { runRankOperationsBench } from './rank-operations.bench';
import { runRankRecomputeBench, runRankRecomputePlanBench } from './rank-recompute.bench';
import { runRankWorkBench } from './rank-work.bench';
import { runNotificationsBroadcastBench } from './notifications-broadcast.bench';
import { runTestSuiteBench } from './test-suite.bench';

/** `npm run bench`: runs each benchmark and writes its figures to bench/results/<name>.json. */
const benches: Record<string, () => Promise<unknown>> = {
  'slots-bulk': () => runSlotsBulkBench(),
  'slots-contention': () => runSlotsContentionBench(),
  'lambda-bundles': () => runLambdaBundlesBench(),
  'first-load-js': () => runFirstLoadJsBench(),
  'staff-slot-list': () => runStaffSlotListBench(),
  'api-overhead': () => runApiOverheadBench(),
  screens: () => runScreensBench(),
  'live-push': () => runLivePushBench(),
  ranking: () => runRankingBench(),
  'rank-recompute': () => runRankRecomputeBench(),
  'rank-recompute-plan': () => runRankRecomputePlanBench(),
  'rank-work': () => runRankWorkBench(),
  'rank-operations': () => runRankOperationsBench(),
  'notifications-broadcast': () => runNotificationsBroadcastBench(),
  'api-cost': () => runApiCostBench(),
  'console-lists': () => runConsoleListsBench(),
  'test-suite': () => runTestSuiteBench(),
};

const only = process.argv[2];
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
