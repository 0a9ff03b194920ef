/**
 * `npm run simulate-ranks`: a demo rank-check worker for local mode. It pulls the
 * work list and posts plausible observations through the real worker API, then runs the recompute
 * job, so the slot list shows moving ranks. Nothing here is truth: ranks are a random walk per pair,
 * and the optional impressions/clicks (`metrics`) a made-up count that grows through the day.
 *
 *   npm run simulate-ranks -- [--once] [--interval 60] [--base-url http://localhost:3000] [--allow-remote]
 *
 * The worker key comes from RANK_WORKER_KEY, or is created by signing in as the local bootstrap
 * developer (BOOTSTRAP_DEVELOPER_ID / BOOTSTRAP_DEVELOPER_PASSWORD, local defaults) and kept in
 * .data/simulate-ranks.json with the walk's state.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { bearer, createApiClient, signIn, type WorkerRoute } from '../shared/api-client';
import type { WorkItem, WorkListDto } from '../shared/schemas/rank';

const { values: args } = parseArgs({
  options: {
    once: { type: 'boolean', default: false },
    interval: { type: 'string', default: '60' },
    'base-url': { type: 'string', default: `http://localhost:${process.env.PORT ?? 3000}` },
    'allow-remote': { type: 'boolean', default: false },
  },
});
const baseUrl = args['base-url']!.replace(/\/$/, '');
const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
const loopback = host === 'localhost' || host === '::1' || /^127\./.test(host);
if (!loopback && !args['allow-remote']) {
  console.error(
    `simulate-ranks posts made-up ranks; refusing ${baseUrl} (not this machine). Pass --allow-remote if you really mean it.`,
  );
  process.exit(2);
}

const stateFile = join(process.env.DATA_DIR ?? '.data', 'simulate-ranks.json');
interface State {
  key?: string;
  baseUrl?: string;
  ranks: Record<string, number>;
  /** The day's made-up impressions and clicks per pair ('day|pair' → [impressions, clicks]). */
  metrics?: Record<string, [number, number]>;
}
const state: State = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : { ranks: {} };
const save = () => {
  mkdirSync(dirname(stateFile), { recursive: true });
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
};

/** The routes a person calls (signing in, creating the key); the worker's own go through `workerApi`. */
const api = createApiClient({ baseUrl });
const workerApi = (key: string) => createApiClient<WorkerRoute>({ baseUrl, headers: () => ({ 'x-api-key': key }) });

async function workerKey(): Promise<string> {
  if (process.env.RANK_WORKER_KEY) return process.env.RANK_WORKER_KEY;
  if (state.key && state.baseUrl === baseUrl) {
    // Still valid? (the table may have been wiped or the key revoked)
    const probe = await workerApi(state.key).send('GET /api/rank/work', { query: { limit: 1 } });
    if (probe.ok) return state.key;
  }
  const login = await signIn(
    api,
    process.env.BOOTSTRAP_DEVELOPER_ID ?? 'developer',
    process.env.BOOTSTRAP_DEVELOPER_PASSWORD ?? 'developer123!',
  );
  const created = await api.call('POST /api/rank/worker-keys', {
    headers: bearer(login.tokens.accessToken),
    body: { name: `simulate-ranks ${new Date().toISOString().slice(0, 16)}` },
  });
  state.key = created.key;
  state.baseUrl = baseUrl;
  save();
  console.log(`created worker key ${created.prefix}… (kept in ${stateFile})`);
  return created.key;
}

const pairKey = (w: { keyword: string; productId: string; itemId: string | null; vendorItemId: string | null }) =>
  `${w.keyword}|${w.productId}|${w.itemId ?? ''}|${w.vendorItemId ?? ''}`;

