import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  ensureWebBuild,
  screenshotsOf,
  submitLogin,
  trackApiCalls,
} from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';

/**
 * Notifications: in separate Chromium contexts (separate cookie jars, separate sockets) an
 * operator sends from /admin/notifications and the advertiser's window shows the toast and the bell
 * count pushed over /ws with no unread-count polling (how fast: `npm run bench live-push`); a broadcast from the history
 * page's dialog reaches both signed-in advertisers; a read survives a reload; the history shows each
 * send once with its read count.
 */
const shot = screenshotsOf('notifications-operator-', { fullPage: true });

const operator = { email: 'notiop', password: 'oppass123', fullName: '정운영', role: 'operator' as const };
const otherOperator = { email: 'notiop2', password: 'oppass123', fullName: '운영둘', role: 'operator' as const };
const first = { email: 'notiadv1', password: 'adpass123', fullName: '김광고' };
const second = { email: 'notiadv2', password: 'adpass123', fullName: '이광고' };
/** The spec's unread polling interval, which applies only while the socket is down. */
const POLL_INTERVAL_MS = 5000;
/**
 * A push must beat the poll it replaces. Its own time (the issue asks for under a second) is
 * `npm run bench live-push`'s figure: journeys share the machine with other test files.
 */
const DELIVERY_MS = POLL_INTERVAL_MS;

interface Window {
  context: BrowserContext;
  page: Page;
  /** Times of GET /api/notifications/unread-count requests. */
  unreadCountCalls: number[];
  /** /ws sockets this page opened, with when they opened and closed. */
  sockets: Array<{ openedAt: number; closedAt?: number }>;
}

let stack: LocalStack;
let browser: Browser;
const windows: Window[] = [];

async function openWindow(
  account: { email: string; password: string },
  landing: (path: string) => boolean,
): Promise<Window> {
  const context = await browser.newContext({
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width: 1440, height: 900 },
  });
  await context.addInitScript(recordTimes);
  const page = await context.newPage();
  const win: Window = { context, page, unreadCountCalls: [], sockets: [] };
  // A document load ends the previous document's sockets (Playwright reports no close for them).
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    for (const socket of win.sockets) socket.closedAt ??= Date.now();
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/notifications/unread-count') win.unreadCountCalls.push(Date.now());
  });
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname !== '/ws') return;
    const socket: Window['sockets'][number] = { openedAt: Date.now() };
    win.sockets.push(socket);
    ws.on('close', () => (socket.closedAt = Date.now()));
  });
  await submitLogin(page, stack.url, account.email, account.password);
  await page.waitForURL((url) => landing(url.pathname));
  windows.push(win);
  return win;
}

const bell = (page: Page) => page.getByRole('button', { name: /^알림(, 읽지 않은 알림 (\d+|99\+))?$/ });
const toastRegion = (page: Page) => page.getByRole('region', { name: '알림 메시지' });

/**
 * Exact times, read in the pages themselves (one machine, one clock), so the figures carry no
 * test-side polling delay: when the operator's form was submitted, and when each toast first appeared.
 */
function recordTimes() {
  const w = window as unknown as { __submittedAt?: number; __toastsSeen?: Record<string, number> };
  w.__toastsSeen = {};
  document.addEventListener('submit', () => (w.__submittedAt = Date.now()), true);
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('[data-notification-id]')) {
      const title = document.getElementById(toast.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
      w.__toastsSeen![title] ??= Date.now();
    }
  }).observe(document, { childList: true, subtree: true });
}
const submittedAt = (page: Page) =>
  page.evaluate(() => (window as unknown as { __submittedAt?: number }).__submittedAt ?? Number.NaN);

/** Waits for the toast with this title and answers how long after the operator's submit it first appeared. */
async function toastDelay(page: Page, title: string, submitted: () => Promise<number>) {
  await toastRegion(page).getByText(title, { exact: true }).waitFor({ timeout: 10_000 });
  const seen = await page.evaluate(
    (t) => (window as unknown as { __toastsSeen: Record<string, number> }).__toastsSeen[t],
    title,
  );
  return seen - (await submitted());
}

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  await stack.createUser(operator);
  await stack.createUser(otherOperator);
  await stack.createUser(first);
  await stack.createUser(second);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  for (const win of windows) await win.context.close().catch(() => undefined);
  await browser?.close();
  await stack?.stop();
});

