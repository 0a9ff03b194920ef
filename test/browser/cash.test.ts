import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, screenshotsOf, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { settingsStore } from '../../functions/storage/settings';
import { invalidateSettingsCache } from '../../functions/domain/settings/settings-service';

/**
 * Cash in the browser: an advertiser requests a charge in the browser, an operator approves it with
 * a 10 % bonus, and the advertiser's balance and history show the amount and the bonus.
 */
const shot = screenshotsOf('simple-slot-cash-');
const advertiser = { email: 'cashadv', password: 'adpass123', fullName: '김충전' };
const operator = { email: 'cashop', password: 'oppass123', fullName: '박운영', role: 'operator' as const };

let stack: LocalStack;
let browser: BrowserSession;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  await stack.createUser(advertiser);
  await stack.createUser(operator);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function signIn(page: Page, email: string, password: string) {
  await submitLogin(page, stack.url, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function setSetting(key: string, value: unknown) {
  await settingsStore.put(key, value, 'business', 'test');
  invalidateSettingsCache();
}

describe('cash charge, approval and history', () => {
  it('advertiser requests, operator approves with 10 % bonus, advertiser sees balance and history', async () => {
    // 1. The advertiser opens the charge dialog from the sidebar and requests 100,000원.
    const adv = await browser.freshPage();
    await signIn(adv, advertiser.email, advertiser.password);
    const sidebarBalance = adv.getByText('보유 캐시').locator('..');
    await expect(sidebarBalance.getByText('0원').waitFor()).resolves.toBeUndefined();
    await adv.getByRole('button', { name: '캐시충전' }).click();
    const dialog = adv.getByRole('dialog', { name: '캐시 충전' });
    await dialog.waitFor();

    // The shared schema speaks first: nothing is sent without the three fields.
    await dialog.getByRole('button', { name: '충전 요청' }).click();
    await dialog.getByText('충전 금액을 입력해주세요.').waitFor();
    await dialog.getByText('입금 예정일시를 입력해주세요.').waitFor();
    await dialog.getByText('입금자명을 입력해주세요.').waitFor();
    await dialog.getByLabel('충전 금액', { exact: true }).fill('5000');
    await dialog.getByRole('button', { name: '충전 요청' }).click();
    await dialog.getByText('충전 금액은 10,000원 이상 1,000,000원 이하로 입력해주세요.').waitFor();

    await dialog.getByRole('button', { name: '100,000원' }).click();
    await expect(dialog.getByLabel('충전 금액', { exact: true }).inputValue()).resolves.toBe('100000');
    await dialog.getByLabel('입금 예정일시').fill('2025-03-01T14:30');
    await dialog.getByLabel('입금자명').fill('김충전');
    await dialog.getByRole('button', { name: '충전 요청' }).click();
    await dialog.getByText('충전 요청이 완료되었습니다.').waitFor();
    const succeededAt = Date.now();
    await dialog.waitFor({ state: 'detached', timeout: 8000 });
    // It closes by itself about 2 s later (the bound above is loose: journeys share the machine).
    const closedAfter = Date.now() - succeededAt;
    expect(closedAfter).toBeGreaterThan(1500);
    expect(closedAfter).toBeLessThan(6000);

    // 2. The operator approves it with a 10 % bonus.
    const op = await browser.freshPage();
    await signIn(op, operator.email, operator.password);
    await op.goto(`${stack.url}/admin/cash`);
    const row = op.getByRole('row').filter({ hasText: '김충전' }).filter({ hasText: '100,000원' });
    await row.waitFor();
    await expect(row.getByText('승인대기').isVisible()).resolves.toBe(true);
    await row.getByRole('button', { name: '승인' }).click();
    const approve = op.getByRole('dialog', { name: '충전 요청 승인' });
    await approve.getByLabel('보너스 비율 (%)').fill('10');
    await approve.getByText('110,000원').waitFor();
    await approve.getByRole('button', { name: '승인', exact: true }).click();
    await op.getByText('충전 요청이 승인되었습니다.').waitFor();
    await approve.waitFor({ state: 'detached' });
    await op.getByRole('tab', { name: /승인완료/ }).click();
    await op.getByRole('row').filter({ hasText: '김충전' }).filter({ hasText: '10,000원 (10%)' }).waitFor();
    await shot(op, 'approval');

    // 3. The advertiser sees 110,000원 in the sidebar and both entries in the history.
    const again = await browser.freshPage();
    await signIn(again, advertiser.email, advertiser.password);
    await again.getByText('보유 캐시').locator('..').getByText('110,000원').waitFor();
    await again.goto(`${stack.url}/cash-history`);
    const chargeRow = again.getByRole('row').filter({ hasText: '100,000원' });
    await chargeRow.waitFor();
    await expect(chargeRow.getByText('10,000원').isVisible()).resolves.toBe(true);
    await expect(chargeRow.getByText('승인완료').isVisible()).resolves.toBe(true);
    await expect(chargeRow.getByText('김충전').isVisible()).resolves.toBe(true);

    await again.getByRole('tab', { name: '사용 내역' }).click();
    await again.getByRole('row').filter({ hasText: '충전 보너스 (10%)' }).filter({ hasText: '+10,000원' }).waitFor();
    await again.getByRole('row').filter({ hasText: '캐시 충전' }).filter({ hasText: '+100,000원' }).waitFor();
    await shot(again, 'history');

    // The other spelling shows the same page.
    await again.goto(`${stack.url}/cash/history?tab=usage`);
    await again.getByRole('heading', { name: '캐시 내역' }).waitFor();
    await again.getByRole('row').filter({ hasText: '충전 보너스 (10%)' }).filter({ hasText: '110,000원' }).waitFor();
  });

  it('opens the charge page instead of a dialog when cashChargeMode is page', async () => {
    await setSetting('cashChargeMode', 'page');
    try {
      const page = await browser.freshPage();
      await signIn(page, advertiser.email, advertiser.password);
      await page.getByRole('button', { name: '캐시충전' }).click();
      await page.waitForURL('**/cash/charge');
      await page.getByRole('heading', { name: '캐시 충전' }).waitFor();
      await page.getByRole('button', { name: '30,000원' }).click();
      await page.getByLabel('입금 예정일시').fill('2025-03-02T09:00');
      await page.getByLabel('입금자명').fill('김충전');
      await page.getByRole('button', { name: '충전 요청' }).click();
      await page.getByText('충전 요청이 완료되었습니다.').waitFor();
      // The recent requests list on the page shows it, pending.
      await page.getByRole('row').filter({ hasText: '30,000원' }).filter({ hasText: '승인대기' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    } finally {
      await setSetting('cashChargeMode', 'modal');
    }
  });

  it('in modal mode /cash opens the charge dialog over the history; staff get no sidebar cash card', async () => {
    const page = await browser.freshPage();
    await signIn(page, operator.email, operator.password);
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    await page.getByRole('button', { name: '로그아웃' }).waitFor();
    expect(await page.getByText('보유 캐시').count()).toBe(0);
    expect(await page.getByRole('button', { name: '캐시충전' }).count()).toBe(0);
    await page.goto(`${stack.url}/cash`);
    await page.getByRole('dialog', { name: '캐시 충전' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/cash-history');
    await page.getByRole('heading', { name: '캐시 내역' }).waitFor();
  });
});
