import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureWebBuild,
  screenshotsOf,
  launchBrowser,
  submitLogin,
  trackApiCalls,
  type BrowserSession,
} from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { pngBytes } from '../support/announcements';

/**
 * Announcements in Chromium against the built SPA: an operator writes a pinned announcement
 * with formatting and an uploaded image; advertisers see it rotate in the banner, open it from the
 * list, and the view count rises once per user; the list pages past the first 100, and a failed
 * load says why.
 */
const shot = screenshotsOf('announcements-', { fullPage: true });

const operator = { email: 'annop', password: 'oppass123', fullName: '박운영', role: 'operator' as const };
const advertisers = [
  { email: 'annadv1', password: 'adpass123', fullName: '김광고' },
  { email: 'annadv2', password: 'adpass123', fullName: '이광고' },
];
let stack: LocalStack;
let browser: BrowserSession;
let imageFile: string;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  await stack.createUser(operator);
  for (const a of advertisers) await stack.createUser(a);
  // A second pinned announcement, so the banner has something to rotate to.
  const api = apiClient(stack.url);
  const { token } = await api.login(operator.email, operator.password);
  const other = await api.call('POST', '/api/announcements', {
    token,
    body: { title: '이벤트 안내', content: '<p>가을 이벤트가 시작됩니다.</p>', category: 'event', is_pinned: true },
  });
  expect(other.status).toBe(201);
  imageFile = join(tmpdir(), `announcement-${Date.now()}.png`);
  writeFileSync(imageFile, pngBytes(320, 120));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const TITLE = '서버 점검 안내';

