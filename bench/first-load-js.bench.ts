import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { ensureWebBuild, launchBrowser, submitLogin } from '../test/support/browser';
import { startBenchStack } from './local-stack';

/**
 * Issue 18, item 1 (the figures; the budget test follows once the budgets are met): the JavaScript
 * a first visit of each route downloads, counted from the network in headless Chromium, each file
 * gzip-compressed as a CDN would serve it. Budgets: login ≤ 90 KB, /slots ≤ 150 KB, others ≤ 170 KB.
 */
const BUDGET_KB: Record<string, number> = { '/login': 90, '/slots': 150 };
const DEFAULT_BUDGET_KB = 170;
const userRoutes = ['/slots', '/slots/bulk', '/cash-history', '/profile', '/ranking', '/announcements', '/notifications'];
const staffRoutes = ['/admin', '/admin/slots', '/admin/cash', '/admin/users', '/admin/slot-allocation-history', '/admin/announcements', '/admin/notifications', '/admin/notification-history'];

async function firstLoadJs(page: Page, url: string): Promise<{ kb: number; files: number }> {
  const sizes = new Map<string, number>();
  const onResponse = async (response: import('playwright-core').Response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      sizes.set(response.url(), gzipSync(await response.body()).length);
    } catch {
      /* a redirect or an aborted load has no body */
    }
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  const bytes = [...sizes.values()].reduce((a, b) => a + b, 0);
  return { kb: Math.round((bytes / 1024) * 10) / 10, files: sizes.size };
}

export async function runFirstLoadJsBench(log: (msg: string) => void = console.log) {
  ensureWebBuild();
  const stack = await startBenchStack({ webDist: true });
  const browser = await launchBrowser();
  try {
    const { createUser } = await import('../functions/domain/auth/auth-service');
    await createUser({ loginId: 'jsuser', password: 'benchpass1', fullName: '광고주', role: 'user' });
    await createUser({ loginId: 'jsstaff', password: 'benchpass1', fullName: '운영자', role: 'operator' });
    const routes: Record<string, { kb: number; files: number; budgetKb: number; withinBudget: boolean }> = {};
    const measure = async (path: string, signInAs?: string) => {
      // A fresh page and an empty cache for every route: what a first visit costs.
      const page = await browser.freshPage();
      await page.context().clearCookies();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      if (signInAs) {
        await submitLogin(page, stack.url, signInAs, 'benchpass1');
        await page.waitForURL((u) => u.pathname !== '/login');
        await cdp.send('Network.clearBrowserCache');
      }
      const figure = await firstLoadJs(page, `${stack.url}${path}`);
      const budgetKb = BUDGET_KB[path] ?? DEFAULT_BUDGET_KB;
      routes[path] = { ...figure, budgetKb, withinBudget: figure.kb <= budgetKb };
      log(`${path}: ${figure.kb} KB gzip in ${figure.files} files (budget ${budgetKb})`);
    };
    await measure('/login');
    for (const path of userRoutes) await measure(path, 'jsuser');
    for (const path of staffRoutes) await measure(path, 'jsstaff');
    return { date: new Date().toISOString(), note: 'gzip of each script downloaded on a first visit with an empty cache (signed in where the route needs it)', routes };
  } finally {
    await browser.close();
    await stack.stop();
  }
}
