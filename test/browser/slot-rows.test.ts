import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKstDays, kstToday } from '../../shared/kst';
import { ensureWebBuild, screenshotsOf, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { observation } from '../support/rank';
import { productUrl, resetSettings, setSetting } from '../support/slots';

/**
 * In Chromium: an advertiser reads impressions, clicks and CTR in My slots and
 * the rank history, edits a row in place ('필수 입력', then a save), and opens an issued slot's
 * extension history (empty, and with the extension an operator made). Then: a keyword change warns
 * with the server's count of rank-history days it deletes, and an operator extends from its row an
 * issued slot the nightly status job stored completed.
 */
const shot = screenshotsOf('slot-rows-');
const advertiser = { email: 'rowsadv', password: 'adpass123', fullName: '정행편집' };
const operator = { email: 'rowsop', password: 'oppass123', fullName: '한운영', role: 'operator' as const };

let stack: LocalStack;
let browser: BrowserSession;
let slotIds: string[];

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  const advertiserId = (await stack.createUser(advertiser)).id;
  await stack.createUser(operator);
  await setSetting('slotOperationMode', 'pre-allocation');
  const api = apiClient(stack.url);
  const login = async (u: { email: string; password: string }) =>
    (await api.call('POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).body.data.tokens
      .accessToken as string;
  const [opToken, advToken] = [await login(operator), await login(advertiser)];
  const today = kstToday();
  slotIds = (
    await api.call('POST', `/api/slots/allocate/${advertiserId}`, {
      token: opToken,
      body: { slotCount: 2, startDate: today, endDate: addKstDays(today, 3) },
    })
  ).body.data.slotIds;
  for (const [i, id] of slotIds.entries())
    await api.call('PUT', `/api/slots/${id}/fill`, {
      token: advToken,
      body: { keyword: `행키워드${i + 1}`, url: productUrl(i + 1) },
    });
  await api.call('POST', `/api/slots/${slotIds[0]}/extend`, { token: opToken, body: { extensionDays: 7 } });

  // A worker's check and metrics of the first slot's pair, then the recompute job.
  const { recordObservations } = await import('../../functions/domain/rank-measurement/observations');
  const { runRankRecompute } = await import('../../functions/domain/rank-measurement/recompute-run');
  const pair = { keyword: '행키워드1', productId: '1001', itemId: '2001', vendorItemId: '3001' };
  const result = await recordObservations(
    { keyId: 'browser-test', name: '테스트' },
    [observation(pair, { observedAt: new Date(Date.now() - 60_000).toISOString(), rank: 7 })],
    new Date(),
    [{ ...pair, day: today, impressions: 1234, clicks: 37 }],
  );
  expect(result.rejections).toEqual([]);
  await runRankRecompute();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await resetSettings('slotOperationMode');
  await stack?.stop();
});

const rowOf = (page: Page, n: number) => page.locator(`tr[data-slot-number="${n}"]`);

describe('My slots rows', () => {
  it('shows impressions, clicks and CTR in the list and the rank history', async () => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, advertiser.email, advertiser.password);
    await page.waitForURL((url) => url.pathname === '/slots');
    const metrics = rowOf(page, 1).getByTestId('slot-metrics');
    await metrics.waitFor();
    expect(await metrics.innerText()).toMatch(/노출 1,234\s*클릭 37\s*CTR 3\.00%/);
    // A slot no worker reported on reads '-', never invented zeros.
    expect(await rowOf(page, 2).getByTestId('slot-metrics').innerText()).toMatch(/노출 -\s*클릭 -\s*CTR -/);

    await rowOf(page, 1)
      .getByRole('button', { name: /순위 히스토리 보기/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('range-metrics').waitFor();
    expect(await dialog.getByTestId('range-metrics').innerText()).toBe('기간 합계 노출 1,234 · 클릭 37 · CTR 3.00%');
    expect(await dialog.getByTestId('day-metrics').first().innerText()).toBe('노출 1,234 · 클릭 37 · CTR 3.00%');
    await shot(page, 'rank-history');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Its range total too: '-' for the slot nobody reported on.
    await rowOf(page, 2)
      .getByRole('button', { name: /순위 히스토리 보기/ })
      .click();
    await dialog.getByTestId('range-metrics').waitFor();
    expect(await dialog.getByTestId('range-metrics').innerText()).toBe('기간 합계 노출 - · 클릭 - · CTR -');
  });

  it('edits a row in place: 필수 입력 for an empty required field, Esc cancels, Enter saves', async () => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, advertiser.email, advertiser.password);
    await page.waitForURL((url) => url.pathname === '/slots');
    const row = rowOf(page, 2);
    await row.getByRole('button', { name: '슬롯 #2 빠른 수정' }).click();
    const keyword = row.getByRole('textbox', { name: /슬롯 #2 키워드/ });
    await keyword.fill('');
    await keyword.press('Enter');
    await row.getByText('필수 입력', { exact: true }).waitFor();
    expect(await row.getByRole('alert').innerText()).toBe('필수 입력 항목을 확인해주세요.');

    await keyword.press('Escape');
    await row.getByText('행키워드2').waitFor();

    await row.getByRole('button', { name: '슬롯 #2 빠른 수정' }).click();
    await row.getByRole('textbox', { name: /슬롯 #2 키워드/ }).fill('새 행키워드');
    await row.getByRole('textbox', { name: /슬롯 #2 키워드/ }).press('Enter');
    // A keyword change resets the rank: asked first, as in the edit dialog.
    await page.getByRole('button', { name: '변경하고 저장' }).click();
    await row.getByText('새 행키워드').waitFor();
    expect(await row.getByRole('textbox').count()).toBe(0);
    const api = apiClient(stack.url);
    const token = (
      await api.call('POST', '/api/auth/login', { body: { email: advertiser.email, password: advertiser.password } })
    ).body.data.tokens.accessToken;
    const saved = await api.call('GET', `/api/slots/${slotIds[1]}`, { token });
    expect(saved.body.data.customFields.keywords).toBe('새 행키워드');

    // A URL the server refuses: its reason on the row, the row still open, nothing saved.
    await row.getByRole('button', { name: '슬롯 #2 빠른 수정' }).click();
    const url = row.getByRole('textbox', { name: '슬롯 #2 URL' });
    await url.fill('https://example.com/vp/products/2002');
    await url.press('Enter');
    await page.getByRole('button', { name: '변경하고 저장' }).click();
    await row.getByRole('alert').getByText('수정 실패: 쿠팡 URL만 허용됩니다.').waitFor();
    expect(await url.inputValue()).toBe('https://example.com/vp/products/2002');
    await url.press('Escape');
    await row.getByText('새 행키워드').waitFor();
    const unchanged = await api.call('GET', `/api/slots/${slotIds[1]}`, { token });
    expect(unchanged.body.data.url).toBe(saved.body.data.url);
    expect(unchanged.body.data.url).toContain('coupang.com');
  });

  it('opens an issued slot’s extension history: the extension made, and none for the other', async () => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, advertiser.email, advertiser.password);
    await page.waitForURL((url) => url.pathname === '/slots');
    await rowOf(page, 2).getByRole('button', { name: '슬롯 #2 연장 내역' }).click();
    await page.getByRole('dialog').getByText('연장 내역이 없습니다.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await rowOf(page, 1).getByRole('button', { name: '슬롯 #1 연장 내역' }).click();
    const table = page.getByRole('dialog').getByRole('table', { name: '연장 내역' });
    await table.waitFor();
    const cells = await table.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(cells.slice(1)).toEqual([
      '#1',
      '#3',
      '7일',
      `${addKstDays(kstToday(), 4)} ~ ${addKstDays(kstToday(), 10)}`,
      '진행대기',
    ]);
    await shot(page, 'extensions');
  });

  it('warns before a keyword change with the number of rank-history days the server will delete', async () => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, advertiser.email, advertiser.password);
    await page.waitForURL((url) => url.pathname === '/slots');
    const row = rowOf(page, 1);
    await row.getByRole('button', { name: '슬롯 #1 빠른 수정' }).click();
    await row.getByRole('textbox', { name: /슬롯 #1 키워드/ }).fill('바뀐 행키워드');
    await row.getByRole('textbox', { name: /슬롯 #1 키워드/ }).press('Enter');
    const dialog = page.getByRole('dialog', { name: '순위 정보 초기화' });
    // The recompute wrote one day of history for slot #1 (today's check).
    await dialog.getByText('순위 히스토리 1일', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: '변경하고 저장' }).click();
    await row.getByText('바뀐 행키워드').waitFor();

    const api = apiClient(stack.url);
    const token = (await api.login(advertiser.email, advertiser.password)).token;
    expect((await api.call('GET', `/api/slots/${slotIds[0]}/rank-history`, { token })).body.data.items).toEqual([]);
    expect((await api.call('GET', `/api/slots/${slotIds[0]}/rank-delete-query`, { token })).body.data).toMatchObject({
      historyDays: 0,
    });
  });

  it('offers 연장 on the row of an issued slot the status job stored completed, and extends it', async () => {
    const api = apiClient(stack.url);
    const owner = { email: 'rowsdone', password: 'adpass123', fullName: '완료광고주' };
    const ownerId = (await stack.createUser(owner)).id;
    const opToken = (await api.login(operator.email, operator.password)).token;
    const ownerToken = (await api.login(owner.email, owner.password)).token;
    const today = kstToday();
    const [id] = (
      await api.call('POST', `/api/slots/allocate/${ownerId}`, {
        token: opToken,
        body: { slotCount: 1, startDate: today, endDate: addKstDays(today, 3) },
      })
    ).body.data.slotIds;
    await api.call('PUT', `/api/slots/${id}/fill`, {
      token: ownerToken,
      body: { keyword: '완료키워드', url: productUrl(9) },
    });
    // It ran its days: ended yesterday. The nightly job stores it completed (no approval step ever ran).
    const moved = await api.call('PUT', `/api/slots/${id}/update-fields`, {
      token: opToken,
      body: { customFields: {}, startDate: addKstDays(today, -10), endDate: addKstDays(today, -1) },
    });
    expect(moved.status).toBe(200);
    expect((await fetch(`${stack.url}/_local/jobs/slot-status`, { method: 'POST' })).status).toBe(200);
    const stored = (await api.call('GET', `/api/slots/${id}`, { token: opToken })).body.data;
    expect(stored).toMatchObject({ status: 'completed', approvedAt: null, has_extension: false });

    const page = await browser.freshPage();
    await submitLogin(page, stack.url, operator.email, operator.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto(`${stack.url}/admin/slots?userId=${ownerId}`);
    const row = page.locator(`tr[data-slot-id="${id}"]`);
    await row.getByRole('button', { name: '슬롯 #1 작업' }).click();
    await row.getByRole('menuitem', { name: '연장' }).click();
    const dialog = page.getByRole('dialog', { name: '슬롯 #1 연장' });
    await dialog.getByRole('radio', { name: '7일' }).check();
    await dialog.getByRole('button', { name: '연장' }).click();
    await page.getByText('슬롯이 7일 연장되었습니다.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await shot(page, 'extend-completed');

    // The extension continues from today (the slot had ended); the row offers no second one.
    const after = (await api.call('GET', `/api/slots/${id}`, { token: opToken })).body.data;
    expect(after.has_extension).toBe(true);
    const child = (
      await api.call('GET', `/api/slots?userId=${ownerId}&limit=10`, { token: opToken })
    ).body.data.items.find((s: { parent_slot_id: string | null }) => s.parent_slot_id === id);
    expect(child).toMatchObject({ startDate: today, endDate: addKstDays(today, 6) });
    await row.getByRole('button', { name: '슬롯 #1 작업' }).click();
    await row.getByRole('menuitem', { name: '변경 이력' }).waitFor();
    expect(await row.getByRole('menuitem', { name: '연장' }).count()).toBe(0);
  });
});