describe('announcements journey', () => {
  it('an operator writes a pinned announcement with formatting and an image', async () => {
    const page = await browser.freshPage();
    const errors: string[] = [];
    // The editor must work under the site's CSP (no inline <style>) and throw nothing.
    page.on(
      'console',
      (m) => m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text()) && errors.push(m.text()),
    );
    page.on('pageerror', (e) => errors.push(e.message));
    const api = trackApiCalls(page);
    await submitLogin(page, stack.url, operator.email, operator.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto(`${stack.url}/admin/announcements`);
    await page.getByRole('heading', { name: '공지사항 관리' }).waitFor();
    await api.settled();

    // The editor is not part of the page's first load: no ProseMirror until the dialog opens.
    expect(
      await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /rich-text-editor/.test(e.name))),
    ).toBe(false);
    await page.getByRole('button', { name: '새 공지사항' }).click();
    const dialog = page.getByRole('dialog');
    const save = dialog.getByRole('button', { name: '등록' });
    await expect.poll(() => save.isDisabled()).toBe(true);
    await dialog.getByLabel('제목').fill(TITLE);
    const editor = dialog.getByRole('textbox', { name: '내용' });
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('오늘 밤 ');
    await dialog.getByRole('button', { name: '굵게' }).click();
    await page.keyboard.type('02:00~04:00');
    await dialog.getByRole('button', { name: '굵게' }).click();
    await page.keyboard.type(' 점검합니다.');
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: '글머리 기호 목록' }).click();
    await page.keyboard.type('슬롯 등록 일시 중지');
    await dialog.getByLabel('이미지 업로드').setInputFiles(imageFile);
    await dialog.locator('img[src^="/media/announcements/"]').waitFor();
    await dialog.getByLabel('중요도').selectOption('high');
    await dialog.getByRole('checkbox', { name: '상단 고정' }).check();
    await shot(page, 'editor');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText('공지사항이 등록되었습니다.').waitFor();
    await api.settled();
    const row = page.locator('tr', { hasText: TITLE });
    await row.waitFor();
    expect(await row.innerText()).toContain('중요');
    expect(await row.innerText()).toContain('고정');
    await shot(page, 'admin-list');
    expect(errors).toEqual([]);
  });

  it('advertisers see it rotate in the banner, open it from the list, and each counts one view', async () => {
    for (const [i, adv] of advertisers.entries()) {
      const page = await browser.freshPage();
      const api = trackApiCalls(page);
      await submitLogin(page, stack.url, adv.email, adv.password);
      await page.waitForURL((url) => url.pathname === '/slots');
      const banner = page.getByTestId('pinned-banner');
      await banner.waitFor();
      const link = banner.getByRole('link');
      const first = await link.innerText();
      expect(first).not.toContain('<');
      // The next item comes within 5 s (plus a little for the timer), then the first again.
      await expect.poll(() => link.innerText(), { timeout: 7_000, interval: 250 }).not.toBe(first);
      const texts = new Set([first, await link.innerText()]);
      expect([...texts].some((t) => t.startsWith(`${TITLE} — 오늘 밤 02:00~04:00 점검합니다.`))).toBe(true);
      if (i === 0) await shot(page, 'banner');

      await page.goto(`${stack.url}/announcements`);
      await page.getByRole('heading', { name: '공지사항' }).waitFor();
      await api.settled();
      const row = page.locator('tr', { hasText: TITLE });
      await row.waitFor();
      expect(await row.getByTestId('view-count').innerText()).toBe(String(i));

      await row.getByRole('button', { name: TITLE }).click();
      const dialog = page.getByRole('dialog', { name: TITLE });
      const content = dialog.getByTestId('announcement-content');
      await content.waitFor();
      expect(await content.locator('strong').innerText()).toBe('02:00~04:00');
      expect(await content.locator('li').innerText()).toBe('슬롯 등록 일시 중지');
      const img = content.locator('img');
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320);
      expect(await img.getAttribute('src')).toMatch(/^\/media\/announcements\/[0-9A-Z]{26}\.png$/);
      expect(await dialog.innerText()).toContain(`조회 ${i + 1}`);
      if (i === 0) await shot(page, 'detail');
      await page.keyboard.press('Escape');
      await api.settled();
      await expect.poll(() => row.getByTestId('view-count').innerText()).toBe(String(i + 1));

      // Opening it again does not count again.
      await row.getByRole('button', { name: TITLE }).click();
      await page.getByRole('dialog', { name: TITLE }).getByTestId('announcement-content').waitFor();
      await page.keyboard.press('Escape');
      await api.settled();
      await page.reload();
      await page.locator('tr', { hasText: TITLE }).waitFor();
      await api.settled();
      expect(await page.locator('tr', { hasText: TITLE }).getByTestId('view-count').innerText()).toBe(String(i + 1));
      if (i === 0) await shot(page, 'list');
    }
  });

  it('closing a banner item keeps it closed for the session', async () => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, advertisers[0].email, advertisers[0].password);
    await page.waitForURL((url) => url.pathname === '/slots');
    const banner = page.getByTestId('pinned-banner');
    await banner.waitFor();
    const closed = await banner.getByRole('link').getAttribute('data-announcement-id');
    await banner.getByRole('button', { name: '공지 닫기' }).click();
    await page.goto(`${stack.url}/announcements`);
    await page.getByTestId('pinned-banner').waitFor();
    for (let k = 0; k < 3; k++) {
      expect(await page.getByTestId('pinned-banner').getByRole('link').getAttribute('data-announcement-id')).not.toBe(
        closed,
      );
      await page.waitForTimeout(2_000);
    }
  });

  it('a pinned announcement switched off shows the warning; a failed toggle says which change failed', async () => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, operator.email, operator.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto(`${stack.url}/admin/announcements`);
    const row = page.locator('tr', { hasText: TITLE });
    await row.waitFor();
    // Pinned but inactive → a warning icon (the banner leaves it out).
    const warning = row.getByRole('img', { name: '고정되었지만 비활성 상태라 배너에 보이지 않습니다.' });
    expect(await warning.count()).toBe(0);
    await row.getByRole('button', { name: `${TITLE} 비활성화` }).click();
    await page.getByText('공지사항이 수정되었습니다.').waitFor();
    await warning.waitFor();

    // A failure without a server text names the change that failed, and nothing changes.
    await page.route('**/api/announcements/*', (route) =>
      ['PUT', 'DELETE'].includes(route.request().method())
        ? route.fulfill({ status: 502, contentType: 'text/html', body: '<html>bad gateway</html>' })
        : route.continue(),
    );
    await row.getByRole('button', { name: `${TITLE} 활성화` }).click();
    await page.getByText('공지사항 상태 변경에 실패했습니다.').waitFor();
    await row.getByRole('button', { name: `${TITLE} 고정 해제` }).click();
    await page.getByText('공지사항 고정 변경에 실패했습니다.').waitFor();
    await row.getByRole('button', { name: `${TITLE} 수정` }).click();
    const editor = page.getByRole('dialog', { name: '공지사항 수정' });
    await editor.getByRole('button', { name: '수정', exact: true }).click();
    await editor.getByText('공지사항 수정에 실패했습니다.').waitFor();
    await editor.getByRole('button', { name: '취소', exact: true }).click();
    await row.getByRole('button', { name: `${TITLE} 삭제` }).click();
    await page.getByRole('dialog', { name: '공지사항 삭제' }).getByRole('button', { name: '삭제' }).click();
    await page.getByText('공지사항 삭제에 실패했습니다.').waitFor();
    await page.unroute('**/api/announcements/*');
    await page.reload();
    await row.getByRole('button', { name: `${TITLE} 활성화` }).waitFor();
    expect(await warning.count()).toBe(1);
  });

  it('an advertiser pages past the first 100, and a failed load says so with its details', async () => {
    const api = apiClient(stack.url);
    const { token } = await api.login(operator.email, operator.password);
    const titles = Array.from({ length: 103 }, (_, n) => `운영 안내 ${String(n + 1).padStart(3, '0')}`);
    const write = async (title: string) => {
      const res = await api.call('POST', '/api/announcements', { token, body: { title, content: '<p>안내</p>' } });
      expect(res.status).toBe(201);
    };
    // The first alone, so it is surely the oldest of them (the journey looks for it on the last page); the rest
    // eight at a time.
    await write(titles[0]);
    for (let from = 1; from < titles.length; from += 8) await Promise.all(titles.slice(from, from + 8).map(write));

    const page = await browser.freshPage();
    const calls = trackApiCalls(page);
    await submitLogin(page, stack.url, advertisers[0].email, advertisers[0].password);
    await page.waitForURL((url) => url.pathname === '/slots');
    await page.goto(`${stack.url}/announcements`);
    await page.getByRole('heading', { name: '공지사항' }).waitFor();
    await calls.settled();
    const total = Number((await page.getByText(/^총 [\d,]+건$/).innerText()).replace(/\D/g, ''));
    expect(total).toBeGreaterThan(100);
    const last = Math.ceil(total / 10);
    const pager = page.getByRole('navigation', { name: '페이지 이동' });
    const numbers = () => pager.getByRole('button', { name: /^\d+ 페이지$/ }).allInnerTexts();
    // Five page numbers, the first and the last among them.
    expect(await numbers()).toEqual(['1', '2', '3', '4', String(last)]);
    await pager.getByRole('button', { name: `${last} 페이지` }).click();
    // The oldest one, beyond the first 100, is there.
    await page.getByRole('button', { name: titles[0] }).waitFor();
    expect(await numbers()).toEqual(['1', String(last - 3), String(last - 2), String(last - 1), String(last)]);
    await shot(page, 'list-last-page');

    // A failed load is not an empty list: it says what failed and why, and a retry brings the list back.
    const listCall = (url: URL) => url.pathname === '/api/announcements';
    await page.route(listCall, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL', error: '잠시 후 다시 시도해주세요.' }),
      }),
    );
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: '공지사항을 불러오지 못했습니다.' });
    await alert.getByText('오류 코드: INTERNAL (HTTP 503)').waitFor();
    await alert.getByText('잠시 후 다시 시도해주세요.').waitFor();
    expect(await page.getByText('등록된 공지사항이 없습니다.').count()).toBe(0);
    await shot(page, 'list-load-failed');
    await page.unroute(listCall);
    await alert.getByRole('button', { name: '다시 시도' }).click();
    await page.getByRole('button', { name: titles.at(-1)! }).waitFor();
  }, 180_000);
});
