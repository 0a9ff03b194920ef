import { signedInClient } from '../shared/api-client';
import { ensureWebBuild, launchBrowser } from '../test/support/browser';
import { firstLoadBudgetKb, firstLoadRoutes, measureFirstLoad, type FirstLoad } from '../test/support/first-load-js';
import { startBenchStack } from './local-stack';

/**
 * First-load JavaScript (the figures; test/browser/first-load-budget.test.ts enforces the budgets): the
 * JavaScript a first visit of each route of the router downloads, counted from the network in
 * headless Chromium with the HTTP cache off, each file gzip-compressed as a CDN would serve it, signed
 * in as the route's role. Budgets (React 19): login ≤ 125 KB, /slots ≤ 175 KB, others ≤ 215 KB. Each route's
 * scripts are listed, largest first, in the JSON.
 */
export async function runFirstLoadJsBench(log: (msg: string) => void = console.log) {
  ensureWebBuild();
  const stack = await startBenchStack({ webDist: true });
  const browser = await launchBrowser();
  try {
    const { createUser } = await import('../functions/domain/auth/auth-service');
    const { credit } = await import('../functions/domain/cash/ledger');
    const password = 'benchpass1';
    const accounts = {
      user: { loginId: 'jsuser', password },
      operator: { loginId: 'jsstaff', password },
      developer: { loginId: 'jsdev', password },
    };
    const user = await createUser({ loginId: 'jsuser', password, fullName: '광고주', role: 'user' });
    await createUser({ loginId: 'jsstaff', password, fullName: '운영자', role: 'operator' });
    await createUser({ loginId: 'jsdev', password, fullName: '개발자', role: 'developer' });
    await credit({
      userId: user.id,
      amount: 100_000,
      type: 'charge',
      description: '벤치 충전',
      referenceId: 'bench',
      idempotencyKey: 'first-load-fund',
    });
    // The rank-history window shows one of the advertiser's own slots.
    const { client: api } = await signedInClient({ baseUrl: stack.url }, 'jsuser', password);
    const slot = await api.call('POST /api/slots', {
      idempotencyKey: crypto.randomUUID(),
      body: {
        customFields: {
          keywords: '벤치 키워드',
          landingUrl: 'https://www.coupang.com/vp/products/1001?itemId=2001&vendorItemId=3001',
          mid: 'M1',
        },
      },
    });
    const slotId = slot.id;
    if (!slotId) throw new Error('could not register the slot the rank-history window shows');

    const routes: Record<string, FirstLoad & { as: string; budgetKb: number; withinBudget: boolean }> = {};
    for (const { path, as, landsOn } of firstLoadRoutes) {
      const figure = await measureFirstLoad(
        browser,
        stack.url,
        path.replace(':slotId', slotId),
        as === 'anonymous' ? undefined : accounts[as],
        landsOn,
      );
      const budgetKb = firstLoadBudgetKb(path);
      routes[path] = { as, ...figure, budgetKb, withinBudget: figure.kb <= budgetKb };
      log(`${path} (${as}): ${figure.kb} KB gzip in ${figure.files} files (budget ${budgetKb})`);
    }
    return {
      date: new Date().toISOString(),
      note: 'gzip of each script a first visit downloads (HTTP cache off, signed in as the route needs), from the production build',
      routes,
    };
  } finally {
    await browser.close();
    await stack.stop();
  }
}
