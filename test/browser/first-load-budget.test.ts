import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, webBuildIsCurrent, type BrowserSession } from '../support/browser';
import {
  firstLoadBudgetKb,
  firstLoadRoutes,
  measureFirstLoad,
  type FirstLoad,
  type FirstLoadAccount,
  type FirstLoadRole,
} from '../support/first-load-js';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, row } from '../support/slots';
import { apiClient } from '../support/http';

/**
 * The first-load JavaScript budget of the production build on React 19 (every
 * script a first visit downloads, taken from the network in headless Chromium and gzip-compressed
 * one by one as a CDN sends it): /login ≤ 125 KB, /slots ≤ 175 KB, every other route ≤ 215 KB. It
 * measures web/dist as built (`npm test` runs `npm run build:web` first) and builds nothing itself. Over budget? `npm run bench first-load-js` lists each route's
 * scripts; docs/performance.md says what each measure saved.
 */
const routerSource = readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8');

let stack: LocalStack;
let browser: BrowserSession;
let slotId: string;
const accounts = {} as Record<Exclude<FirstLoadRole, 'anonymous'>, FirstLoadAccount>;
const figures: { path: string; as: FirstLoadRole; budgetKb: number; figure: FirstLoad }[] = [];

beforeAll(async () => {
  if (!webBuildIsCurrent())
    throw new Error('web/dist is missing or older than the web sources: run `npm run build:web` first');
  stack = await startLocalStack();
  for (const role of ['user', 'operator', 'developer'] as const) {
    const account = await newAccount(stack, { role, balance: role === 'user' ? 100_000 : undefined });
    accounts[role] = { loginId: account.email, password: 'secret12' };
    if (role === 'user') {
      // The rank-history window shows one of the advertiser's own slots.
      const created = await apiClient(stack.url).call('POST', '/api/slots', {
        token: account.token,
        body: row(1),
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      slotId = created.body.data.id;
    }
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (figures.length > 0) {
    console.log(
      [
        'First-load JS, gzip (KB):',
        ...figures.map(
          ({ path, as, budgetKb, figure }) =>
            `  ${path.padEnd(32)} ${String(figure.kb).padStart(6)} / ${budgetKb}  (${as}, ${figure.files} files)`,
        ),
      ].join('\n'),
    );
  }
});

describe('First-load JS budget (production build)', () => {
  it('covers every route the router declares', () => {
    // Each path the router names (`page('x', …)` or `path: 'x'`) is the tail of a measured route.
    const declared = [...routerSource.matchAll(/(?:page\(\s*|path:\s*)'([^']+)'/g)].map((m) => m[1]);
    expect(declared.length).toBeGreaterThan(20);
    const measured = firstLoadRoutes.map((r) => r.path);
    const uncovered = declared.filter((path) =>
      path === '*'
        ? !measured.includes('/no-such-page')
        : !measured.some((m) => m === `/${path}` || m.endsWith(`/${path}`)),
    );
    expect(uncovered).toEqual([]);
  });

  it.each(firstLoadRoutes)('$path ($as) stays within its budget', async ({ path, as, landsOn }) => {
    const url = path.replace(':slotId', slotId);
    const account = as === 'anonymous' ? undefined : accounts[as];
    const figure = await measureFirstLoad(browser, stack.url, url, account, landsOn);
    const budgetKb = firstLoadBudgetKb(path);
    figures.push({ path, as, budgetKb, figure });
    const largest = figure.scripts
      .slice(0, 6)
      .map((s) => `${s.file} ${s.kb}`)
      .join(', ');
    console.log(
      `${path} (${as}): ${figure.kb} KB gzip in ${figure.files} files (budget ${budgetKb}); largest: ${largest}`,
    );
    // The page measured is the page asked for, not a guard's redirect.
    expect(figure.finalPath).toBe(landsOn ?? url);
    expect(figure.files).toBeGreaterThan(3);
    expect(
      figure.kb,
      `${path}: ${figure.kb} KB gzip over its ${budgetKb} KB budget (largest: ${largest})`,
    ).toBeLessThanOrEqual(budgetKb);
  });
});
