/**
 * `npm run rank-worker -- --api URL --key KEY [options]`: measures each work-list pair's rank on the
 * marketplace's search with a real browser and posts the checks (docs/rank-worker.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { WorkItem } from '../shared/schemas/rank';
import type { LoadedPage, Observation } from './check';
import { helpText, parseWorkerCommand } from './options';

const command = parseWorkerCommand(process.argv.slice(2));
if (command.kind === 'help') {
  console.log(helpText);
  process.exit(0);
}
if (command.kind === 'error') {
  // One line that names the option: a person mistyping a flag needs no stack trace.
  console.error(`rank-worker: ${command.message} (see --help)`);
  process.exit(2);
}
// The browser and the page parser load only for a real run.
const [{ chromium }, { shardOf, WorkerApi }, { checkPair }, marketplace, { LEASE_SECONDS, MAX_DEPTH_SCANNED }] =
  await Promise.all([
    import('playwright-core'),
    import('./api'),
    import('./check'),
    import('./marketplace'),
    import('../shared/schemas/rank'),
  ]);
const { BROWSER_PROFILE, DEFAULT_MARKET_URL, LIST_SIZE, searchUrl } = marketplace;
const options = command.options;
const depth = Math.min(options.depth, Math.floor(MAX_DEPTH_SCANNED / LIST_SIZE));
const { api, key, mode, delayMs, pageTimeoutMs, dailyBudget, maxFailures, batchSize, intervalMs } = options;
const { shardIndex, shardCount } = options;
const market = options.marketUrl ?? DEFAULT_MARKET_URL[mode];

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** ±50 % around the configured delay, so requests do not tick like a clock. */
const jitter = (ms: number) => Math.round(ms * (0.5 + Math.random()));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) process.exit(130);
    stopping = true;
    log(`${signal}: finishing the current pair, then posting and stopping`);
  });

/**
 * This process's name in its leases: with the key it says who holds a pair, so workers sharing a key
 * (several on one machine, or containers) still split the work.
 */
const workerName = `${hostname()}-${process.pid}`.replace(/[^\w.:@-]+/g, '_').slice(-64);
const workerApi = new WorkerApi(api, key, log, 1000, workerName);
/** Pages loaded per KST day by this process (the budget resets when the day changes). */
const budget = { day: '', pages: 0 };
const pagesLeft = () => (budget.day === kstDay() ? dailyBudget - budget.pages : dailyBudget);
const kstDay = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

