import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { balanceOf, newAccount, productUrl } from '../support/slots';

/**
 * A retry charges once. The registration reaches the server, which commits it, but
 * its answer never reaches the page (the connection drops); the screen says so, the advertiser
 * presses the button again, and the server answers that very registration: one slot set, one ledger
 * entry, the balance charged once. For one slot and for a bulk of three rows.
 */
const PRICE = 50_000; // defaultSlotPrice
const START = 1_000_000;
const NETWORK_ERROR = '서버와의 통신 중 오류가 발생했습니다.';

let stack: LocalStack;
let browser: BrowserSession;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/**
 * The first `method path` request goes through to the server (which commits), then its answer is
 * dropped; later ones pass untouched. Resolves the Idempotency-Keys every attempt carried.
 */
async function dropFirstAnswer(page: Page, method: string, path: string) {
  const keys: string[] = [];
  let dropped = false;
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      const request = route.request();
      if (request.method() !== method) return route.continue();
      keys.push((await request.headerValue('idempotency-key')) ?? '');
      if (dropped) return route.continue();
      dropped = true;
      const committed = await route.fetch();
      expect([200, 201]).toContain(committed.status());
      await route.abort('connectionreset');
    },
  );
  return keys;
}

async function ledgerOf(token: string) {
  const http = apiClient(stack.url);
  const answer = await http.call('GET', '/api/cash/transactions?limit=100', { token });
  return answer.body.data.items as Array<{ type: string; amount: number }>;
}

async function slotsOf(token: string) {
  const http = apiClient(stack.url);
  const answer = await http.call('GET', '/api/slots?limit=100', { token });
  return answer.body.data.items as Array<{ id: string; customFields: Record<string, string> }>;
}

/** Fires a real paste event with clipboard text at the focused element (headless has no OS clipboard). */
async function pasteText(page: Page, text: string) {
  await page.evaluate((data) => {
    const target = document.activeElement as HTMLElement;
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', data);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);
}

async function signIn(page: Page, email: string) {
  await submitLogin(page, stack.url, email, 'secret12');
  await page.waitForURL((url) => url.pathname === '/slots');
}

describe('a retry after a lost answer charges once', () => {
  it('single registration: one slot, one purchase entry, the price charged once', async () => {
    const advertiser = await newAccount(stack, { balance: START });
    const page = await browser.freshPage();
    await signIn(page, advertiser.email);
    const keys = await dropFirstAnswer(page, 'POST', '/api/slots');

    await page.getByRole('button', { name: '개별 등록' }).click();
    const dialog = page.getByRole('dialog', { name: '슬롯 개별 등록' });
    await dialog.getByLabel('키워드').fill('재시도 키워드');
    await dialog.getByLabel('URL').fill(productUrl(1));
    await dialog.getByLabel('MID').fill('M1');
    await dialog.getByRole('button', { name: /^등록/ }).click();
    await dialog.getByText(NETWORK_ERROR).waitFor();
    // The server did register it: the first attempt was committed, only its answer was lost.
    expect(await slotsOf(advertiser.token)).toHaveLength(1);

    await dialog.getByRole('button', { name: /^등록/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('재시도 키워드').waitFor();

    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const slots = await slotsOf(advertiser.token);
    expect(slots).toHaveLength(1);
    expect(slots[0].customFields.keywords).toBe('재시도 키워드');
    const purchases = (await ledgerOf(advertiser.token)).filter((e) => e.type === 'purchase');
    expect(purchases).toHaveLength(1);
    expect(await balanceOf(advertiser.id)).toBe(START - PRICE);
    await expect(page.getByText('검색 결과').locator('strong').textContent()).resolves.toBe('1');
  });

  it('bulk registration of three rows: three slots, charged once', async () => {
    const advertiser = await newAccount(stack, { balance: START });
    const page = await browser.freshPage();
    await signIn(page, advertiser.email);
    const keys = await dropFirstAnswer(page, 'POST', '/api/slots/bulk');

    await page.getByRole('link', { name: '대량 등록' }).click();
    const grid = page.getByRole('grid', { name: '슬롯 대량 등록 표' });
    await grid.waitFor();
    await grid.locator('td[role="gridcell"]').first().click();
    const rows = [1, 2, 3].map((n) => [`대량 재시도 ${n}`, productUrl(10 + n), `M${n}`].join('\t'));
    await pasteText(page, rows.join('\r\n') + '\r\n');
    const submit = page.getByRole('button', { name: '3개 슬롯 신청 (150,000원)' });
    await submit.click();
    const confirm = page.getByRole('dialog', { name: '슬롯 신청' });
    await confirm.getByRole('button', { name: '신청' }).click();
    await page.getByText(NETWORK_ERROR).waitFor();
    expect(await slotsOf(advertiser.token)).toHaveLength(3);

    // The grid still holds the same three rows: send them again.
    await submit.click();
    await page.getByRole('dialog', { name: '슬롯 신청' }).getByRole('button', { name: '신청' }).click();
    await page.getByText('3개 슬롯이 성공적으로 등록되었습니다.').waitFor();
    await page.waitForURL((url) => url.pathname === '/slots');

    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const slots = await slotsOf(advertiser.token);
    expect(slots.map((s) => s.customFields.keywords).sort()).toEqual([
      '대량 재시도 1',
      '대량 재시도 2',
      '대량 재시도 3',
    ]);
    const ledger = await ledgerOf(advertiser.token);
    const spent = ledger.filter((e) => e.type === 'purchase').reduce((sum, e) => sum + Math.abs(e.amount), 0);
    expect(spent).toBe(3 * PRICE);
    expect(await balanceOf(advertiser.id)).toBe(START - 3 * PRICE);
  });
});
