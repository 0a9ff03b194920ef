import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, launchBrowser, openInApp, submitLogin, type BrowserSession } from '../support/browser';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { apiClient } from '../support/http';
import { fund, row } from '../support/slots';

/**
 * axe-core (WCAG 2.x A and AA rules) in Chromium on every main page of each role,
 * with data on the screen. No serious or critical violation may ship.
 */
// Resolved with a plain `require.resolve` so knip sees axe-core as used.
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const advertiser = { email: 'a11yadv', password: 'a11ypass1', fullName: '접근성광고주' };
const operator = { email: 'a11yop', password: 'a11ypass1', fullName: '접근성운영자', role: 'operator' as const };

let stack: LocalStack;
let browser: BrowserSession;

interface Finding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Runs axe on the page as it is; serious and critical findings only. */
async function seriousViolations(page: Page, within?: string): Promise<Finding[]> {
  // Colours are checked as they end up: a dialog still fading in (modal.module.css) has its text at
  // part opacity, which axe would report as low contrast.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  // Injected through the DevTools protocol, which the page's Content-Security-Policy does not govern;
  // once per document (the pages of one tab are visited in place).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{
            violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(selector ? { include: [[selector]] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, within ?? null);
  const serious = results.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // A11Y_DEBUG=<file> writes every finding with its elements, for fixing them.
  if (process.env.A11Y_DEBUG && serious.length)
    appendFileSync(process.env.A11Y_DEBUG, `${new URL(page.url()).pathname} ${JSON.stringify(serious)}\n`);
  return serious;
}

/**
 * Opens `path` in the tab; a tab showing the app already changes page in place (loading the whole app
 * and axe again for each of ~20 pages was most of this journey's CPU). Then waits until no request at all (the route's code,
 * its data) has started or ended for half a second, so axe sees the page built, not its loading state.
 */
async function visit(page: Page, path: string) {
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    pending.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    pending.delete(request);
    lastChange = Date.now();
  };
  // An answer's arrival ends a request (a body nobody reads may never "finish").
  const answered = (response: Response) => ended(response.request());
  page.on('request', started);
  page.on('response', answered);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    if (new URL(page.url()).origin === new URL(stack.url).origin) {
      await openInApp(page, path);
    } else {
      await page.goto(`${stack.url}${path}`);
    }
    const deadline = Date.now() + 15_000;
    while (pending.size > 0 || Date.now() - lastChange < 500) {
      if (Date.now() > deadline)
        throw new Error(`${path}: requests still running: ${[...pending].map((r) => r.url())}`);
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('response', answered);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
  await page.waitForTimeout(150);
}

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  const adv = await stack.createUser(advertiser);
  await stack.createUser(operator);
  await fund(adv.id, 500_000);
  const api = apiClient(stack.url);
  const { token } = await api.login(advertiser.email, advertiser.password);
  await api.call('POST', '/api/slots/bulk', { token, body: { rows: [row(1), row(2), row(3)] } });
  // Announcements: a pinned one (the banner on every page) and a pinned-but-inactive one (the warning icon).
  const staff = await api.login(operator.email, operator.password);
  await api.call('POST', '/api/announcements', {
    token: staff.token,
    body: { title: '점검 안내', content: '<p><strong>새벽</strong> 점검</p>', is_pinned: true, priority: 'urgent' },
  });
  await api.call('POST', '/api/announcements', {
    token: staff.token,
    body: {
      title: '지난 이벤트',
      content: '<p>종료</p>',
      category: 'event',
      is_pinned: true,
      is_active: false,
      priority: 'high',
    },
  });
  // A send, so the notification history has a row to check (to another advertiser: this one's pages
  // are checked as they look without unread notifications).
  const other = await stack.createUser({ email: 'a11yadv2', password: 'a11ypass1', fullName: '수신광고주' });
  const sent = await api.call('POST', '/api/notifications', {
    token: staff.token,
    body: { type: 'warning', title: '점검 안내', message: '오늘 밤 점검이 있습니다.', recipientId: other.id },
  });
  if (sent.status !== 201) throw new Error(`notification send failed: ${sent.status}`);
  // The chat on (the widget on every advertiser page, /admin/chat), with a question waiting.
  const dev = await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
  await api.call('PUT', '/api/system-settings/key/chatEnabled', { token: dev.token, body: { value: true } });
  await api.call('POST', '/api/chat/messages', { token, body: { content: '슬롯 승인은 언제 되나요?' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const pagesOf: Array<[string, { email: string; password: string }, string[]]> = [
  [
    'advertiser',
    advertiser,
    [
      '/slots',
      '/slots/bulk',
      '/cash-history',
      '/profile',
      '/ranking',
      '/announcements',
      '/notifications',
      '/notification-test',
      '/chat-test',
    ],
  ],
  [
    'operator',
    operator,
    [
      '/admin',
      '/admin/slots',
      '/admin/users',
      '/admin/cash',
      '/admin/slot-allocation-history',
      '/admin/announcements',
      '/admin/notifications',
      '/admin/notification-history',
      '/admin/chat',
    ],
  ],
  [
    'developer',
    { email: localStackDefaults.developerId, password: localStackDefaults.developerPassword },
    ['/admin/settings'],
  ],
];

describe('accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  it('has no serious or critical violation on the sign-in page', async () => {
    const page = await browser.freshPage();
    await visit(page, '/login');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each(pagesOf)('has no serious or critical violation on the %s pages', async (_, account, paths) => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, account.email, account.password);
    await page.waitForURL((u) => u.pathname !== '/login');
    const found: Record<string, Finding[]> = {};
    for (const path of paths) {
      await visit(page, path);
      const violations = await seriousViolations(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
  });

  it('has no serious or critical violation in the chat widget and in an open inbox conversation', async () => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, advertiser.email, advertiser.password);
    await page.waitForURL((u) => u.pathname !== '/login');
    await visit(page, '/slots');
    await page.getByRole('button', { name: '1:1 문의하기' }).click();
    await page.getByRole('dialog', { name: '고객 지원' }).getByText('슬롯 승인은 언제 되나요?').waitFor();
    // The dialog and the floating button (the page behind it is covered by the advertiser pages above).
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    expect(await seriousViolations(page, '[data-testid="chat-widget-button"]')).toEqual([]);
    const staffPage = await browser.freshPage();
    await submitLogin(staffPage, stack.url, operator.email, operator.password);
    await staffPage.waitForURL((u) => u.pathname !== '/login');
    await visit(staffPage, '/admin/chat');
    await staffPage.getByTestId('chat-room').first().click();
    await staffPage.getByRole('region', { name: '고객 정보' }).getByTestId('context-balance').waitFor();
    expect(await seriousViolations(staffPage)).toEqual([]);
  });

  it('has no serious or critical violation in the announcement editor dialog and the detail modal', async () => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, operator.email, operator.password);
    await page.waitForURL((u) => u.pathname !== '/login');
    await visit(page, '/admin/announcements');
    await page.getByRole('button', { name: '새 공지사항' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: '내용' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await visit(page, '/announcements');
    await page.getByRole('button', { name: '점검 안내' }).click();
    await page.getByRole('dialog').getByTestId('announcement-content').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
