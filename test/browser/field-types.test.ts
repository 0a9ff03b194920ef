import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, screenshotsOf, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { fund, productUrl } from '../support/slots';

/**
 * Field types and layout options in Chromium: a developer makes a select field with options and a boolean
 * field, an advertiser registers with them in the single form and by pasting into the bulk grid and
 * reads them in the list; a developer tries the sidebar width and content padding on the settings
 * page before saving, and the advertiser's pages use what was saved.
 */
const shot = screenshotsOf('field-types-', { fullPage: true });
const advertiser = { email: 'typedadv', password: 'adpass123', fullName: '유형광고' };

let stack: LocalStack;
let browser: BrowserSession;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  const { id } = await stack.createUser(advertiser);
  await fund(id, 500_000);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function signInDeveloper() {
  const page = await browser.freshPage();
  await submitLogin(page, stack.url, localStackDefaults.developerId, localStackDefaults.developerPassword);
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
  return page;
}

async function signInAdvertiser() {
  const page = await browser.freshPage();
  await submitLogin(page, stack.url, advertiser.email, advertiser.password);
  await page.waitForURL((url) => url.pathname === '/slots');
  return page;
}

async function openSettingsTab(page: Page, tab: string) {
  await page.goto(`${stack.url}/admin/settings`);
  await page.getByRole('heading', { name: '시스템 설정' }).waitFor();
  await page.getByRole('tab', { name: tab }).click();
}

async function pasteText(page: Page, text: string) {
  await page.evaluate((data) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', data);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }),
    );
  }, text);
}

/** The text of a list row's cell under a column header. */
async function listCell(page: Page, slotNumber: number, header: string) {
  const headers = await page.locator('thead th').allTextContents();
  const index = headers.findIndex((h) => h.trim() === header);
  expect(index, `column ${header} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
  return (await page.locator(`tbody tr[data-slot-number="${slotNumber}"] td`).nth(index).textContent())?.trim();
}

const layoutLook = (page: Page) =>
  page.evaluate(() => ({
    sidebar: Math.round(document.querySelector('#app-sidebar')!.getBoundingClientRect().width),
    padding: getComputedStyle(document.querySelector('main')!).paddingLeft,
    content: getComputedStyle(document.querySelector('main')!.firstElementChild!).maxWidth,
  }));

describe('select and boolean fields', () => {
  it('a developer makes a select and a boolean field; an advertiser registers with them one by one and by paste, and reads them in the list', async () => {
    const dev = await signInDeveloper();
    await openSettingsTab(dev, '필드');
    await dev.getByRole('button', { name: '필드 추가' }).click();
    let dialog = dev.getByRole('dialog', { name: '필드 추가' });
    await dialog.getByLabel('필드 키').fill('color');
    await dialog.getByLabel('라벨').fill('색상');
    await dialog.getByRole('combobox', { name: '입력 형식' }).selectOption('select');
    // No options yet: the dialog refuses like the server would.
    await dialog.getByRole('button', { name: '추가', exact: true }).click();
    await dialog.getByText('선택 항목(select) 필드에는 선택지를 1개 이상 입력해주세요.').waitFor();
    for (const option of ['파랑', '빨강']) {
      await dialog.getByRole('button', { name: '선택지 추가' }).click();
      await dialog
        .getByLabel(/^선택지 \d+$/)
        .last()
        .fill(option);
    }
    // Reorder: 빨강 first.
    await dialog.getByRole('button', { name: '선택지 2 위로 이동' }).click();
    await expect(dialog.getByRole('textbox', { name: '선택지 1' }).inputValue()).resolves.toBe('빨강');
    await dialog.getByRole('button', { name: '추가', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await dev.getByRole('button', { name: '필드 추가' }).click();
    dialog = dev.getByRole('dialog', { name: '필드 추가' });
    await dialog.getByLabel('필드 키').fill('gift');
    await dialog.getByLabel('라벨').fill('사은품');
    await dialog.getByRole('combobox', { name: '입력 형식' }).selectOption('boolean');
    await dialog.getByRole('button', { name: '추가', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await dev.getByRole('button', { name: '필드 설정 저장' }).click();
    await dev.getByText('필드 설정이 저장되었습니다.').waitFor();

    // The single form: a select with the options in order, and a checkbox.
    const page = await signInAdvertiser();
    await page.getByRole('button', { name: '개별 등록' }).click();
    const register = page.getByRole('dialog', { name: '슬롯 개별 등록' });
    await register.getByLabel('키워드').fill('유형 키워드');
    await register.getByLabel('URL').fill(productUrl(31));
    const color = register.getByRole('combobox', { name: '색상' });
    await expect(color.locator('option').allTextContents()).resolves.toEqual(['선택하세요', '빨강', '파랑']);
    await color.selectOption('파랑');
    await register.getByRole('checkbox', { name: '사은품' }).check();
    await shot(page, 'single-form');
    await register.getByRole('button', { name: /^등록/ }).click();
    await register.waitFor({ state: 'detached' });
    await page.locator('tbody tr[data-slot-number="1"]').waitFor();
    await expect(listCell(page, 1, '색상')).resolves.toBe('파랑');
    await expect(listCell(page, 1, '사은품')).resolves.toBe('예');

    // The bulk grid: pasted words map to options and booleans; what maps to nothing is flagged.
    await page.getByRole('link', { name: '대량 등록' }).click();
    await page.waitForURL((url) => url.pathname === '/slots/bulk');
    const grid = page.getByRole('grid', { name: '슬롯 대량 등록 표' });
    await grid.locator('td[role="gridcell"]').first().click();
    await pasteText(
      page,
      [
        ['붙여넣기 유형 1', productUrl(32), '', '', '빨강', 'N'],
        ['붙여넣기 유형 2', productUrl(33), '', '', '초록', 'O'],
      ]
        .map((r) => r.join('\t'))
        .join('\r\n'),
    );
    await expect.poll(() => grid.locator('[aria-label="1행 사은품"]').textContent()).toBe('아니오');
    await expect(grid.locator('[aria-label="2행 사은품"]').textContent()).resolves.toBe('예');
    await page.getByText('2행 색상: 색상은(는) 다음 중 하나를 선택해주세요: 빨강, 파랑').waitFor();
    await expect(
      grid.locator('[aria-label="2행 색상"]').locator('xpath=ancestor::td').getAttribute('aria-invalid'),
    ).resolves.toBe('true');
    await expect(page.getByTestId('bulk-submit').isDisabled()).resolves.toBe(true);
    await shot(page, 'bulk-invalid');

    // The cell editor offers the options; typing one fixes the cell.
    await grid.locator('[aria-label="2행 색상"]').click();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('combobox', { name: '2행 색상' });
    await expect(editor.getAttribute('list')).resolves.toBeTruthy();
    await expect(
      page
        .locator(`datalist#${await editor.getAttribute('list')} option`)
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).resolves.toEqual(['빨강', '파랑']);
    await editor.fill('파랑');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('bulk-submit').isDisabled()).toBe(false);
    await page.getByTestId('bulk-submit').click();
    await page.getByRole('dialog', { name: '슬롯 신청' }).getByRole('button', { name: '신청' }).click();
    await page.getByText('2개 슬롯이 성공적으로 등록되었습니다.').waitFor();
    await page.waitForURL((url) => url.pathname === '/slots');
    await page.locator('tbody tr[data-slot-number="3"]').waitFor();
    await expect(listCell(page, 2, '색상')).resolves.toBe('빨강');
    await expect(listCell(page, 2, '사은품')).resolves.toBe('아니오');
    await expect(listCell(page, 3, '색상')).resolves.toBe('파랑');
    await expect(listCell(page, 3, '사은품')).resolves.toBe('예');
    await shot(page, 'list');
  });
});

