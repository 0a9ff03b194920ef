import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, screenshotsOf, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { fund, productUrl } from '../support/slots';

/**
 * System settings in the browser: a developer switches the theme to luxury and the layout to dashboard and every
 * page follows; pre-allocation mode changes the user and admin slot screens; a field added in the
 * field tab appears in the registration form and the slot list. Plus the guards and maintenance.
 */
const shot = screenshotsOf('settings-', { fullPage: true });
const advertiser = { email: 'setadv', password: 'adpass123', fullName: '최광고' };
const operator = { email: 'setop', password: 'oppass123', fullName: '한운영', role: 'operator' as const };

let stack: LocalStack;
let browser: BrowserSession;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  const { id } = await stack.createUser(advertiser);
  await fund(id, 200_000);
  await stack.createUser(operator);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const cssVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

/** The shell's preset, and whether the sidebar is drawn to the right of the page. */
async function shellLook(page: Page) {
  const shell = page.locator('[data-layout]').first();
  await shell.waitFor();
  const layout = await shell.getAttribute('data-layout');
  const sidebar = await page.locator('#app-sidebar').boundingBox();
  const main = await page.locator('main').first().boundingBox();
  return {
    layout,
    theme: await page.evaluate(() => document.documentElement.dataset.theme),
    sidebarRight: !!sidebar && !!main && sidebar.x > main.x,
  };
}

async function signInDeveloper() {
  const page = await browser.freshPage();
  await submitLogin(page, stack.url, localStackDefaults.developerId, localStackDefaults.developerPassword);
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
  return page;
}

async function openSettingsTab(page: Page, tab: string) {
  await page.goto(`${stack.url}/admin/settings`);
  await page.getByRole('heading', { name: '시스템 설정' }).waitFor();
  await page.getByRole('tab', { name: tab }).click();
}

