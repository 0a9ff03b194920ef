import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, screenshotsOf, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { balanceOf, fund, productUrl } from '../support/slots';

/**
 * Slot registration in the browser: an advertiser with enough balance registers one slot and 30 slots pasted from
 * a spreadsheet in Chromium, sees them in the list with the right statuses; after one is approved
 * through the API they edit, pause and resume it; the balance dropped by exactly the price of the
 * created slots.
 */
/** Full pages for lists; the viewport for dialogs (they sit over the viewport). */
const shot = screenshotsOf('slots-', { fullPage: true });
const excelFixture = fileURLToPath(
  new URL('../../web/src/features/slot-bulk/utils/fixtures/slots.xls', import.meta.url),
);
const PRICE = 50_000; // defaultSlotPrice
const START_BALANCE = 2_000_000;
const advertiser = { email: 'slotadv', password: 'adpass123', fullName: '이슬롯' };
const operator = { email: 'slotop', password: 'oppass123', fullName: '최운영', role: 'operator' as const };

let stack: LocalStack;
let browser: BrowserSession;
let advertiserId: string;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  advertiserId = (await stack.createUser(advertiser)).id;
  await stack.createUser(operator);
  await fund(advertiserId, START_BALANCE);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function signIn(page: Page) {
  await submitLogin(page, stack.url, advertiser.email, advertiser.password);
  await page.waitForURL((url) => url.pathname === '/slots');
}

/** The TSV Excel puts on the clipboard for a block of rows (keyword, URL, MID). */
const tsv = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    [`붙여넣기 키워드 ${from + i}`, productUrl(from + i), `M${from + i}`].join('\t'),
  ).join('\r\n') + '\r\n';

