import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureWebBuild } from '../test/support/browser';
import { freePort } from '../infra/local/dynamodb-local';
import { signedInClient } from '../shared/api-client';
import { fundedAdvertiser } from './bench-advertiser';
import { startHttpsFront } from './https-front';
import { startBenchStack } from './local-stack';
import { seedStaffSlots } from './seed-slots';
import { machineFacts, round } from './stats';

/**
 * What a person on a phone feels (`npm run bench lighthouse`; not a timed test): Lighthouse's mobile
 * defaults (a mid-range phone, simulated slow 4G and a 4× slower CPU) over the local product with the
 * production build, sent compressed as CloudFront sends it. Three runs of each page, each figure the
 * median of the three:
 *  - /login, signed out;
 *  - /slots for an advertiser with 100 slots, all on one page (the largest page size);
 *  - /admin/slots for an operator over 1,000 slots of 10 advertisers, 100 rows a page.
 * The signed-in pages load as after a reload: the session comes back from the refresh cookie.
 * Targets: performance ≥ 95 on /login and ≥ 90 on the signed-in pages, accessibility 100, best
 * practices ≥ 95, CLS ≤ 0.02 everywhere.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGE_SIZE = 100;
const PAGE_SIZE_KEYS = { slots: 'simple-slot.slots.pageSize', adminSlots: 'simple-slot.admin-slots.pageSize' };
/** The full browser, not the headless shell the journeys use: Lighthouse expects Chrome's own headless mode. */
const CHROME = process.env.LIGHTHOUSE_CHROMIUM_PATH ?? '/usr/bin/chromium';

