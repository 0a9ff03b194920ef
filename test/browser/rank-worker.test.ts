import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { kstToday } from '../../shared/kst';
import { rankTexts } from '../../shared/slot-status';
import {
  resultPages,
  startFakeMarketplace,
  type FakeMarketplace,
  type Scenario,
} from '../../rank-worker/testing/fake-marketplace';
import { ensureWebBuild, launchBrowser, submitLogin, trackApiCalls } from '../support/browser';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newWorkerKey, seedSlots } from '../support/rank';
import { newAccount } from '../support/slots';

/**
 * The rank worker end to end: `npm run rank-worker` against local mode and a fake marketplace measures every
 * pair of the work list with Chromium, the recompute job turns the checks into ranks, and My slots
 * shows them: a rank counted over organic results only, 999 for a product absent from every healthy
 * page, and a blocked / unreadable / slow page posted as `failed`, which never touches a rank.
 */
const root = resolve(import.meta.dirname, '../..');
// The worker is the product here: it runs with its own default browser (the full Chromium, which
// a marketplace sees as a desktop Chrome), not the journeys' headless shell. It runs as Node with
// tsx's loader: the tsx CLI would put a second Node process in front of each run.
const worker = (args: string[]) => [process.execPath, ['--import', 'tsx', ...args]] as const;

const target = (productId: string) => ({ productId, itemId: '1', vendorItemId: '2', name: `측정 상품 ${productId}` });
const scenarios: Record<string, Scenario> = {
  // 7th organic result on page 2 (5 per page, an ad after every 2; the first ad is the product itself).
  '무선 청소기': {
    kind: 'results',
    pages: resultPages({
      pages: 3,
      perPage: 5,
      adsEvery: 2,
      firstAd: target('8101'),
      place: [{ rank: 7, product: target('8101') }],
    }),
  },
  '스텐 텀블러': { kind: 'results', pages: resultPages({ pages: 3, perPage: 5, adsEvery: 2, seed: 100 }) },
  '없는 검색어': { kind: 'empty' },
  '발목 양말': { kind: 'blocked' },
  장우산: { kind: 'unknown-layout' },
  '느린 검색어': {
    kind: 'results',
    slowMs: 4000,
    pages: resultPages({ pages: 1, perPage: 5, place: [{ rank: 1, product: target('8106') }] }),
  },
};
const slots = [
  { id: 'RW-FOUND', keyword: '무선 청소기', productId: '8101' },
  { id: 'RW-ABSENT', keyword: '스텐 텀블러', productId: '8102' },
  { id: 'RW-EMPTY', keyword: '없는 검색어', productId: '8103' },
  { id: 'RW-BLOCKED', keyword: '발목 양말', productId: '8104' },
  { id: 'RW-UNKNOWN', keyword: '장우산', productId: '8105' },
  { id: 'RW-SLOW', keyword: '느린 검색어', productId: '8106' },
];

let stack: LocalStack;
let fake: FakeMarketplace;
let key: string;
let owner: { id: string; email: string; token: string };

