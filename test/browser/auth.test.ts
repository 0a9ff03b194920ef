import type { Page } from 'playwright-core';
import { apiClient } from '../support/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureWebBuild,
  screenshotsOf,
  launchBrowser,
  submitLogin,
  trackApiCalls,
  type BrowserSession,
} from '../support/browser';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';

/** Sign-in journeys in a real browser against the real local product: sign-in, the session, 내 정보 and the route guards. */

const shot = screenshotsOf('simple-slot-');
const advertiser = { email: 'advertiser1', password: 'adpass123', fullName: '김광고' };
const renamer = { email: 'advertiser2', password: 'oldpass1', fullName: '이광고' };
const switchTarget = { email: 'advertiser3', password: 'adpass333', fullName: '박광고' };
const twoDevices = { email: 'advertiser4', password: 'adpass444', fullName: '최광고' };
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
let switchTargetId: string;

let stack: LocalStack;
let browser: BrowserSession;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  await stack.createUser(advertiser);
  await stack.createUser(renamer);
  switchTargetId = (await stack.createUser(switchTarget)).id;
  await stack.createUser(twoDevices);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const signIn = (page: Page, email: string, password: string) => submitLogin(page, stack.url, email, password);

const path = (page: Page) => new URL(page.url()).pathname;

describe('sign-in', () => {
  it('sends an unauthenticated visit to /profile to the login page, without a refresh that can only fail', async () => {
    const page = await browser.freshPage();
    const refreshes: string[] = [];
    page.on('request', (r) => void (new URL(r.url()).pathname === '/api/auth/refresh' && refreshes.push(r.url())));
    await page.goto(`${stack.url}/profile`);

    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: '로그인' }).waitFor();
    // No refresh cookie here (its readable hint is absent): nothing to restore, no 401 in the console.
    expect(refreshes).toEqual([]);
    // Korean must render with a real font (the device's Korean font, Noto CJK here), not boxes: look at this picture.
    await page.evaluate('document.fonts.ready');
    await shot(page, 'login');
  });

  it('shows the server’s Korean error for a wrong password and stays on /login', async () => {
    const page = await browser.freshPage();
    await signIn(page, advertiser.email, 'not-the-password');

    const alert = page.getByRole('alert').filter({ hasText: '아이디 또는 비밀번호가 올바르지 않습니다.' });
    await alert.waitFor();
    expect(path(page)).toBe('/login');
  });

  it('lands the bootstrap developer on /admin inside the admin shell', async () => {
    const page = await browser.freshPage();
    await signIn(page, localStackDefaults.developerId, localStackDefaults.developerPassword);

    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: '관리자 대시보드' }).waitFor();
    const menu = page.getByRole('navigation', { name: '주 메뉴' });
    await menu.getByRole('link', { name: '대시보드' }).waitFor();
    await menu.getByRole('link', { name: '시스템 설정' }).waitFor();
    await menu.getByRole('link', { name: '사용자 관리' }).waitFor();
    // Staff do not get the advertiser's slot menu.
    await expect(menu.getByRole('link', { name: '내 광고 슬롯' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: '로그아웃' }).waitFor();
    await page.evaluate('document.fonts.ready');
    await shot(page, 'admin-shell');
  });

  it('lands a user on /slots, keeps the session over a reload, and signs out to /login', async () => {
    const page = await browser.freshPage();
    await signIn(page, advertiser.email, advertiser.password);

    await page.waitForURL('**/slots');
    await page.getByRole('heading', { name: '내 광고 슬롯' }).waitFor();
    const menu = page.getByRole('navigation', { name: '주 메뉴' });
    await menu.getByRole('link', { name: '내 광고 슬롯' }).waitFor();
    await expect(menu.getByRole('link', { name: '대시보드' }).count()).resolves.toBe(0);
    await page.getByText(advertiser.email, { exact: true }).first().waitFor();

    // The access token lives in memory only; the HttpOnly refresh cookie restores the session.
    await page.reload();
    await page.getByRole('heading', { name: '내 광고 슬롯' }).waitFor();
    expect(path(page)).toBe('/slots');

    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.waitForURL('**/login');
    await page.reload();
    await page.getByRole('heading', { name: '로그인' }).waitFor();
    expect(path(page)).toBe('/login');
  });

  it('shows a user on /admin/* the no-access page, with the way back to /slots', async () => {
    const page = await browser.freshPage();
    await signIn(page, advertiser.email, advertiser.password);
    await page.waitForURL('**/slots');

    for (const adminPath of ['/admin/slots', '/admin/users']) {
      await page.goto(`${stack.url}${adminPath}`);
      await page.getByText('접근 권한이 없습니다. 운영자와 개발자만 사용할 수 있습니다.').waitFor();
      // No silent redirect: the address stays, and no admin data was shown.
      expect(path(page)).toBe(adminPath);
      expect(await page.getByRole('heading', { name: '사용자 관리' }).count()).toBe(0);
    }
    await page.getByRole('link', { name: '내 화면으로 돌아가기' }).click();
    await page.waitForURL('**/slots');
    await page.getByRole('heading', { name: '내 광고 슬롯' }).waitFor();
  });

  it('returns a session whose token the server rejects to /login with the expiry message', async () => {
    const page = await browser.freshPage();
    const apiCalls = trackApiCalls(page);
    await signIn(page, advertiser.email, advertiser.password);
    await page.waitForURL('**/slots');
    // Let the landing page load its data first, so the rejected call below is the profile's.
    await apiCalls.settled();

    // From now on the server sees a token it did not sign, and the refresh cookie is gone.
    await browser.context.clearCookies();
    await page.route('**/api/**', (route) => {
      const headers = route.request().headers();
      if (headers.authorization) headers.authorization = 'Bearer not-a-token-we-signed';
      return route.continue({ headers });
    });
    // Any call with the rejected token ends the session: a background call (the landing page's
    // refresh) may get there before the click, and the link is then gone with the page.
    const profileLink = page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '내 정보' });
    await Promise.race([profileLink.click().catch(() => undefined), page.waitForURL('**/login')]);

    await page.waitForURL('**/login');
    await page.getByText('인증이 만료되었습니다. 다시 로그인해주세요.').waitFor();
    await page.unroute('**/api/**');
  });

  it('changes the name and the password on 내 정보; the new password then signs in', async () => {
    const page = await browser.freshPage();
    await signIn(page, renamer.email, renamer.password);
    await page.waitForURL('**/slots');
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '내 정보' }).click();
    await page.getByRole('heading', { name: '내 정보', level: 1 }).waitFor();
    // The form appears once /auth/me answers.
    await page.getByText('아이디는 변경할 수 없습니다.').waitFor();

    // A wrong current password is refused by the server, with its Korean text.
    await page.getByLabel('현재 비밀번호').fill('not-it');
    await page.getByLabel('새 비밀번호', { exact: true }).fill('newpass1');
    await page.getByLabel('새 비밀번호 확인').fill('newpass1');
    // The first 저장 is the name and password form's (the bank details card has its own).
    await page.getByRole('button', { name: '저장' }).first().click();
    await page.getByRole('alert').filter({ hasText: '현재 비밀번호가 올바르지 않습니다.' }).first().waitFor();

    await page.getByLabel('이름').fill('이바뀜');
    await page.getByLabel('현재 비밀번호').fill(renamer.password);
    await page.getByRole('button', { name: '저장' }).first().click();
    await page.getByText('비밀번호가 성공적으로 변경되었습니다.').waitFor();
    // The shell shows the new name at once.
    await page.getByRole('link', { name: /이바뀜님/ }).waitFor();

    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.waitForURL('**/login');
    await signIn(page, renamer.email, 'newpass1');
    await page.waitForURL('**/slots');
  });

  it('offers the way back while a developer acts as a user, and returns to the console', async () => {
    // The developer switches through the API (the user list's switch button is another issue);
    // the switched session's refresh cookie then goes into the browser, as the API would set it.
    const http = apiClient(stack.url);
    const developer = await http.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
    const switched = await http.call('POST', '/api/auth/switch-user', {
      token: developer.token,
      body: { targetUserId: switchTargetId },
    });
    expect(switched.status).toBe(200);
    const cookie = switched.setCookies.find((c) => c.startsWith('ss_refresh='));
    expect(cookie).toBeDefined();

    const page = await browser.freshPage();
    await browser.context.addCookies([
      {
        name: 'ss_refresh',
        value: cookie!.split(';')[0].slice('ss_refresh='.length),
        url: `${stack.url}/api/auth`,
        httpOnly: true,
        secure: true,
        sameSite: 'Strict',
      },
      // The readable hint the same answer sets beside it.
      { name: 'ss_session', value: '1', url: `${stack.url}/`, sameSite: 'Strict' },
    ]);
    await page.goto(`${stack.url}/`);
    await page.waitForURL('**/slots');
    const banner = page.getByRole('region', { name: '사용자 전환 상태' });
    await banner.getByText(switchTarget.fullName).waitFor();

    await banner.getByRole('button', { name: '원래 계정으로 돌아가기' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '돌아가기' }).click();

    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: '관리자 대시보드' }).waitFor();
    await expect(page.getByRole('region', { name: '사용자 전환 상태' }).count()).resolves.toBe(0);
  });

  it('ends the session of another device from 내 정보; that device’s next request lands on the login page', async () => {
    const here = await browser.freshPage();
    await signIn(here, twoDevices.email, twoDevices.password);
    await here.waitForURL('**/slots');
    // The same person on a phone: a second browser context with its own cookie jar and User-Agent.
    const phoneContext = await browser.context.browser()!.newContext({
      userAgent: IPHONE_SAFARI,
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
      viewport: { width: 1440, height: 900 },
    });
    try {
      const phone = await phoneContext.newPage();
      await submitLogin(phone, stack.url, twoDevices.email, twoDevices.password);
      await phone.waitForURL('**/slots');

      await here.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '내 정보' }).click();
      const sessions = here.getByTestId('sessions');
      await expect.poll(() => sessions.locator('tbody tr').count()).toBe(2);
      await sessions.locator('tr[data-current]').getByText('현재 세션').waitFor();
      const phoneRow = sessions.locator('tbody tr', { hasText: 'Safari 17 · iOS 17 (모바일)' });
      await phoneRow.getByRole('button', { name: /종료/ }).click();
      await here.getByRole('dialog').getByRole('button', { name: '종료' }).click();
      await here.getByText('세션을 종료했습니다.').waitFor();
      await expect.poll(() => sessions.locator('tbody tr').count()).toBe(1);

      // The phone's next request fails: its session ended, and it is sent to sign in again. (The
      // closed socket may make it ask first; then the link is gone with the page.)
      const profileLink = phone.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '내 정보' });
      await Promise.race([profileLink.click().catch(() => undefined), phone.waitForURL('**/login')]);
      await phone.waitForURL('**/login');
      await phone.getByText('인증이 만료되었습니다. 다시 로그인해주세요.').waitFor();
      // A reload does not sign it back in: the refresh cookie died with the session.
      await phone.reload();
      await phone.waitForURL('**/login');

      // This device goes on.
      await here.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '내 광고 슬롯' }).click();
      await here.waitForURL('**/slots');
    } finally {
      await phoneContext.close();
    }
  });
});