const TARGETS = {
  '/login': { performance: 95 },
  '/slots': { performance: 90 },
  '/admin/slots': { performance: 90 },
  all: { accessibility: 100, bestPractices: 95, cls: 0.02 },
};

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Audits under a perfect score in accessibility and best practices: what to fix. */
  failing: string[];
  /** Where the page ended up: a lost session shows /login. */
  finalPath: string;
  loadAverage1m: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function audit(url: string, port: number): Promise<Run> {
  const loadAverage1m = round(loadavg()[0]);
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failing = ['accessibility', 'best-practices'].flatMap((id) =>
    (categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  if (process.env.LIGHTHOUSE_KEEP_REPORTS) {
    const dir = join(import.meta.dirname, 'results', 'lighthouse-reports');
    mkdirSync(dir, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}`;
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(result.lhr));
    // The trace the simulation read: its main-thread tasks are what TBT multiplies.
    writeFileSync(join(dir, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: round(value('first-contentful-paint')),
    lcpMs: round(value('largest-contentful-paint')),
    tbtMs: round(value('total-blocking-time')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: round(value('speed-index')),
    failing,
    finalPath: new URL(result.lhr.finalDisplayedUrl).pathname,
    loadAverage1m,
  };
}

function summarise(path: keyof typeof TARGETS, runs: Run[]) {
  const m = (key: Exclude<keyof Run, 'failing' | 'finalPath'>) => median(runs.map((r) => r[key]));
  const figures = {
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    fcpMs: m('fcpMs'),
    lcpMs: m('lcpMs'),
    tbtMs: m('tbtMs'),
    cls: m('cls'),
    speedIndexMs: m('speedIndexMs'),
  };
  const target = { ...TARGETS[path], ...TARGETS.all };
  return {
    path,
    ...figures,
    met:
      figures.performance >= (target as { performance: number }).performance &&
      figures.accessibility >= target.accessibility &&
      figures.bestPractices >= target.bestPractices &&
      figures.cls <= target.cls,
    failingAudits: [...new Set(runs.flatMap((r) => r.failing))],
    runs: runs.map(({ failing: _failing, finalPath: _finalPath, ...run }) => run),
  };
}

export async function runLighthouseBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  ensureWebBuild();
  const stack = await startBenchStack({ webDist: true });
  // As CloudFront serves it (TLS, HTTP/2); LIGHTHOUSE_PROTOCOL=http1 measures local mode's plain HTTP/1.1.
  const front = process.env.LIGHTHOUSE_PROTOCOL === 'http1' ? undefined : await startHttpsFront(stack.url);
  const site = front?.url ?? stack.url;
  const port = await freePort();
  const userDataDir = mkdtempSync(join(tmpdir(), 'simple-slot-lighthouse-'));
  // One browser profile: the sign-ins below leave their refresh cookies where Lighthouse's tab finds them.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROME,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, ...(front ? ['--ignore-certificate-errors'] : [])],
    ignoreHTTPSErrors: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  try {
    const { createUser } = await import('../functions/domain/auth/auth-service');
    // The staff view's 1,000 slots first: the seed checks the global counters against what it wrote.
    await seedStaffSlots({ users: 10, slotsPerUser: 100 });
    await createUser({ loginId: 'phoneoperator', password: 'benchpass1', fullName: '운영자', role: 'operator' });
    await fundedAdvertiser('phoneuser', '모바일광고주');
    const { client: api } = await signedInClient({ baseUrl: stack.url }, 'phoneuser', 'benchpass1');
    const bulk = await api.call('POST /api/slots/bulk', {
      body: {
        rows: Array.from({ length: 100 }, (_, i) => ({
          customFields: {
            keywords: `모바일 키워드 ${i}`,
            landingUrl: `https://www.coupang.com/vp/products/${900000 + i}?itemId=${910000 + i}&vendorItemId=${920000 + i}`,
            mid: `M${i}`,
          },
        })),
      },
    });
    if (bulk.succeeded !== 100) throw new Error('could not register the 100 slots');

    // The lists' remembered page size, set once for the origin (Lighthouse keeps local storage).
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${site}/login`);
    await page.evaluate(
      ([keys, size]) => {
        for (const key of keys) localStorage.setItem(key, size);
      },
      [Object.values(PAGE_SIZE_KEYS), String(PAGE_SIZE)] as const,
    );
    await page.close();

    /**
     * A fresh sign-in before each run: a run can end while the page's session refresh is in flight
     * (Lighthouse leaves the page at once), and the browser then keeps a cookie the server already
     * rotated; its reuse a run later would end the session and measure /login instead.
     */
    const signIn = async (loginId?: string) => {
      await context.clearCookies();
      if (!loginId) return;
      const answer = await context.request.post(`${site}/api/auth/login`, {
        data: { email: loginId, password: 'benchpass1' },
      });
      if (!answer.ok()) throw new Error(`sign-in of ${loginId} failed: ${answer.status()}`);
    };

    const results: ReturnType<typeof summarise>[] = [];
    const measure = async (path: keyof typeof TARGETS, loginId?: string) => {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        await signIn(loginId);
        // A gathering that times out on a loaded machine measured nothing: it is taken once more.
        const run = await audit(`${site}${path}`, port).catch(async (err: unknown) => {
          log(`${path}: ${(err as Error).message}; running it again`);
          await signIn(loginId);
          return audit(`${site}${path}`, port);
        });
        if (run.finalPath !== path) throw new Error(`Lighthouse measured ${run.finalPath} instead of ${path}`);
        runs.push(run);
      }
      const summary = summarise(path, runs);
      log(
        `${path}: performance ${summary.performance}, FCP ${summary.fcpMs} ms, LCP ${summary.lcpMs} ms, ` +
          `TBT ${summary.tbtMs} ms, CLS ${summary.cls}, accessibility ${summary.accessibility}, ` +
          `best practices ${summary.bestPractices}, load ${summary.runs.map((r) => r.loadAverage1m).join('/')}` +
          (summary.failingAudits.length ? ` (failing: ${summary.failingAudits.join(', ')})` : ''),
      );
      results.push(summary);
    };

    // LIGHTHOUSE_PAGES=/slots,/login measures only those (a quicker loop while working on one page).
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    const pages = [
      ['/login', undefined],
      ['/slots', 'phoneuser'],
      ['/admin/slots', 'phoneoperator'],
    ] as const;
    for (const [path, loginId] of pages) if (!only || only.includes(path)) await measure(path, loginId);

    return {
      bench: 'lighthouse',
      at: new Date().toISOString(),
      machine: machineFacts(loadAtStart),
      lighthouse: { version: '12.2.3', formFactor: 'mobile', throttling: 'simulated (defaults)', runs: RUNS },
      pageSize: PAGE_SIZE,
      pages: results,
      targets: TARGETS,
      met: results.every((r) => r.met),
    };
  } finally {
    await context.close();
    await front?.close();
    rmSync(userDataDir, { recursive: true, force: true });
    await stack.stop();
  }
}
