import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureWebBuild,
  screenshotsOf,
  launchBrowser,
  PUSH_SHOWN_TIMEOUT_MS,
  submitLogin,
  type BrowserSession,
} from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';

/**
 * Notifications, the advertiser's side: an operator sends through the real API and the
 * advertiser's open page shows it as a toast and in the bell, over the WebSocket (how fast: `npm run bench live-push`)
 * (no polling while it is up); read state survives a reload; operators open no socket and load no
 * notifications.
 */
const shot = screenshotsOf('notifications-');
const advertiser = { email: 'notiadv', password: 'advpass1', fullName: '알림광고주' };
const operator = { email: 'notiop', password: 'oppass12', fullName: '알림운영자', role: 'operator' as const };

let stack: LocalStack;
let browser: BrowserSession;
let api: ReturnType<typeof apiClient>;
let advertiserId: string;
let operatorToken: string;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  api = apiClient(stack.url);
  advertiserId = (await stack.createUser(advertiser)).id;
  await stack.createUser(operator);
  operatorToken = (await api.login(operator.email, operator.password)).token;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Records the page's WebSockets and its notification API calls. */
function watch(page: Page) {
  const sockets: string[] = [];
  const calls: string[] = [];
  page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname));
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/notifications')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return { sockets, calls };
}