function runWorker(extra: string[], dump?: string) {
  const args = ['rank-worker/main.ts', '--api', stack.url, '--key', key, '--market-url', fake.url, '--once'];
  args.push('--depth', '3', '--delay-ms', '20', '--page-timeout-ms', '2000', '--recompute');
  if (dump) args.push('--dump', dump);
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
    execFile(...worker([...args, ...extra]), { cwd: root, timeout: 120_000 }, (err, stdout, stderr) =>
      done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

async function rankOf(id: string) {
  const { slotsStore } = await import('../../functions/storage/slots');
  return (await slotsStore.get(id))!.rank ?? null;
}

/**
 * The tests after the first rely on a work list of the three failing pairs only. That holds while the
 * KST day of the first run lasts; at midnight (15:00 UTC) every pair is due again. Posting today's
 * healthy checks of the three others, as the first run measured them, keeps the list as assumed.
 */
async function leaveOnlyFailingPairs() {
  const observedAt = new Date().toISOString();
  const check = (keyword: string, productId: string, rest: object) => ({
    keyword,
    productId,
    itemId: '1',
    vendorItemId: '2',
    observedAt,
    ...rest,
  });
  const res = await fetch(`${stack.url}/api/rank/observations`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({
      observations: [
        check('무선 청소기', '8101', { status: 'found', rank: 7, depthScanned: 7, productName: '측정 상품 8101' }),
        check('스텐 텀블러', '8102', { status: 'not_found', depthScanned: 15 }),
        check('없는 검색어', '8103', { status: 'not_found', depthScanned: 0 }),
      ],
    }),
  });
  expect(res.status).toBe(200);
}

async function checksOf(keyword: string, productId: string) {
  const { rankObservationsStore } = await import('../../functions/storage/rank-observations');
  const { pairIdOf } = await import('../../functions/domain/rank-measurement/pairs');
  return rankObservationsStore.ofPairDay(pairIdOf({ keyword, productId, itemId: '1', vendorItemId: '2' }), kstToday());
}

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  fake = await startFakeMarketplace(scenarios);
  const developer = await newAccount(stack, { role: 'developer' });
  owner = await newAccount(stack);
  key = (await newWorkerKey(stack, developer.token, '테스트 수집기')).key;
  await seedSlots(owner.id, slots);
  // The blocked pair was 15th at an earlier check: a failed check must leave that alone.
  const { slotsStore } = await import('../../functions/storage/slots');
  const { slotCountersStore } = await import('../../functions/storage/slot-counters');
  const { transact } = await import('../../functions/storage/transactions');
  const blocked = (await slotsStore.get('RW-BLOCKED'))!;
  await transact([slotsStore.update(blocked, { rank: 15 }), slotCountersStore.userUpdate(owner.id, {})]);
});

afterAll(async () => {
  await fake?.close();
  await stack?.stop();
});