describe('settings journey', () => {
  it('luxury theme and dashboard layout reach every page, for the developer and an advertiser', async () => {
    const page = await signInDeveloper();
    expect(await shellLook(page)).toMatchObject({ layout: 'classic', theme: 'simple', sidebarRight: false });

    await openSettingsTab(page, '테마');
    await page.getByRole('combobox', { name: '테마' }).selectOption('luxury');
    await page.getByRole('combobox', { name: '레이아웃' }).selectOption('dashboard');
    await page.getByRole('button', { name: '테마 설정 저장' }).click();
    await page.getByText('테마 설정이 저장되었습니다.').waitFor();

    // The shell follows at once (the page fires systemSettingsChanged), without a reload.
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'luxury');
    await page.locator('[data-layout="dashboard"]').waitFor();
    expect(await cssVar(page, '--color-primary')).toBe('#a47e3b');
    expect(await shellLook(page)).toMatchObject({ layout: 'dashboard', sidebarRight: true });
    // The change is in the history, with who made it.
    await page.getByTestId('settings-history-row').filter({ hasText: '레이아웃' }).getByText('대시보드').waitFor();
    await shot(page, 'luxury-dashboard');

    for (const link of ['사용자 관리', '캐시 승인', '공지사항 관리']) {
      await page.getByRole('complementary', { name: '사이드바' }).getByRole('link', { name: link }).click();
      await page.getByRole('navigation', { name: '현재 위치' }).getByText(link).waitFor();
      expect(await shellLook(page)).toMatchObject({ layout: 'dashboard', theme: 'luxury', sidebarRight: true });
    }

    // The login preview shows each theme's sign-in screen without signing in. (A signed-out tab: a
    // signed-in one would rotate the shared refresh cookie while the next journey signs in.)
    const preview = await browser.freshPage();
    await preview.goto(`${stack.url}/login-preview?theme=modern`);
    await preview.getByText('미리보기 화면입니다. 로그인은 동작하지 않습니다.').waitFor();
    await preview.locator('[data-theme="modern"]').getByRole('heading', { name: '로그인' }).waitFor();
    // An unknown theme falls back to simple.
    await preview.goto(`${stack.url}/login-preview?theme=neon`);
    await preview.locator('[data-theme="simple"]').getByRole('heading', { name: '로그인' }).waitFor();
    expect(preview.url()).toContain('/login-preview');

    // An advertiser signing in gets the same look.
    const user = await browser.freshPage();
    await submitLogin(user, stack.url, advertiser.email, advertiser.password);
    await user.waitForURL((url) => url.pathname === '/slots');
    expect(await shellLook(user)).toMatchObject({ layout: 'dashboard', theme: 'luxury', sidebarRight: true });
    await user.getByRole('complementary', { name: '사이드바' }).getByRole('link', { name: '내 정보' }).click();
    await user.waitForURL((url) => url.pathname === '/profile');
    expect(await shellLook(user)).toMatchObject({ layout: 'dashboard', theme: 'luxury', sidebarRight: true });
  });

  it('a field added in the field tab appears in the registration form and as a slot list column', async () => {
    const page = await signInDeveloper();
    await openSettingsTab(page, '필드');
    await page.getByRole('button', { name: '필드 추가' }).click();
    const dialog = page.getByRole('dialog', { name: '필드 추가' });
    await dialog.getByLabel('필드 키').fill('brand');
    await dialog.getByLabel('라벨').fill('브랜드');
    await dialog.getByRole('button', { name: '추가' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '브랜드 위로 이동' }).click();
    await page.getByRole('button', { name: '필드 설정 저장' }).click();
    await page.getByText('필드 설정이 저장되었습니다.').waitFor();

    const api = apiClient(stack.url);
    const { token } = await api.login(advertiser.email, advertiser.password);
    const listed = (await api.call('GET', '/api/field-configs', { token })).body.data as { field_key: string }[];
    expect(listed.map((f) => f.field_key).indexOf('brand')).toBe(
      listed.map((f) => f.field_key).indexOf('description') - 1,
    );

    const user = await browser.freshPage();
    await submitLogin(user, stack.url, advertiser.email, advertiser.password);
    await user.waitForURL((url) => url.pathname === '/slots');
    await user.getByRole('button', { name: '개별 등록' }).click();
    const register = user.getByRole('dialog', { name: '슬롯 개별 등록' });
    await register.getByLabel('키워드').fill('설정 여정 키워드');
    await register.getByLabel('URL').fill(productUrl(11));
    await register.getByLabel('브랜드').fill('브랜드A');
    await register.getByRole('button', { name: /^등록/ }).click();
    await register.waitFor({ state: 'detached' });
    await user.getByRole('columnheader', { name: '브랜드' }).waitFor();
    await user.getByRole('cell', { name: '브랜드A' }).waitFor();
    await shot(user, 'field-column');
  });

  it('pre-allocation mode changes the admin and the user slot screens', async () => {
    let page = await signInDeveloper();
    await page.goto(`${stack.url}/admin/slots`);
    await page.getByRole('heading', { name: '슬롯 승인' }).waitFor();
    expect(await page.getByRole('button', { name: '선슬롯 발행' }).count()).toBe(0);

    await openSettingsTab(page, '비즈니스');
    expect(await page.getByLabel('기본 발행 슬롯 수').count()).toBe(0);
    await page.getByRole('combobox', { name: '슬롯 운영 방식' }).selectOption('pre-allocation');
    await page.getByLabel('기본 발행 슬롯 수').fill('15');
    await page.getByRole('button', { name: '비즈니스 설정 저장' }).click();
    await page.getByText('비즈니스 설정이 저장되었습니다.').waitFor();

    // Client-side navigation: the menu and the admin screen follow without a reload.
    await page.getByRole('complementary', { name: '사이드바' }).getByRole('link', { name: '슬롯 관리' }).click();
    await page.getByRole('heading', { name: '슬롯 관리' }).waitFor();
    await page.getByRole('button', { name: '선슬롯 발행' }).waitFor();

    const user = await browser.freshPage();
    await submitLogin(user, stack.url, advertiser.email, advertiser.password);
    await user.waitForURL((url) => url.pathname === '/slots');
    await user.getByText('사용 가능').first().waitFor();
    expect(await user.getByRole('button', { name: '개별 등록' }).count()).toBe(0);

    // Back to normal for the rest of the journey, by reverting the change in the history.
    // (One browser profile: signing the advertiser in closed the developer's tab.)
    page = await signInDeveloper();
    await openSettingsTab(page, '비즈니스');
    const change = page.getByTestId('settings-history-row').filter({ hasText: '슬롯 운영 방식' }).first();
    await change.getByRole('button', { name: '슬롯 운영 방식 변경 되돌리기' }).click();
    await page.getByRole('dialog', { name: '변경 되돌리기' }).getByRole('button', { name: '되돌리기' }).click();
    await page.getByText("'슬롯 운영 방식' 변경을 되돌렸습니다.").waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: '슬롯 운영 방식' }).inputValue()).toBe('normal');
    await page.getByRole('complementary', { name: '사이드바' }).getByRole('link', { name: '슬롯 승인' }).waitFor();
  });

  it('maintenance: advertisers see the notice and cannot write; staff keep working with a banner', async () => {
    let page = await signInDeveloper();
    await openSettingsTab(page, '비즈니스');
    await page.getByRole('switch', { name: /점검 모드/ }).check();
    await page.getByRole('button', { name: '비즈니스 설정 저장' }).click();
    await page.getByText('비즈니스 설정이 저장되었습니다.').waitFor();
    await page.getByText('점검 모드가 켜져 있습니다.').waitFor();

    const user = await browser.freshPage();
    await submitLogin(user, stack.url, advertiser.email, advertiser.password);
    await user.getByRole('heading', { name: '서비스 점검 중입니다' }).waitFor();
    expect(await user.locator('#app-sidebar').count()).toBe(0);
    await shot(user, 'maintenance');

    const api = apiClient(stack.url);
    const { token } = await api.login(advertiser.email, advertiser.password);
    const refused = await api.call('POST', '/api/slots', {
      token,
      body: { customFields: { keywords: '점검중', landingUrl: productUrl(12) } },
    });
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('MAINTENANCE');

    page = await signInDeveloper();
    await page.getByText('점검 모드가 켜져 있습니다.').waitFor();
    await openSettingsTab(page, '비즈니스');
    await page.getByRole('switch', { name: /점검 모드/ }).uncheck();
    await page.getByRole('button', { name: '비즈니스 설정 저장' }).click();
    await page.getByText('비즈니스 설정이 저장되었습니다.').waitFor();
    // The banner follows the settings as read again after the save (it may outlast the toast's render).
    await page.getByText('점검 모드가 켜져 있습니다.').waitFor({ state: 'detached' });

    const back = await browser.freshPage();
    await submitLogin(back, stack.url, advertiser.email, advertiser.password);
    await back.getByRole('heading', { name: '내 광고 슬롯' }).waitFor();
  });

  it('an operator opening /admin/settings lands on the dashboard, and has no settings menu', async () => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, operator.email, operator.password);
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    await page.goto(`${stack.url}/admin/settings`);
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(await page.getByRole('link', { name: '시스템 설정' }).count()).toBe(0);
  });
});