/** Fires a real paste event with clipboard text at the focused element (headless has no OS clipboard). */
async function pasteText(page: Page, text: string) {
  await page.evaluate((data) => {
    const target = document.activeElement as HTMLElement;
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', data);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, text);
}

describe('My slots and bulk registration', () => {
  it('registers one slot, pastes 30 into /slots/bulk, edits, pauses and resumes an approved one', async () => {
    const page = await browser.freshPage();
    await signIn(page);
    await page.getByRole('heading', { name: '내 광고 슬롯' }).waitFor();
    await page.getByText('검색결과가 없습니다.').waitFor();

    // 1. Single registration: the shared rules speak first, then the slot is created (pending).
    await page.getByRole('button', { name: '개별 등록' }).click();
    const dialog = page.getByRole('dialog', { name: '슬롯 개별 등록' });
    await dialog.waitFor();
    await dialog.getByText('50,000원').first().waitFor();
    await dialog.getByRole('button', { name: /^등록/ }).click();
    await dialog.getByText('키워드는 필수 입력 항목입니다.').waitFor();
    await dialog.getByText('URL은 필수 입력 항목입니다.').waitFor();
    await dialog.getByLabel('키워드').fill('단일 등록 키워드');
    await dialog.getByLabel('URL').fill('https://www.naver.com/products/1');
    await dialog.getByRole('button', { name: /^등록/ }).click();
    await dialog.getByText('쿠팡 URL만 허용됩니다.').waitFor();
    await dialog.getByLabel('URL').fill(productUrl(0));
    await dialog.getByLabel('MID').fill('M0');
    await shot(page, '1-register-modal', false);
    await dialog.getByRole('button', { name: /^등록/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('단일 등록 키워드').waitFor();
    await page.getByText('관리자 승인 대기').first().waitFor();

    // 2. Bulk registration: paste 30 rows copied from a spreadsheet into the grid.
    await page.getByRole('link', { name: '대량 등록' }).click();
    await page.waitForURL((url) => url.pathname === '/slots/bulk');
    const grid = page.getByRole('grid', { name: '슬롯 대량 등록 표' });
    await grid.waitFor();
    await expect(grid.locator('tbody tr').count()).resolves.toBe(5);
    await expect(page.getByTestId('bulk-submit').isDisabled()).resolves.toBe(true);
    await page.getByText('등록할 슬롯 데이터를 입력해주세요.').waitFor();

    // A bad cell first: the grid marks it and blocks the submit.
    await grid.locator('td[role="gridcell"]').first().click();
    await page.keyboard.type('잘못된 행');
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-a-url');
    await page.keyboard.press('Enter');
    await page.getByText('입력 오류를 먼저 수정해주세요.').first().waitFor();
    await expect(page.getByTestId('bulk-submit').isDisabled()).resolves.toBe(true);
    await shot(page, '2a-bulk-errors', false);

    // Paste the block at row 1, column 1: it overwrites the bad row and grows the grid to 30 rows.
    await grid.locator('td[role="gridcell"]').first().click();
    await pasteText(page, tsv(1, 30));
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(30);
    await page.getByTestId('bulk-count').getByText('30개').waitFor();
    await page.getByRole('button', { name: '30개 슬롯 신청 (1,500,000원)' }).waitFor();
    await expect(page.getByText('입력 오류를 먼저 수정해주세요.').count()).resolves.toBe(0);
    await shot(page, '2-bulk-grid');

    await page.getByTestId('bulk-submit').click();
    const confirm = page.getByRole('dialog', { name: '슬롯 신청' });
    await confirm.getByText('30개 슬롯을 신청하시겠습니까? 총 1,500,000원이 잔액에서 차감됩니다.').waitFor();
    await confirm.getByRole('button', { name: '신청' }).click();
    await page.getByText('30개 슬롯이 성공적으로 등록되었습니다.').waitFor();
    await page.waitForURL((url) => url.pathname === '/slots');

    // 3. The list: 31 slots, all pending (승인대기), counted in the header.
    await page.getByText('검색 결과').locator('strong').getByText('31').waitFor();
    await page.getByRole('combobox', { name: '페이지당 개수' }).selectOption('50');
    await page.locator('tbody tr[data-slot-number="31"]').waitFor();
    await expect.poll(() => page.locator('tbody tr[data-slot-number]').count()).toBe(31);
    await expect
      .poll(() => page.locator('tbody tr[data-slot-number]').getByText('승인대기', { exact: true }).count())
      .toBe(31);
    await page.getByText('붙여넣기 키워드 30').waitFor();
    await shot(page, '3-list-pending');

    // The money: exactly 31 × the price.
    expect(await balanceOf(advertiserId)).toBe(START_BALANCE - 31 * PRICE);

    // 4. The operator approves the single slot through the API.
    const api = apiClient(stack.url);
    const { token: opToken } = await api.login(operator.email, operator.password);
    const { token: advToken } = await api.login(advertiser.email, advertiser.password);
    const listed = await api.call('GET', '/api/slots?limit=100', { token: advToken });
    const first = listed.body.data.items.find((s: { slot_number: number }) => s.slot_number === 1);
    expect(first.customFields.keywords).toBe('단일 등록 키워드');
    const approved = await api.call('POST', `/api/slots/${first.id}/approve`, {
      token: opToken,
      body: { approved: true },
    });
    expect(approved.status).toBe(200);

    await page.getByRole('button', { name: '새로고침' }).click();
    const row = page.locator('tr[data-slot-number="1"]');
    await row.getByRole('switch').waitFor();
    await row.getByText('진행중').waitFor();

    // 5. Edit: changing the keyword asks first (the rank resets), then saves.
    await row.getByRole('button', { name: '슬롯 #1 수정' }).click();
    const edit = page.getByRole('dialog', { name: '슬롯 #1 수정' });
    await edit.getByLabel('키워드').fill('수정된 키워드');
    await edit.getByRole('button', { name: '저장' }).click();
    const resetConfirm = page.getByRole('dialog', { name: '순위 정보 초기화' });
    await resetConfirm.waitFor();
    await resetConfirm.getByRole('button', { name: '변경하고 저장' }).click();
    await page.getByText('슬롯이 성공적으로 수정되었습니다.').waitFor();
    await row.getByText('수정된 키워드').waitFor();

    // 6. Pause (the expiry date stays), then resume.
    const endBefore = await api.call('GET', `/api/slots/${first.id}`, { token: advToken });
    await row.getByRole('switch', { name: '슬롯 #1 일시정지' }).click();
    const pause = page.getByRole('dialog', { name: '슬롯 일시정지' });
    await pause.getByText('일시정지해도 만료일은 변경되지 않습니다.', { exact: false }).waitFor();
    // The row flips optimistically; wait for the server's answer before reading the table.
    const pauseSaved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/slots/${first.id}/status`) && r.request().method() === 'PATCH',
    );
    await pause.getByRole('button', { name: '일시정지' }).click();
    expect((await pauseSaved).status()).toBe(200);
    await row.getByText('일시정지', { exact: true }).waitFor();
    await expect(row.getByRole('switch').getAttribute('aria-checked')).resolves.toBe('false');
    const paused = await api.call('GET', `/api/slots/${first.id}`, { token: advToken });
    expect(paused.body.data.status).toBe('paused');
    expect(paused.body.data.endDate).toBe(endBefore.body.data.endDate);
    await shot(page, '4-paused');

    await row.getByRole('switch', { name: '슬롯 #1 재개' }).click();
    const resumeSaved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/slots/${first.id}/status`) && r.request().method() === 'PATCH',
    );
    await page.getByRole('dialog', { name: '슬롯 재개' }).getByRole('button', { name: '재개' }).click();
    expect((await resumeSaved).status()).toBe(200);
    await row.getByText('진행중').waitFor();
    const resumed = await api.call('GET', `/api/slots/${first.id}`, { token: advToken });
    expect(resumed.body.data.status).toBe('active');

    // Approval, edit, pause and resume moved no money: still exactly 31 prices spent.
    expect(await balanceOf(advertiserId)).toBe(START_BALANCE - 31 * PRICE);
    await page.getByTestId('count-active').getByText('1').waitFor();
    await row.scrollIntoViewIfNeeded();
    await shot(page, '5-final', false);

    // Rank history: the daily trend and the 7-column calendar (no checks yet: 측정 data absent).
    await row.getByRole('button', { name: '순위 히스토리 보기' }).click();
    const history = page.getByRole('dialog', { name: '순위 히스토리 · 슬롯 #1' });
    await history.getByRole('table', { name: '일별 순위' }).waitFor();
    await history.getByText('표시할 순위 데이터가 없습니다.').waitFor();
    await shot(page, '5b-rank-history', false);
    // '새 창으로 보기': the same history alone in a 700×800 window, signed in, without the sidebar.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      history.getByRole('button', { name: '새 창으로 보기' }).click(),
    ]);
    await popup.getByRole('heading', { name: '순위 히스토리 · 슬롯 #1' }).waitFor();
    await popup.getByRole('table', { name: '일별 순위' }).waitFor();
    await expect(popup.getByRole('button', { name: '로그아웃' }).count()).resolves.toBe(0);
    await expect(popup.evaluate(() => [window.innerWidth, window.innerHeight])).resolves.toEqual([700, 800]);
    await shot(popup, '5b-rank-history-window', false);
    // The click closes its own page, so Playwright may report the target gone: the close event is the check.
    const closeClick = popup
      .getByRole('button', { name: '닫기' })
      .click({ noWaitAfter: true })
      .catch((err: Error) => {
        if (!/closed/.test(err.message)) throw err;
      });
    await Promise.all([popup.waitForEvent('close'), closeClick]);
    await history.getByRole('button', { name: '닫기' }).click();

    // 7. Bulk edit from the floating selection bar: form, then the irreversible confirmation.
    await row.getByRole('checkbox', { name: '슬롯 #1 선택' }).check();
    await expect(page.locator('tr[data-slot-number="2"]').getByRole('checkbox').isDisabled()).resolves.toBe(true); // pending
    const bar = page.getByRole('region', { name: '선택한 슬롯 작업' });
    await bar.getByText('1개 선택됨').waitFor();
    await bar.getByRole('button', { name: '일괄 정보 변경' }).click();
    const bulkEdit = page.getByRole('dialog', { name: '일괄 정보 변경' });
    await bulkEdit.getByRole('button', { name: '다음' }).click();
    await bulkEdit.getByText('수정할 내용을 입력해주세요.').waitFor();
    await bulkEdit.getByLabel('URL').fill('https://www.coupang.com/vp/products/abc');
    await bulkEdit.getByRole('button', { name: '다음' }).click();
    await bulkEdit.getByText('URL 형식을 확인해주세요.').waitFor();
    await bulkEdit.getByLabel('URL').fill('');
    await bulkEdit.getByLabel('키워드').fill('일괄 변경 키워드');
    await bulkEdit.getByRole('button', { name: '다음' }).click();
    const bulkConfirm = page.getByRole('dialog', { name: '일괄 변경 확인' });
    await bulkConfirm.getByText('되돌릴 수 없으며', { exact: false }).waitFor();
    await shot(page, '5c-bulk-edit-confirm', false);
    await bulkConfirm.getByRole('button', { name: '1개 슬롯 변경' }).click();
    await page.getByText('일괄 수정이 완료되었습니다.').waitFor();
    await row.getByText('일괄 변경 키워드').waitFor();

    // 8. The download: a BOM-prefixed CSV with current and yesterday's rank columns.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '엑셀 다운로드' }).click(),
    ]);
    // saveAs, not path(): the journeys' shared Chromium is reached remotely, so the file is copied here.
    const saved = join(tmpdir(), `my-slots-${crypto.randomUUID()}.csv`);
    await download.saveAs(saved);
    const csv = await readFile(saved, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('현재 순위,어제 순위');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(32);

    // The card view shows the same slots with D-n.
    await page.getByRole('button', { name: '카드로 보기' }).click();
    await page
      .locator('li[data-slot-number="1"]')
      .getByText(/^D-\d+$/)
      .waitFor();
    await shot(page, '6-cards');
  }, 120_000); // the longest journey: room for a loaded CI machine

  it('uploads an Excel file into the bulk grid, columns matched by their headers, and registers its rows', async () => {
    const page = await browser.freshPage();
    await signIn(page);
    const before = await balanceOf(advertiserId);
    await page.goto(`${stack.url}/slots/bulk`);
    const grid = page.getByRole('grid', { name: '슬롯 대량 등록 표' });
    await grid.waitFor();

    // A real .xls saved by LibreOffice Calc (web/src/features/slot-bulk/utils/fixtures/slots.fods): the
    // columns in another order than the form's (the headers decide where each goes), an empty row,
    // a MID stored as text with leading zeros, rows for productUrl(101..103).
    await page.locator('#bulk-excel-upload').setInputFiles(excelFixture);
    await page.getByText('slots.xls에서 3개 행을 불러왔습니다.').waitFor();
    await page.getByTestId('bulk-count').getByText('3개').waitFor();
    await grid.getByText('엑셀 키워드 2').waitFor();
    // Row 1 holds the file's first data row, keyword in the keyword column (the cursor edits it).
    await expect(grid.getByLabel('1행 키워드').inputValue()).resolves.toBe('엑셀 키워드 1');
    await expect(grid.locator('tbody tr').nth(1).locator('td[role="gridcell"]').first().textContent()).resolves.toBe(
      '엑셀 키워드 2',
    );
    await expect(grid.locator('tbody tr').nth(2).locator('td[role="gridcell"]').nth(2).textContent()).resolves.toBe(
      '0000093',
    );
    await shot(page, '7-excel-upload', false);

    // A file that is not a spreadsheet is refused with the rule, and the grid keeps its rows.
    await page
      .locator('#bulk-excel-upload')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('엑셀 파일(.xlsx, .xls)만 업로드할 수 있습니다.').waitFor();
    await page.getByTestId('bulk-count').getByText('3개').waitFor();

    await page.getByTestId('bulk-submit').click();
    await page.getByRole('dialog', { name: '슬롯 신청' }).getByRole('button', { name: '신청' }).click();
    await page.getByText('3개 슬롯이 성공적으로 등록되었습니다.').waitFor();
    await page.waitForURL((url) => url.pathname === '/slots');
    await page.getByText('엑셀 키워드 3').first().waitFor();
    expect(await balanceOf(advertiserId)).toBe(before - 3 * PRICE);
  });

  it('registers once when the answer was lost and the page is reloaded, even with a stray space', async () => {
    const page = await browser.freshPage();
    await signIn(page);
    const before = await balanceOf(advertiserId);
    const keyword = '새로고침 키워드';
    const register = async (keywordText: string, url: string) => {
      await page.getByRole('button', { name: '개별 등록' }).click();
      const dialog = page.getByRole('dialog', { name: '슬롯 개별 등록' });
      await dialog.getByText('50,000원').first().waitFor();
      await dialog.getByLabel('키워드').fill(keywordText);
      await dialog.getByLabel('URL').fill(url);
      await dialog.getByRole('button', { name: /^등록/ }).click();
      return dialog;
    };

    // The server registers and charges, but its answer never reaches the page.
    const isRegistration = (url: URL) => url.pathname === '/api/slots';
    await page.route(isRegistration, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    const dialog = await register(keyword, productUrl(200));
    await dialog.getByRole('alert').waitFor();
    await page.unroute(isRegistration);
    expect(await balanceOf(advertiserId)).toBe(before - PRICE);

    // The advertiser reloads and registers the same slot again, this time with stray spaces.
    await page.reload();
    await page.getByRole('heading', { name: '내 광고 슬롯' }).waitFor();
    const again = await register(` ${keyword} `, `${productUrl(200)} `);
    await again.waitFor({ state: 'detached' });

    // One slot, one charge: the server answered the first registration.
    expect(await balanceOf(advertiserId)).toBe(before - PRICE);
    const { token } = await apiClient(stack.url).login(advertiser.email, advertiser.password);
    const mine = await apiClient(stack.url).call('GET', '/api/slots?limit=100', { token });
    const matching = (mine.body.data.items as Array<{ keyword: string }>).filter((s) => s.keyword === keyword);
    expect(matching).toHaveLength(1);
  });
});
