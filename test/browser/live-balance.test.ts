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
import { newAccount } from '../support/slots';

/**
 * Issue 24 item 5: a push that moves money shows on screen at once. The advertiser sits on /slots;
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
});