async function signIn(page: Page, email: string, password: string) {
  await submitLogin(page, stack.url, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Resolves once the app's socket has an open connection on the server side. */
async function socketOpen(count = 1) {
  const deadline = Date.now() + 10_000;
  while (stack.websocketConnections() < count) {
    if (Date.now() > deadline) throw new Error('the page never opened its notification socket');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('notifications for an advertiser', () => {
  it('arrives as a toast and in the bell from the push without polling, and read state survives a reload', async () => {
    const page = await browser.freshPage();
    const seen = watch(page);
    await signIn(page, advertiser.email, advertiser.password);
    await page.getByRole('button', { name: '알림', exact: true }).waitFor();
    await socketOpen();
    // The server may see the socket before the browser's report of it reaches the test.
    await expect.poll(() => seen.sockets).toEqual(['/ws']);
    await page.waitForTimeout(300);
    const before = seen.calls.length;

    // The operator sends through the real API.
    const sent = await api.call('POST', '/api/notifications', {
      token: operatorToken,
      body: {
        type: 'warning',
        title: '슬롯 만료 예정',
        message: '3개 슬롯이 내일 만료됩니다.',
        recipientId: advertiserId,
        priority: 'high',
      },
    });
    expect(sent.status).toBe(201);
    const toast = page.getByRole('alert', { name: '슬롯 만료 예정' });
    await toast.waitFor({ timeout: PUSH_SHOWN_TIMEOUT_MS });
    await page
      .getByRole('button', { name: '알림, 읽지 않은 알림 1', exact: true })
      .waitFor({ timeout: PUSH_SHOWN_TIMEOUT_MS });
    await expect(toast.getAttribute('data-priority')).resolves.toBe('high');

    // Realtime, not polling: the push itself filled the toast and the bell.
    await page.waitForTimeout(6000);
    expect(seen.calls.slice(before)).toEqual([]);

    await page.getByRole('button', { name: '알림, 읽지 않은 알림 1', exact: true }).click();
    const dropdown = page.getByRole('region', { name: '최근 알림' });
    await dropdown.getByText('슬롯 만료 예정').waitFor();
    await shot(page, 'toast-and-bell');

    // A broadcast reaches the same open page.
    const broadcast = await api.call('POST', '/api/notifications', {
      token: operatorToken,
      body: { type: 'info', title: '시스템 점검 안내', message: '오늘 밤 점검이 있습니다.', recipientId: 'all' },
    });
    expect(broadcast.status).toBe(201);
    await page.getByRole('status', { name: '시스템 점검 안내' }).waitFor({ timeout: PUSH_SHOWN_TIMEOUT_MS });
    await page.getByRole('button', { name: /알림, 읽지 않은 알림 2$/ }).waitFor();

    // Read the direct one from the dropdown; close the broadcast's toast (dismiss, stays unread).
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /알림, 읽지 않은 알림 2$/ }).click();
    await dropdown.getByRole('button', { name: /읽지 않음: 슬롯 만료 예정/ }).click();
    await page.getByRole('button', { name: '알림, 읽지 않은 알림 1', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    const infoToast = page.getByRole('status', { name: '시스템 점검 안내' });
    if (await infoToast.isVisible()) await infoToast.getByRole('button', { name: '알림 닫기' }).click();

    // Reload: the session comes back from the cookie; the read state and the toasts' state with it.
    await page.reload();
    await page.getByRole('button', { name: '알림, 읽지 않은 알림 1', exact: true }).waitFor();
    await page.waitForTimeout(800);
    expect(await page.getByRole('alert', { name: '슬롯 만료 예정' }).count()).toBe(0);
    expect(await page.getByRole('status', { name: '시스템 점검 안내' }).count()).toBe(0);
    await page.goto(`${stack.url}/notifications`);
    await page.getByRole('article', { name: '슬롯 만료 예정' }).waitFor();
    await page.getByRole('article', { name: '읽지 않음: 시스템 점검 안내' }).waitFor();
    await page.getByRole('button', { name: '모두 읽음' }).click();
    await page.getByRole('article', { name: '시스템 점검 안내' }).waitFor();
    await page.getByRole('button', { name: '알림', exact: true }).waitFor();
    await shot(page, 'page');

    // The floating centre lists the same, with the operator tag.
    await page.getByRole('button', { name: '알림 센터 열기' }).click();
    const centre = page.getByRole('dialog', { name: '알림 센터' });
    const item = centre.getByRole('article', { name: '슬롯 만료 예정' });
    await item.getByText('운영자').waitFor();
    await shot(page, 'centre');
    await page.keyboard.press('Escape');
    await centre.waitFor({ state: 'detached' });
  });

  it('the /notification-test generator sends 5 through the API, 2 s apart, at most 3 toasts at once', async () => {
    const page = await browser.freshPage();
    await signIn(page, advertiser.email, advertiser.password);
    await page.goto(`${stack.url}/notification-test`);
    await page.getByRole('button', { name: '알림', exact: true }).waitFor();
    await socketOpen();
    const started = Date.now();
    await page.getByRole('button', { name: '테스트 알림 5개 보내기' }).click();
    let most = 0;
    while (!(await page.getByText('5 / 5 발송 완료').isVisible())) {
      if (Date.now() - started > 15_000) throw new Error('the generator did not finish');
      most = Math.max(
        most,
        await page.locator('[data-notification-id][role="status"], [data-notification-id][role="alert"]').count(),
      );
      await page.waitForTimeout(100);
    }
    expect(Date.now() - started).toBeGreaterThan(8000);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(3);
    await page.getByRole('alert', { name: '테스트 알림 4 (오류)' }).waitFor();
    await shot(page, 'generator');
  });

  it('operators open no notification socket and load no notifications', async () => {
    const page = await browser.freshPage();
    const seen = watch(page);
    await signIn(page, operator.email, operator.password);
    await page.getByRole('heading', { name: '관리자 대시보드' }).waitFor();
    await api.call('POST', '/api/notifications', {
      token: operatorToken,
      body: { type: 'info', title: '운영자에게는 안 보임', message: '전체 알림', recipientId: 'all' },
    });
    await page.waitForTimeout(2000);
    expect(seen.sockets).toEqual([]);
    expect(seen.calls).toEqual([]);
    expect(await page.getByRole('button', { name: /^알림/ }).count()).toBe(0);
    expect(await page.getByText('운영자에게는 안 보임').count()).toBe(0);
  });
});
