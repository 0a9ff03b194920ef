import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { productUrl } from '../support/slots';

/**
 * In Chromium: the bulk registration grid with 1,000 pasted rows renders only the
 * rows in view, yet scrolls like the whole table (its height is every row's), shows the last row at
 * the bottom, and keeps keyboard editing there.
 */
let stack: LocalStack;
let browser: BrowserSession;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  await stack.createUser({ email: 'gridadv', password: 'gridpass1', fullName: '표광고주' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const tsv = (count: number) =>
  Array.from({ length: count }, (_, i) => [`붙여넣기 키워드 ${i + 1}`, productUrl(i + 1), `M${i + 1}`].join('\t')).join(
    '\r\n',
  ) + '\r\n';

describe('Bulk grid with 1,000 pasted rows', () => {
  it('renders a window of rows, scrolls to the last one and edits it from the keyboard', async () => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, 'gridadv', 'gridpass1');
    await page.waitForURL((u) => u.pathname === '/slots');
    await page.goto(`${stack.url}/slots/bulk`);
    const grid = page.getByRole('grid', { name: '슬롯 대량 등록 표' });
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
    const cellOf = (name: string) => grid.locator(`[aria-label="${name}"]`).locator('xpath=ancestor::td');
    // From one cell to another, by mouse and by arrow: the input follows (Chromium blurs the input
    // the move removes; that blur must not drop the focus).
    await cellOf('1행 키워드').click();
    await cellOf('3행 URL').click();
    await expect(focused()).resolves.toBe('3행 URL');
    await page.keyboard.press('ArrowUp');
    await expect(focused()).resolves.toBe('2행 URL');
    await cellOf('1행 키워드').click();
    await expect(focused()).resolves.toBe('1행 키워드');
    await page.evaluate((data) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', data);
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }),
      );
    }, tsv(1000));
    await page.getByTestId('bulk-count').getByText('1,000개').waitFor();

    await expect(grid.getAttribute('aria-rowcount')).resolves.toBe('1001');
    const rendered = await grid.locator('tbody tr[aria-rowindex]').count();
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(80);

    // The scroll height is every row's: the spacers stand in for the rows not rendered.
    const wrap = grid.locator('xpath=..');
    const { scrollHeight, rowHeight, headerHeight } = await wrap.evaluate((el) => ({
      scrollHeight: el.scrollHeight,
      rowHeight: el.querySelector('tbody tr[aria-rowindex]')!.getBoundingClientRect().height,
      headerHeight: el.querySelector('thead')!.getBoundingClientRect().height,
    }));
    expect(Math.abs(scrollHeight - (headerHeight + 1000 * rowHeight))).toBeLessThan(rowHeight);

    await wrap.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const last = grid.locator('[aria-label="1000행 키워드"]');
    await last.waitFor();
    await expect(last.textContent()).resolves.toBe('붙여넣기 키워드 1000');
    await expect(last.isVisible()).resolves.toBe(true);
    await expect(last.locator('xpath=ancestor::tr').getAttribute('aria-rowindex')).resolves.toBe('1001');

    // Edit the last row, then walk up with the arrows: the focused input follows.
    await last.click();
    await page.keyboard.type('마지막 행');
    await page.keyboard.press('Enter');
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowUp');
    await expect(focused()).resolves.toBe('970행 키워드');
    await expect(page.getByRole('textbox', { name: '970행 키워드' }).inputValue()).resolves.toBe('붙여넣기 키워드 970');
    await wrap.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(grid.locator('[aria-label="1000행 키워드"]').textContent()).resolves.toBe('마지막 행');
    await page.getByTestId('bulk-count').getByText('1,000개').waitFor();
  });
});
