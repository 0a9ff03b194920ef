import { gzipSync } from 'node:zlib';
import type { Cookie, Page, Response } from 'playwright-core';
import type { BrowserSession } from './browser';
import { submitLogin } from './browser';

/**
 * The JavaScript a first visit of a route downloads, counted from the network in
 * headless Chromium, each file gzip-compressed as a CDN would serve it. One way of counting for the
 * bench (bench/first-load-js.bench.ts) and the budget test (test/browser/first-load-budget.test.ts).
 * The budgets are for the SPA on React 19 and react-dom.
 */
const FIRST_LOAD_BUDGET_KB: Record<string, number> = { '/login': 125, '/slots': 175 };
const DEFAULT_FIRST_LOAD_BUDGET_KB = 215;
export const firstLoadBudgetKb = (path: string) => FIRST_LOAD_BUDGET_KB[path] ?? DEFAULT_FIRST_LOAD_BUDGET_KB;

export type FirstLoadRole = 'anonymous' | 'user' | 'operator' | 'developer';

/**
 * Every route of the SPA's router (web/src/app/router.tsx), visited as the role it is for:
 * advertiser pages as an advertiser, /admin/* as an operator (/admin/settings as a developer),
 * /login signed out. `landsOn`: where the route sends a first visit with the default settings
 * (/cash opens the charge dialog over the cash history). `:slotId` is an advertiser's own slot.
 */
export const firstLoadRoutes: { path: string; as: FirstLoadRole; landsOn?: string }[] = [
  { path: '/login', as: 'anonymous' },
  { path: '/login-preview', as: 'anonymous' },
  { path: '/slots', as: 'user' },
  { path: '/slots/bulk', as: 'user' },
  { path: '/slots/:slotId/rank-history', as: 'user' },
  { path: '/cash', as: 'user', landsOn: '/cash-history' },
  { path: '/cash/charge', as: 'user', landsOn: '/cash-history' },
  { path: '/cash-history', as: 'user' },
  { path: '/cash/history', as: 'user' },
  { path: '/ranking', as: 'user' },
  { path: '/profile', as: 'user' },
  { path: '/announcements', as: 'user' },
  { path: '/notifications', as: 'user' },
  { path: '/chat-test', as: 'user' },
  { path: '/notification-test', as: 'user' },
  { path: '/no-such-page', as: 'user' },
  { path: '/admin', as: 'operator' },
  { path: '/admin/slots', as: 'operator' },
  { path: '/admin/slot-allocation-history', as: 'operator' },
  { path: '/admin/cash', as: 'operator' },
  { path: '/admin/users', as: 'operator' },
  // The customer view: any id measures the same code (an unknown one shows the page's not-found).
  { path: '/admin/users/:id', as: 'operator' },
  { path: '/admin/chat', as: 'operator' },
  { path: '/admin/rank-operations', as: 'operator' },
  { path: '/admin/notifications', as: 'operator' },
  { path: '/admin/notification-history', as: 'operator' },
  { path: '/admin/announcements', as: 'operator' },
  { path: '/admin/settings', as: 'developer' },
];

export interface FirstLoad {
  kb: number;
  files: number;
  /** Each script's gzip size in KB, largest first, by file name (what to look at when over budget). */
  scripts: { file: string; kb: number }[];
  /** Where the page ended up (a guard's redirect would measure another page). */
  finalPath: string;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Gzip sizes of the build's content-hashed scripts (`/assets/<name>-<hash>.js`, served immutable), by
 * URL. Such a URL always names the same bytes, so a script every route downloads (React, the app
 * shell) is copied out of the browser and compressed once, not once per route: each body crosses the
 * DevTools protocol as base64 twice (Chromium to Playwright's server, then to the test), seconds of
 * CPU over the budget test's 28 routes. Which scripts a visit downloads is still read from its network.
 */
const hashedScriptGzipBytes = new Map<string, number>();
const isHashedAsset = (url: string) => new URL(url).pathname.startsWith('/assets/');

async function countScripts(page: Page, url: string, landsOn?: string): Promise<FirstLoad> {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const known = hashedScriptGzipBytes.get(response.url());
    if (known !== undefined && response.status() === 200) {
      sizes.set(response.url(), known);
      return;
    }
    pending.push(
      response.body().then(
        (body) => {
          const bytes = gzipSync(body).length;
          sizes.set(response.url(), bytes);
          if (isHashedAsset(response.url())) hashedScriptGzipBytes.set(response.url(), bytes);
        },
        () => undefined, // a redirect or an aborted load has no body
      ),
    );
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  if (landsOn && new URL(page.url()).pathname !== landsOn) {
    // A redirect made after the data loaded can follow a quiet spell longer than networkidle's
    // half-second on a loaded machine: wait for it and for what it downloads.
    await page.waitForURL((u) => u.pathname === landsOn, { timeout: 15_000 }).catch(() => undefined);
    await page.waitForLoadState('networkidle');
  }
  page.off('response', onResponse);
  await Promise.all(pending);
  const scripts = [...sizes.entries()]
    .map(([file, bytes]) => ({ file: new URL(file).pathname.replace(/^\/assets\//, ''), kb: kb(bytes) }))
    .sort((a, b) => b.kb - a.kb);
  const bytes = [...sizes.values()].reduce((a, b) => a + b, 0);
  return { kb: kb(bytes), files: sizes.size, scripts, finalPath: new URL(page.url()).pathname };
}

/** Who a measured visit is signed in as; the session's cookies are kept between visits. */
export interface FirstLoadAccount {
  loginId: string;
  password: string;
  /** The session after the last visit (the refresh cookie rotates on every load). */
  cookies?: Cookie[];
}

/**
 * A first visit of `path`: a fresh tab, no cookies, the HTTP cache off; signed in when `signIn` is
 * given. The first visit of an account signs in through the login form; later visits start from the
 * session cookies the previous visit left, as a returning user's browser does (a sign-in per route
 * doubled the file's time). The cookies are all that survive into the measured load.
 */
export async function measureFirstLoad(
  browser: BrowserSession,
  baseUrl: string,
  path: string,
  signIn?: FirstLoadAccount,
  /** Where the route sends the visit (`firstLoadRoutes`' `landsOn`), when not to `path` itself. */
  landsOn?: string,
): Promise<FirstLoad> {
  const page = await browser.freshPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    if (signIn?.cookies) await page.context().addCookies(signIn.cookies);
    else if (signIn) {
      await submitLogin(page, baseUrl, signIn.loginId, signIn.password);
      await page.waitForURL((u) => u.pathname !== '/login');
    }
    // Nothing the sign-in downloaded may be reused: every script of the route comes from the network.
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const figure = await countScripts(page, `${baseUrl}${path}`, landsOn);
    if (signIn) signIn.cookies = await page.context().cookies();
    return figure;
  } finally {
    await page.close();
  }
}
