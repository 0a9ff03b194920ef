import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureWebBuild,
  launchBrowser,
  PUSH_SHOWN_TIMEOUT_MS,
  submitLogin,
  trackApiCalls,
  type BrowserSession,
} from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, resetSettings, row, setSetting } from '../support/slots';

/**
 * A push that moves money shows on screen at once, whatever the notification settings. The advertiser sits on /slots;
 * an operator approves their charge through the API; the sidebar balance follows from the push alone
 * (how fast: `npm run bench live-push`): no balance request is made while nothing happens (no polling), exactly one after.
 */
let stack: LocalStack;
let browser: BrowserSession;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await resetSettings('notificationEnabled', 'slotAutoApproval');
  await browser?.close();
  await stack?.stop();
});

async function waitForSockets(count: number) {
  const deadline = Date.now() + 10_000;
  while (stack.websocketConnections() < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} open sockets, have ${stack.websocketConnections()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const isBalanceRead = (request: Request) =>
  request.method() === 'GET' && new URL(request.url()).pathname === '/api/cash/balance';

function countBalanceReads(page: Page) {
  const seen: number[] = [];
  page.on('request', (request) => {
    if (isBalanceRead(request)) seen.push(Date.now());
  });
  return seen;
}

describe('live balance', () => {
  it('an approved charge shows in the sidebar from the push, without polling', async () => {
    const http = apiClient(stack.url);
    const advertiser = await newAccount(stack, { name: '이실시간' });
    const operator = await newAccount(stack, { role: 'operator' });
    const requested = await http.call('POST', '/api/cash/charge-requests', {
      token: advertiser.token,
      body: { amount: 50_000, depositAt: '2026-01-05T10:00', accountHolder: '이실시간' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);

    const page = await browser.freshPage();
    const calls = trackApiCalls(page);
    const balanceReads = countBalanceReads(page);
    await submitLogin(page, stack.url, advertiser.email, 'secret12');
    await page.waitForURL((url) => url.pathname === '/slots');
    const sidebarBalance = page.getByText('보유 캐시').locator('..');
    await sidebarBalance.getByText('0원', { exact: true }).waitFor();
    await waitForSockets(1);
    await calls.settled();

    // Nothing happens for 3 s: no balance request at all (the balance is not polled).
    const before = balanceReads.length;
    await page.waitForTimeout(3000);
    expect(balanceReads.length).toBe(before);

    const approved = await http.call('POST', `/api/cash/charge-requests/${requested.body.data.id}/approve`, {
      token: operator.token,
      body: { bonusPercentage: 0 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // The push went out before the approval answered.
    await sidebarBalance.getByText('50,000원', { exact: true }).waitFor({ timeout: PUSH_SHOWN_TIMEOUT_MS });

    await calls.settled();
    expect(balanceReads.length - before).toBe(1);
  });

  it('with notificationEnabled off, an approved charge and a refund still show without a reload', async () => {
    // The setting hides the bell and the toasts; the balance and the list must follow the server anyway.
    await setSetting('notificationEnabled', false);
    const http = apiClient(stack.url);
    const advertiser = await newAccount(stack, { name: '박조용', balance: 50_000 });
    const operator = await newAccount(stack, { role: 'operator' });
    const slot = (await http.call('POST', '/api/slots', { token: advertiser.token, body: row(1) })).body.data;
    const approvedSlot = await http.call('POST', `/api/slots/${slot.id}/approve`, {
      token: operator.token,
      body: { approved: true, approvedPrice: 50_000 },
    });
    expect(approvedSlot.status, JSON.stringify(approvedSlot.body)).toBe(200);
    const requested = await http.call('POST', '/api/cash/charge-requests', {
      token: advertiser.token,
      body: { amount: 30_000, depositAt: '2026-01-05T10:00', accountHolder: '박조용' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);

    const page = await browser.freshPage();
    await submitLogin(page, stack.url, advertiser.email, 'secret12');
    await page.waitForURL((url) => url.pathname === '/slots');
    const sidebarBalance = page.getByText('보유 캐시').locator('..');
    await sidebarBalance.getByText('0원', { exact: true }).waitFor();
    const slotRow = page.locator(`tr[data-slot-number="${slot.slot_number}"]`);
    await slotRow.waitFor();
    await waitForSockets(1);
    expect(await page.getByRole('button', { name: /^알림/ }).count()).toBe(0);

    const approved = await http.call('POST', `/api/cash/charge-requests/${requested.body.data.id}/approve`, {
      token: operator.token,
      body: { bonusPercentage: 0 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await sidebarBalance.getByText('30,000원', { exact: true }).waitFor({ timeout: PUSH_SHOWN_TIMEOUT_MS });

    const refunded = await http.call('PATCH', `/api/slots/${slot.id}/status`, {
      token: operator.token,
      body: { status: 'refunded', refundReason: '광고주 요청', fullRefund: true },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await sidebarBalance.getByText('80,000원', { exact: true }).waitFor({ timeout: PUSH_SHOWN_TIMEOUT_MS });
    // A refunded slot is closed to its owner: it leaves My slots without a reload.
    await slotRow.waitFor({ state: 'detached', timeout: PUSH_SHOWN_TIMEOUT_MS });
    // Still no toast: the setting hides notices, not data.
    expect(await page.getByRole('status').filter({ hasText: '충전' }).count()).toBe(0);
  });
});