/** One check: a random walk around the pair's last rank; ~8 % not found, ~2 % failed. */
function check(
  w: { keyword: string; productId: string; itemId: string | null; vendorItemId: string | null },
  observedAt: string,
) {
  const k = pairKey(w);
  const depth = 360;
  const roll = Math.random();
  const base = {
    keyword: w.keyword,
    productId: w.productId,
    itemId: w.itemId,
    vendorItemId: w.vendorItemId,
    observedAt,
  };
  if (roll < 0.02) return { ...base, status: 'failed', depthScanned: 0, evidence: { reason: 'simulated timeout' } };
  if (roll < 0.1) return { ...base, status: 'not_found', depthScanned: depth };
  const last = state.ranks[k] ?? 5 + Math.floor(Math.random() * 120);
  const rank = Math.min(depth, Math.max(1, Math.round(last + (Math.random() - 0.5) * 16)));
  state.ranks[k] = rank;
  const n = Number(w.productId) % 9;
  return {
    ...base,
    status: 'found',
    rank,
    depthScanned: Math.max(rank, 72),
    productName: `${w.keyword} 인기 상품 ${w.productId.slice(-4)}`,
    imageUrl: `https://thumbnail${n}.coupangcdn.com/thumbnails/remote/230x230ex/image/retail/images/${w.productId}.jpg`,
  };
}

/** The pair's impressions and clicks of today (KST), grown a little each round: the optional `metrics`. */
function metric(w: { keyword: string; productId: string; itemId: string | null; vendorItemId: string | null }) {
  const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  const metrics = (state.metrics ??= {});
  for (const k of Object.keys(metrics)) if (!k.startsWith(`${day}|`)) delete metrics[k];
  const [impressions, clicks] = metrics[`${day}|${pairKey(w)}`] ?? [0, 0];
  const shown = Math.floor(Math.random() * 400);
  const next: [number, number] = [impressions + shown, clicks + Math.floor(shown * Math.random() * 0.05)];
  metrics[`${day}|${pairKey(w)}`] = next;
  return {
    keyword: w.keyword,
    productId: w.productId,
    itemId: w.itemId,
    vendorItemId: w.vendorItemId,
    day,
    impressions: next[0],
    clicks: next[1],
  };
}

async function round(key: string) {
  const worker = workerApi(key);
  const work: WorkItem[] = [];
  let cursor: string | null = null;
  do {
    const page: WorkListDto = await worker.call('GET /api/rank/work', {
      query: { limit: 1000, cursor: cursor ?? undefined },
    });
    work.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  // A worker checks the pairs one after another: the round's checks end now, a few seconds apart
  // (never spread wider than the round's interval), so each slot shows its own measured time.
  const roundEnd = Date.now();
  const step = Math.min(4_000, (Number(args.interval) * 1000) / Math.max(1, work.length));
  const checkedAt = (i: number) => new Date(roundEnd - Math.round((work.length - 1 - i) * step)).toISOString();
  let accepted = 0;
  let rejected = 0;
  const reasons = new Set<string>();
  for (let i = 0; i < work.length; i += 500) {
    // The answer has every item's outcome; a refused one is said with its reason, the rest are stored.
    const result = await worker.call('POST /api/rank/observations', {
      body: {
        observations: work.slice(i, i + 500).map((w, j) => check(w, checkedAt(i + j))),
        metrics: work.slice(i, i + 500).map(metric),
      },
    });
    for (const item of result.results) {
      if (item.outcome === 'accepted') accepted += 1;
      else {
        rejected += 1;
        reasons.add(item.reason ?? '');
      }
    }
  }
  save();
  // Local mode only: the recompute job runs now instead of at :02 past the hour.
  const job = await fetch(`${baseUrl}/_local/jobs/rank-recompute`, { method: 'POST' })
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  console.log(
    `${new Date().toISOString()} pairs ${work.length}, accepted ${accepted}, rejected ${rejected}${job ? ', recompute run' : ', recompute not triggered (not local mode?)'}`,
  );
  for (const reason of reasons) console.log(`  refused: ${reason}`);
}

const key = await workerKey();
await round(key);
if (!args.once) {
  const everyMs = Math.max(5, Number(args.interval) || 60) * 1000;
  console.log(`checking again every ${everyMs / 1000} s (Ctrl+C to stop)`);
  // A failed round is reported and the next one runs on time: the interval has nobody to hand it to.
  setInterval(() => void round(key).catch((err: Error) => console.error(err.message)), everyMs);
}