async function loadPage(page: Page, keyword: string, n: number): Promise<LoadedPage> {
  const url = searchUrl(market, mode, keyword, n);
  if (budget.day !== kstDay()) Object.assign(budget, { day: kstDay(), pages: 0 });
  budget.pages++;
  await sleep(jitter(delayMs));
  try {
    const res = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: pageTimeoutMs });
    const html = await page.content();
    if (options.dump) {
      mkdirSync(options.dump, { recursive: true });
      const safe = keyword.replace(/[^\p{L}\p{N}]+/gu, '_').slice(0, 40);
      writeFileSync(join(options.dump, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe}-p${n}.html`), html);
    }
    if (res && res.status() >= 400 && res.status() !== 404)
      return { ok: false, reason: `HTTP ${res.status()} (blocked or down)`, url };
    return { ok: true, html, url };
  } catch (err) {
    const msg = (err as Error).message.split('\n')[0];
    return { ok: false, reason: /timeout/i.test(msg) ? `timeout after ${pageTimeoutMs} ms` : msg, url };
  }
}

/**
 * One round's pairs, a batch at a time, each batch leased to this worker before it is checked. Without
 * `--shard` the server hands out the next pairs no other worker holds; with it, this shard's share of
 * the list is claimed a batch at a time (pairs another worker holds are left to it).
 */
async function* leasedBatches(): AsyncGenerator<WorkItem[]> {
  if (shardCount === 1) {
    let cursor: string | null = null;
    do {
      const page = await workerApi.take(batchSize, cursor);
      if (page.items.length) {
        log(`leased ${page.items.length} pairs (at most ${page.remaining - page.items.length} more to check today)`);
        yield page.items;
      }
      cursor = page.nextCursor;
    } while (cursor);
    return;
  }
  const all = await workerApi.work();
  const mine = all.filter((pair) => shardOf(pair, shardCount) === shardIndex - 1);
  log(`work list: ${mine.length} pairs (shard ${shardIndex}/${shardCount} of ${all.length})`);
  for (let i = 0; i < mine.length; i += batchSize) {
    const part = mine.slice(i, i + batchSize);
    const held = new Set((await workerApi.claim(part.map((p) => p.id))).held);
    const batch = part.filter((p) => held.has(p.id));
    if (batch.length < part.length) log(`${part.length - batch.length} pairs of the shard are held by another worker`);
    if (batch.length) yield batch;
  }
}

/** One pass over today's work list. Returns false when the worker should stop (failures or budget). */
async function round(browser: Browser): Promise<boolean> {
  const profile = BROWSER_PROFILE[mode];
  const context = await browser.newContext({ ...profile, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  // Images, fonts and media are not needed to read ranks: lighter for us and for the marketplace.
  await context.route('**/*', (route) =>
    ['image', 'font', 'media'].includes(route.request().resourceType()) ? route.abort() : route.continue(),
  );
  const page = await context.newPage();
  /** Pairs leased to this worker whose check is not posted yet: renewed while it works, given back when it stops. */
  const held = new Set<string>();
  let pending: Array<{ id: string; obs: Observation }> = [];
  let consecutiveFailures = 0;
  let keepGoing = true;
  const flush = async () => {
    if (!pending.length) return;
    const { accepted, rejected } = await workerApi.post(pending.map((p) => p.obs));
    log(`posted ${pending.length}: accepted ${accepted}, rejected ${rejected}`);
    for (const p of pending) held.delete(p.id);
    pending = [];
  };
  // A third of the lease: a renewal that fails once still leaves time for the next.
  const renewal = setInterval(
    () => {
      if (!held.size) return;
      workerApi.claim([...held]).then(
        ({ lost }) => {
          for (const id of lost) held.delete(id);
          if (lost.length) log(`${lost.length} leased pairs went to another worker; leaving them`);
        },
        (err: Error) => log(`lease renewal failed (${err.message}); trying again`),
      );
    },
    (LEASE_SECONDS * 1000) / 3,
  );
  try {
    rounds: for await (const batch of leasedBatches()) {
      for (const pair of batch) held.add(pair.id);
      for (const pair of batch) {
        if (stopping) break rounds;
        // A pair whose lease another worker has taken over (after a missed renewal) is theirs now.
        if (!held.has(pair.id)) continue;
        // A pair starts only if the budget covers its full depth: a check cut short would be no check.
        if (pagesLeft() < depth) {
          log(`daily budget of ${dailyBudget} pages reached; stopping until tomorrow (KST)`);
          keepGoing = !options.once;
          break rounds;
        }
        const obs = await checkPair(pair, depth, (n) => loadPage(page, pair.keyword, n));
        pending.push({ id: pair.id, obs });
        log(
          `${pair.keyword} / ${pair.productId}: ${obs.status}${obs.rank ? ` #${obs.rank}` : ''}${obs.status === 'failed' ? ` (${String(obs.evidence?.reason)})` : ''}`,
        );
        consecutiveFailures = obs.status === 'failed' ? consecutiveFailures + 1 : 0;
        if (consecutiveFailures >= maxFailures) {
          log(`${consecutiveFailures} failed checks in a row: the marketplace may be blocking us; stopping this round`);
          keepGoing = false;
          break rounds;
        }
        if (consecutiveFailures > 0) await sleep(Math.min(jitter(delayMs) * 2 ** consecutiveFailures, 10 * 60_000));
      }
      // Posting a batch's checks before the next lease keeps what this worker holds small.
      await flush();
    }
  } finally {
    clearInterval(renewal);
    try {
      await flush();
    } finally {
      // Pairs leased but not checked go back now, not when their leases run out.
      if (held.size) await workerApi.release([...held]);
      await context.close();
    }
  }
  if (options.recompute) {
    // Local mode only: run the recompute job now instead of at :02 past the hour.
    const res = await fetch(`${api.replace(/\/$/, '')}/_local/jobs/rank-recompute`, { method: 'POST' }).catch(
      () => null,
    );
    log(res?.ok ? 'recompute job run' : 'recompute job not available (not local mode?)');
  }
  return keepGoing;
}

const launch = () =>
  chromium.launch({
    executablePath: options.browser,
    headless: !options.headed,
    // Signals are ours: the current pair finishes in this browser before we close it.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });

let browser = await launch();
let exitCode = 0;
try {
  for (;;) {
    let ok: boolean;
    try {
      // A browser that crashed since the last round is started again.
      if (!browser.isConnected()) browser = await launch();
      ok = await round(browser);
    } catch (err) {
      // The product unreachable, a post that kept failing: a service waits and tries again.
      log(`round stopped: ${(err as Error).message}`);
      // A revoked or wrong key (401/403) will not heal by waiting.
      const status = (err as { status?: number }).status;
      if (options.once || status === 401 || status === 403) {
        exitCode = 1;
        break;
      }
      ok = false;
    }
    if (options.once || stopping) {
      if (!ok) exitCode = 3;
      break;
    }
    // After a blocked or broken round wait longer (twice the interval, up to 6 h) before trying again.
    const wait = ok ? intervalMs : Math.min(intervalMs * 2, 6 * 3600_000);
    log(`next round in ${Math.round(wait / 60_000)} min`);
    for (let waited = 0; waited < wait && !stopping; waited += 1000) await sleep(1000);
    if (stopping) break;
  }
} finally {
  await browser.close().catch(() => {});
}
process.exit(exitCode);