describe('rank worker against local mode and a fake marketplace', () => {
  it('measures every pair, posts the checks and the recompute job sets ranks as the server rules say', async () => {
    const dump = mkdtempSync(join(tmpdir(), 'rank-worker-dump-'));
    const run = await runWorker([], dump);
    expect(run.code, run.stderr).toBe(0);
    // The key is never logged.
    expect(run.stdout + run.stderr).not.toContain(key);
    expect(run.stdout).toMatch(/무선 청소기 \/ 8101: found #7/);
    expect(run.stdout).toMatch(/posted 6: accepted 6, rejected 0/);
    expect(run.stdout).toMatch(/recompute job run/);

    // Found: organic rank (the ad of the same product above it is skipped), name and depth.
    const [found] = await checksOf('무선 청소기', '8101');
    expect(found).toMatchObject({ status: 'found', rank: 7, depthScanned: 7, productName: '측정 상품 8101' });
    expect(await rankOf('RW-FOUND')).toBe(7);
    // Not found after three healthy pages of 5 organic results: 999.
    expect((await checksOf('스텐 텀블러', '8102'))[0]).toMatchObject({ status: 'not_found', depthScanned: 15 });
    expect(await rankOf('RW-ABSENT')).toBe(999);
    expect((await checksOf('없는 검색어', '8103'))[0]).toMatchObject({ status: 'not_found', depthScanned: 0 });
    expect(await rankOf('RW-EMPTY')).toBe(999);
    // Failed: blocked, unknown layout, timeout; the rank stays what it was (15, or none yet).
    const blocked = (await checksOf('발목 양말', '8104'))[0];
    expect(blocked.status).toBe('failed');
    expect(JSON.stringify(blocked.evidence)).toMatch(/HTTP 403/);
    expect(await rankOf('RW-BLOCKED')).toBe(15);
    expect(JSON.stringify((await checksOf('장우산', '8105'))[0].evidence)).toMatch(/no known result list/);
    expect(await rankOf('RW-UNKNOWN')).toBeNull();
    expect(JSON.stringify((await checksOf('느린 검색어', '8106'))[0].evidence)).toMatch(/timeout after 2000 ms/);
    expect(await rankOf('RW-SLOW')).toBeNull();
    // --dump kept every page it saw (the slow one timed out before it had one).
    expect(readdirSync(dump).length).toBeGreaterThanOrEqual(8);

    // The work list now holds only the failed pairs: a restarted worker resumes with those.
    const res = await fetch(`${stack.url}/api/rank/work`, { headers: { 'x-api-key': key } });
    const left = ((await res.json()) as { data: { items: Array<{ keyword: string }> } }).data.items;
    expect(left.map((i) => i.keyword).sort()).toEqual(['느린 검색어', '발목 양말', '장우산'].sort());
  });

  it('the operations screen shows the coverage and failure reasons the fake served; a blocked worker raises one staff alert', async () => {
    const operator = await newAccount(stack, { role: 'operator' });
    const browser = await launchBrowser();
    const failing = ['발목 양말', '장우산', '느린 검색어'] as const;
    const served = Object.fromEntries(failing.map((k) => [k, scenarios[k]]));
    try {
      const page = await browser.freshPage();
      const api = trackApiCalls(page);
      await submitLogin(page, stack.url, operator.email, 'secret12');
      await page.waitForURL((url) => url.pathname === '/admin');
      await page.getByRole('link', { name: '순위 측정 현황' }).first().click();
      await page.waitForURL((url) => url.pathname === '/admin/rank-operations');
      const today = page.getByLabel('오늘 측정 현황', { exact: true }).and(page.locator('dl'));
      await today.waitFor();
      await api.settled();
      // The first run: 7th found, two not found (15 healthy results, an empty search), three failed.
      const figures = async () => (await today.locator('dd').allTextContents()).slice(0, 6);
      expect(await figures()).toEqual(['6개', '3개 (50%)', '6건', '1건', '2건', '3건']);
      const reasons = async () =>
        Object.fromEntries(
          (await page.getByRole('table', { name: '오늘 실패 사유' }).locator('tbody tr').allTextContents()).map(
            (row) => [row.replace(/\d+$/, ''), Number(row.match(/\d+$/)![0])],
          ),
        );
      // The fake's 403 block page, its unknown layout and its slow page, one each.
      expect(await reasons()).toEqual({
        차단됨: 1,
        '시간 초과': 1,
        '페이지 형식 인식 실패': 1,
        '페이지 불러오기 실패': 0,
        기타: 0,
      });
      const worker = page.getByRole('table', { name: '순위 수집기 현황' }).getByRole('row', { name: /테스트 수집기/ });
      // Checks today, failed today, failure rate.
      expect((await worker.locator('td').allTextContents()).slice(4, 7)).toEqual(['6', '3', '50%']);
      await page.getByRole('table', { name: '순위 재계산 실행 목록' }).getByText('1/1 단위').first().waitFor();
      await expect(page.getByRole('region', { name: '현재 순위 경보' }).textContent()).resolves.toContain(
        '경보가 없습니다',
      );

      // The marketplace now blocks every search: the worker's next round fails every pair it is given.
      for (const k of failing) scenarios[k] = { kind: 'blocked' };
      const run = await runWorker(['--max-failures', '10']);
      expect(run.stdout).toMatch(/posted 3: accepted 3/);
      const job = await fetch(`${stack.url}/_local/jobs/rank-ops-alerts`, { method: 'POST' });
      expect(job.status).toBe(200);
      // Running the job again while the rule still holds sends nothing more.
      expect((await fetch(`${stack.url}/_local/jobs/rank-ops-alerts`, { method: 'POST' })).status).toBe(200);
      // Staff carry no bell or toasts: the console shows the firing alert on every page.
      await page.reload();
      const notice = page.getByRole('region', { name: '순위 경보 알림' });
      await notice.waitFor();
      await expect(notice.textContent()).resolves.toContain('최근 1시간 측정 실패 과반');
      await expect(page.getByRole('region', { name: '현재 순위 경보' }).textContent()).resolves.toContain(
        '최근 1시간 측정 실패 과반',
      );
      expect(await reasons()).toMatchObject({ 차단됨: 4, '시간 초과': 1, '페이지 형식 인식 실패': 1 });
      await page.getByRole('link', { name: '사용자 관리' }).first().click();
      await page.waitForURL((url) => url.pathname === '/admin/users');
      await notice.getByRole('link', { name: '순위 측정 현황 보기' }).waitFor();
      // One stored notice for each staff member (6 of the last hour's 9 checks failed), not one per pair.
      const { notificationsOf } = await import('../support/notifications');
      const notices = (await notificationsOf(operator.id)).filter((n) => n.title === '순위 측정 실패가 많습니다');
      expect(notices).toHaveLength(1);
      expect(notices[0].message).toMatch(
        /^최근 1시간 순위 측정 9건 중 6건이 실패했습니다\. 오늘의 실패 사유: 차단됨 4건/,
      );
    } finally {
      Object.assign(scenarios, served);
      await browser.close();
    }
  });

  it('in long-running mode, SIGTERM finishes the current pair, posts it and exits cleanly', async () => {
    await leaveOnlyFailingPairs();
    const failedBefore =
      (await checksOf('느린 검색어', '8106')).length +
      (await checksOf('발목 양말', '8104')).length +
      (await checksOf('장우산', '8105')).length;
    // The key from the environment: unlike --key, it does not show in the process list.
    const args = ['rank-worker/main.ts', '--api', stack.url, '--market-url', fake.url];
    args.push('--interval', '60', '--delay-ms', '300', '--page-timeout-ms', '2000');
    // Node with tsx's loader, not the tsx CLI: the CLI relays a signal and kills its child if the child
    // does not confirm it within 30 ms, which a loaded machine misses (exit 143).
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: root,
      env: { ...process.env, RANK_WORKER_KEY: key },
    });
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    // Signal once the first pair is under way (its first page requested).
    const before = fake.requests.length;
    await expect.poll(() => fake.requests.length, { timeout: 30_000 }).toBeGreaterThan(before);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toMatch(/SIGTERM: finishing the current pair/);
    const posted = Number(out.match(/posted (\d+): accepted/)?.[1]);
    expect(posted).toBeGreaterThanOrEqual(1);
    expect(posted).toBeLessThan(3);
    expect(out).not.toMatch(/next round in/);
    const failedAfter =
      (await checksOf('느린 검색어', '8106')).length +
      (await checksOf('발목 양말', '8104')).length +
      (await checksOf('장우산', '8105')).length;
    expect(failedAfter - failedBefore).toBe(posted);
  });

  it('in mobile mode searches the mobile pages as a phone, and stops after the configured number of failed checks in a row instead of hammering a blocking site', async () => {
    await leaveOnlyFailingPairs();
    const before = fake.requests.length;
    // One run for both: the count of failures in a row is the same in either mode, and each worker
    // run starts a Node process and a full Chromium (seconds of CPU on this machine).
    const run = await runWorker(['--mode', 'mobile', '--max-failures', '1']);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/1 failed checks in a row/);
    expect(run.stdout).toMatch(/posted 1: accepted 1/);
    // One pair, one page: the worker gave up at the first unhealthy page.
    expect(fake.requests.slice(before)).toHaveLength(1);
    expect(fake.requests[before]).toMatch(/^\/nm\/search\?q=/);
    expect(fake.userAgents[before]).toMatch(/Android.*Mobile/);
    expect(fake.userAgents[0]).not.toMatch(/Mobile/);
  });

  it('starts no pair its daily page budget cannot cover to the full depth', async () => {
    await leaveOnlyFailingPairs();
    const before = fake.requests.length;
    // Budget 4, depth 3: the first two pairs fit (each fails on its first page), the third does not.
    const run = await runWorker(['--daily-budget', '4', '--max-failures', '10']);
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/daily budget of 4 pages reached/);
    expect(run.stdout).toMatch(/posted 2: accepted 2/);
    expect(fake.requests.length - before).toBe(2);
  });

  it('My slots and the ranking page show the measured rank, 순위없음 for a product not found, and the old rank after a failed check', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.freshPage();
      const api = trackApiCalls(page);
      await submitLogin(page, stack.url, owner.email, 'secret12');
      await page.waitForURL((url) => url.pathname === '/slots');
      const list = page.getByRole('region', { name: '슬롯 목록' });
      await list.getByRole('button', { name: '7위, 순위 히스토리 보기' }).waitFor();
      await api.settled();
      const rankButtons = await list
        .getByRole('button', { name: /, 순위 히스토리 보기$/ })
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      const names = rankButtons.map((n) => n!.replace(', 순위 히스토리 보기', '')).sort();
      expect(names).toEqual(
        ['7위', '15위', rankTexts.noRank, rankTexts.noRank, rankTexts.measuring, rankTexts.measuring].sort(),
      );
      await list.getByText('측정 상품 8101').waitFor();

      // The ranking page lists the measured slot among the current best ranks.
      await page.getByRole('link', { name: '성과 랭킹' }).first().click();
      await page.waitForURL((url) => url.pathname === '/ranking');
      const best = page.getByRole('table', { name: '현재 순위 TOP' });
      await best.waitFor();
      const rows = await best.locator('tbody tr').allTextContents();
      expect(rows[0]).toContain('무선 청소기');
      expect(rows[0]).toContain('7위');
    } finally {
      await browser.close();
    }
  });
  it('three workers started at once with no share options check every pair once: each page of a healthy pair is fetched once in all', async () => {
    // Twelve more pairs (another advertiser), at ranks on page 1, 2 or 3 of the results, or absent.
    const ranks = [3, 8, 12, null, 1, 6, null, 14, 2, 9, null, 5];
    const shared = ranks.map((rank, i) => {
      const productId = String(8201 + i);
      return { id: `RW-SHARE-${i}`, keyword: `공유 작업 ${i + 1}`, productId, rank };
    });
    const sharedScenarios: Record<string, Scenario> = Object.fromEntries(
      shared.map((s) => [
        s.keyword,
        {
          kind: 'results',
          pages: resultPages({
            pages: 3,
            perPage: 5,
            seed: 300 + Number(s.productId),
            place: s.rank ? [{ rank: s.rank, product: target(s.productId) }] : [],
          }),
        },
      ]),
    );
    // The fake answers no page until three are requested at once: every worker is at work side by side.
    const market = await startFakeMarketplace(sharedScenarios, { together: 3 });
    onTestFinished(() => market.close());
    const other = await newAccount(stack);
    await seedSlots(
      other.id,
      shared.map(({ id, keyword, productId }) => ({ id, keyword, productId })),
    );
    // Only the twelve are due: the earlier pairs get a healthy check of today.
    await leaveOnlyFailingPairs();
    const res = await fetch(`${stack.url}/api/rank/observations`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({
        observations: [
          ['느린 검색어', '8106'],
          ['발목 양말', '8104'],
          ['장우산', '8105'],
        ].map(([keyword, productId]) => ({
          keyword,
          productId,
          itemId: '1',
          vendorItemId: '2',
          status: 'not_found',
          depthScanned: 15,
          observedAt: new Date().toISOString(),
        })),
      }),
    });
    expect(res.status).toBe(200);
    const { rankLeasesStore } = await import('../../functions/storage/rank-leases');
    const unleasedBefore = await rankLeasesStore.unleasedCount(kstToday());

    // One key for all three (as on one machine); no --shard. Two pairs a lease, so the twelve spread out.
    const args = ['rank-worker/main.ts', '--api', stack.url, '--key', key, '--market-url', market.url, '--once'];
    args.push('--depth', '3', '--delay-ms', '20', '--page-timeout-ms', '90000', '--batch-size', '2');
    const runs = await Promise.all(
      [1, 2, 3].map(
        () =>
          new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
            execFile(...worker(args), { cwd: root, timeout: 150_000 }, (err, stdout, stderr) =>
              done({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
            ),
          ),
      ),
    );
    expect(market.gathered).toBe(true);
    for (const run of runs) {
      expect(run.code, run.stderr).toBe(0);
      // Every worker checked some of the pairs.
      expect(run.stdout).toMatch(/공유 작업 \d+ \/ \d+: (found|not_found)/);
    }
    const checked = runs.flatMap((r) => [...r.stdout.matchAll(/(공유 작업 \d+) \/ \d+: /g)].map((m) => m[1]));
    expect(checked.sort()).toEqual(shared.map((s) => s.keyword).sort());

    // The fake's page requests, per pair: pages 1 up to the one with the product (all 3 when absent), once each.
    const pagesAsked = new Map<string, number[]>();
    for (const path of market.requests) {
      const url = new URL(path, 'http://fake');
      if (url.pathname !== '/np/search') continue;
      const keyword = url.searchParams.get('q')!;
      pagesAsked.set(keyword, [...(pagesAsked.get(keyword) ?? []), Number(url.searchParams.get('page'))]);
    }
    for (const s of shared) {
      const last = s.rank ? Math.ceil(s.rank / 5) : 3;
      expect(pagesAsked.get(s.keyword)?.sort(), s.keyword).toEqual(Array.from({ length: last }, (_, i) => i + 1));
      const stored = await checksOf(s.keyword, s.productId);
      expect(stored, s.keyword).toHaveLength(1);
      expect(stored[0]).toMatchObject(s.rank ? { status: 'found', rank: s.rank } : { status: 'not_found' });
    }
    // Each check came from the worker holding the pair's lease.
    expect(await rankLeasesStore.unleasedCount(kstToday())).toBe(unleasedBefore);
  }, 180_000);
});