describe('notifications journey', () => {
  it('pushes a direct send and a broadcast to open advertiser windows, keeps reads across reloads and counts them in the history', async () => {
    // Two advertisers signed in, each in their own context; their sockets open.
    const adv1 = await openWindow(first, (p) => p === '/slots');
    const adv2 = await openWindow(second, (p) => p === '/slots');
    await expect.poll(() => adv1.sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => adv2.sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(bell(adv1.page).getAttribute('aria-label')).resolves.toBe('알림');

    // The operator: the console loads no notifications and opens no socket.
    const op = await openWindow(operator, (p) => p.startsWith('/admin'));
    await op.page.goto(`${stack.url}/admin/notifications`);
    const form = op.page.getByRole('form', { name: '알림 발송' });
    await form.getByRole('radio', { name: '선택한 사용자' }).check();
    const list = form.getByRole('list', { name: '사용자 목록' });
    await list.getByText(first.fullName).waitFor();
    // Only advertisers are offered: no operator, no developer.
    await expect(list.getByText(otherOperator.fullName).count()).resolves.toBe(0);
    await expect(list.getByText(operator.fullName).count()).resolves.toBe(0);
    await form.getByLabel('사용자 검색').fill(first.email);
    await expect.poll(() => list.getByRole('checkbox').count()).toBe(1);
    await list.getByRole('checkbox', { name: new RegExp(first.fullName) }).check();

    const directTitle = '슬롯 승인 안내';
    await form.getByLabel('제목').fill(directTitle);
    await form.getByLabel('내용').fill('요청하신 슬롯이 승인되었습니다.');
    await form.getByLabel('표시 시간 (초)').fill('10');
    await shot(op.page, 'send-form');

    // 1. Direct send: the toast and the bell, only in the recipient's window.
    await form.getByRole('button', { name: '알림 발송' }).click();
    const directMs = await toastDelay(adv1.page, directTitle, () => submittedAt(op.page));
    expect(directMs).toBeGreaterThan(0);
    expect(directMs).toBeLessThan(DELIVERY_MS);
    await op.page.getByText('알림이 성공적으로 발송되었습니다.').waitFor();
    await expect
      .poll(() => bell(adv1.page).getAttribute('aria-label'), { timeout: DELIVERY_MS })
      .toBe('알림, 읽지 않은 알림 1');
    await shot(adv1.page, 'direct-toast');
    await adv2.page.waitForTimeout(500);
    await expect(toastRegion(adv2.page).getByText(directTitle).count()).resolves.toBe(0);
    await expect(bell(adv2.page).getAttribute('aria-label')).resolves.toBe('알림');

    // 2. Broadcast from the history page's dialog: both advertisers.
    await op.page.goto(`${stack.url}/admin/notification-history`);
    await op.page.getByTestId('notification-history-row').filter({ hasText: directTitle }).waitFor();
    await op.page.getByRole('button', { name: '알림 발송' }).first().click();
    const dialog = op.page.getByRole('dialog', { name: '알림 발송' });
    const broadcastTitle = '서버 점검 안내';
    await dialog.getByLabel('알림 종류').selectOption('warning');
    await dialog.getByLabel('제목').fill(broadcastTitle);
    await dialog.getByLabel('내용').fill('오늘 밤 12시부터 2시까지 서버 점검이 있습니다.');
    await dialog.getByRole('button', { name: '알림 발송' }).click();
    const broadcastMs = await Promise.all(
      [adv1, adv2].map((w) => toastDelay(w.page, broadcastTitle, () => submittedAt(op.page))),
    );
    for (const ms of broadcastMs) {
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThan(DELIVERY_MS);
    }
    console.info(
      `notification delivery after the operator's submit: direct ${directMs} ms, broadcast ${broadcastMs.join(' / ')} ms`,
    );
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => bell(adv1.page).getAttribute('aria-label'), { timeout: DELIVERY_MS })
      .toBe('알림, 읽지 않은 알림 2');
    await expect
      .poll(() => bell(adv2.page).getAttribute('aria-label'), { timeout: DELIVERY_MS })
      .toBe('알림, 읽지 않은 알림 1');
    await shot(adv2.page, 'broadcast-toast');

    // 3. The first advertiser reads the broadcast from the bell; the read survives a reload.
    await bell(adv1.page).click();
    const dropdown = adv1.page.getByRole('region', { name: '최근 알림' });
    await dropdown.getByRole('button', { name: new RegExp(`^읽지 않음: ${broadcastTitle},`) }).click();
    await expect
      .poll(() => bell(adv1.page).getAttribute('aria-label'), { timeout: 5_000 })
      .toBe('알림, 읽지 않은 알림 1');
    await adv1.page.reload();
    await bell(adv1.page).waitFor();
    await expect
      .poll(() => bell(adv1.page).getAttribute('aria-label'), { timeout: 5_000 })
      .toBe('알림, 읽지 않은 알림 1');
    await bell(adv1.page).click();
    await dropdown.getByRole('button', { name: new RegExp(`^${broadcastTitle},`) }).waitFor();
    await dropdown.getByRole('button', { name: new RegExp(`^읽지 않음: ${directTitle},`) }).waitFor();
    await shot(adv1.page, 'bell-after-reload');
    // Toasts already shown are not shown again after the reload.
    await expect(toastRegion(adv1.page).getByText(broadcastTitle).count()).resolves.toBe(0);

    // The server agrees: the broadcast is read for the first advertiser only.
    const api = apiClient(stack.url);
    const { token: token1 } = await api.login(first.email, first.password);
    const { token: token2 } = await api.login(second.email, second.password);
    const items1 = (await api.call('GET', '/api/notifications', { token: token1 })).body.data.items as Array<{
      title: string;
      is_read: boolean;
    }>;
    const items2 = (await api.call('GET', '/api/notifications', { token: token2 })).body.data.items as Array<{
      title: string;
      is_read: boolean;
    }>;
    expect(items1.map((n) => [n.title, n.is_read])).toEqual([
      [broadcastTitle, true],
      [directTitle, false],
    ]);
    expect(items2.map((n) => [n.title, n.is_read])).toEqual([[broadcastTitle, false]]);

    // 4. The history: one row per send, with its recipients and read count.
    const history = trackApiCalls(op.page);
    await op.page.reload();
    await history.settled(300);
    const rows = op.page.getByTestId('notification-history-row');
    await expect.poll(() => rows.count()).toBe(2);
    const broadcastRow = rows.filter({ hasText: broadcastTitle });
    await broadcastRow.getByText('전체 사용자').waitFor();
    await broadcastRow.getByText('1 / 2 (50.0%)').waitFor();
    const directRow = rows.filter({ hasText: directTitle });
    await directRow.getByText(`${first.fullName} (${first.email})`).waitFor();
    await directRow.getByText('0 / 1 (0.0%)').waitFor();
    await expect(op.page.getByTestId('stat-총 발송').textContent()).resolves.toContain('2건');
    await expect(op.page.getByTestId('stat-총 수신자').textContent()).resolves.toContain('3명');
    await op.page.getByRole('button', { name: '오늘' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await op.page.getByLabel('종류').selectOption('warning');
    await expect.poll(() => rows.count()).toBe(1);
    await op.page.getByLabel('종류').selectOption('all');
    await expect.poll(() => rows.count()).toBe(2);
    await shot(op.page, 'history');

    // Realtime, not polling: no unread-count request from an advertiser window while its socket was
    // up (a count read as a page starts, before its socket opens, is not polling); the operator
    // opened no socket. Each window's current socket is first kept up past the spec's 5 s poll
    // interval, so a page that polled anyway would have been caught.
    for (const win of [adv1, adv2]) {
      const current = win.sockets.at(-1)!;
      expect(current.closedAt).toBeUndefined();
      const wait = current.openedAt + POLL_INTERVAL_MS + 1000 - Date.now();
      if (wait > 0) await win.page.waitForTimeout(wait);
    }
    for (const win of [adv1, adv2]) {
      const end = Date.now();
      const whileUp = win.unreadCountCalls.filter((at) =>
        win.sockets.some((s) => at > s.openedAt + 1000 && at < (s.closedAt ?? end)),
      );
      expect(whileUp).toEqual([]);
    }
    expect(op.sockets).toEqual([]);
    expect(op.unreadCountCalls).toEqual([]);
  });
});