describe('layout options', () => {
  it('a developer previews a wider sidebar, a narrow content and larger padding before saving; the advertiser’s pages use them once saved', async () => {
    const dev = await signInDeveloper();
    await openSettingsTab(dev, '테마');
    expect(await layoutLook(dev)).toEqual({ sidebar: 260, padding: '28px', content: '1280px' });

    await dev.getByRole('combobox', { name: '사이드바 너비' }).selectOption('wide');
    await dev.getByRole('combobox', { name: '본문 너비' }).selectOption('narrow');
    await dev.getByRole('combobox', { name: '본문 여백' }).selectOption('large');
    // Previewed on this very shell, before saving.
    await expect.poll(() => layoutLook(dev)).toEqual({ sidebar: 300, padding: '40px', content: '880px' });
    await shot(dev, 'layout-preview');
    await dev.getByRole('button', { name: '테마 설정 저장' }).click();
    await dev.getByText('테마 설정이 저장되었습니다.').waitFor();

    // A draft left unsaved ends with the page: the shell goes back to what is saved.
    await dev.getByRole('combobox', { name: '사이드바 너비' }).selectOption('narrow');
    await expect.poll(() => layoutLook(dev)).toEqual({ sidebar: 224, padding: '40px', content: '880px' });
    await dev.getByRole('complementary', { name: '사이드바' }).getByRole('link', { name: '사용자 관리' }).click();
    await expect.poll(() => layoutLook(dev)).toEqual({ sidebar: 300, padding: '40px', content: '880px' });

    const page = await signInAdvertiser();
    await expect.poll(() => layoutLook(page)).toEqual({ sidebar: 300, padding: '40px', content: '880px' });
    await page.getByRole('complementary', { name: '사이드바' }).getByRole('link', { name: '내 정보' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    expect(await layoutLook(page)).toEqual({ sidebar: 300, padding: '40px', content: '880px' });
    await shot(page, 'layout-advertiser');
  });
});
