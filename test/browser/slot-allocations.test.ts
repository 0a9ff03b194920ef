import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKstDays, kstToday } from '../../shared/kst';
import { ensureWebBuild, screenshotsOf, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { productUrl, setSetting } from '../support/slots';

/**
 * Pre-allocation: in pre-allocation mode an operator issues an advertiser twenty slots with
 * the issuance dialog, the advertiser fills one on /slots, and the operator sees the issuance in the
 * history page, looks at its slots and extends them all.
 */
const shot = screenshotsOf('slot-allocations-', { fullPage: true });
const advertiser = { email: 'preadv', password: 'adpass123', fullName: '박선슬롯' };
const operator = { email: 'preop', password: 'oppass123', fullName: '정운영', role: 'operator' as const };

let stack: LocalStack;
let browser: BrowserSession;
let advertiserId: string;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  advertiserId = (await stack.createUser(advertiser)).id;
  await stack.createUser(operator);
  await setSetting('slotOperationMode', 'pre-allocation');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('pre-allocation journey', () => {
  it('issues an advertiser twenty slots with the dialog, the advertiser fills one, the operator extends the issuance', async () => {
    // 1. The operator opens the issuance history: nothing issued yet.
    let page = await browser.freshPage();
    await submitLogin(page, stack.url, operator.email, operator.password);
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    await page.goto(`${stack.url}/admin/slot-allocation-history`);
    await page.getByRole('heading', { name: '슬롯 발행 내역' }).waitFor();
    await page.getByText('발행 내역이 없습니다.').waitFor();

    // 2. Twenty slots for the advertiser: pick the advertiser (or type the id if the user search is unavailable).
    await page.getByRole('button', { name: '선슬롯 발행' }).click();
    const picker = page.getByRole('dialog', { name: '발행할 사용자 선택' });
    await picker.getByLabel('사용자 검색').fill(advertiser.email);
    const listed = picker.getByRole('listitem').filter({ hasText: advertiser.fullName });
    const manual = picker.getByLabel('사용자 ID');
    await listed.or(manual).first().waitFor();
    if (await manual.isVisible()) {
      await manual.fill(advertiserId);
      await picker.getByRole('button', { name: '선택' }).click();
    } else await listed.click();

    const dialog = page.getByRole('form', { name: '선슬롯 발행' });
    await dialog.getByLabel('슬롯 개수').fill('101');
    await dialog.getByRole('button', { name: '발행' }).click();
    await dialog.getByText('슬롯 개수는 100개를 초과할 수 없습니다.').waitFor();
    await dialog.getByLabel('슬롯 개수').fill('20');
    await dialog.getByLabel('발행 사유').fill('선결제 20슬롯 (브라우저 여정)');
    await dialog.getByRole('button', { name: '발행' }).click();
    const confirm = page
      .getByRole('dialog', { name: '선슬롯 발행' })
      .filter({ hasText: '슬롯 20개를 발행하시겠습니까?' });
    await confirm.getByRole('button', { name: '발행' }).click();
    await page.getByText('선슬롯 발행이 완료되었습니다.').first().waitFor();
    const row = page.getByTestId('allocation-row');
    await row.getByText('20개').waitFor();
    await shot(page, 'history');

    const api = apiClient(stack.url);
    const { token: userToken } = await api.login(advertiser.email, advertiser.password);
    const counts = (await api.call('GET', '/api/slots/count', { token: userToken })).body.data;
    expect(counts).toMatchObject({ allocated: 20, used: 0 });

    // 3. The advertiser fills one of them on /slots.
    page = await browser.freshPage();
    await submitLogin(page, stack.url, advertiser.email, advertiser.password);
    await page.waitForURL((url) => url.pathname === '/slots');
    await page.getByRole('button', { name: '등록', exact: true }).first().click();
    const fill = page.getByRole('dialog', { name: /정보 등록/ });
    await fill.getByLabel('키워드').fill('선슬롯 키워드');
    await fill.getByLabel('URL').fill(productUrl(7));
    await fill.getByRole('button', { name: '등록', exact: true }).click();
    await fill.waitFor({ state: 'hidden' });
    await page.getByText('선슬롯 키워드').first().waitFor();
    expect((await api.call('GET', '/api/slots/count', { token: userToken })).body.data).toMatchObject({
      allocated: 20,
      used: 1,
    });

    // 4. The operator sees the issuance, its slots, and extends them all by 10 days.
    page = await browser.freshPage();
    await submitLogin(page, stack.url, operator.email, operator.password);
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    await page.goto(`${stack.url}/admin/slot-allocation-history`);
    await page.getByTestId('allocation-row').getByText(advertiser.fullName).waitFor();
    await page.getByRole('button', { name: '슬롯 보기' }).click();
    const slotsModal = page.getByRole('dialog', { name: '발행 슬롯' });
    await slotsModal.getByText('선슬롯 키워드').waitFor();
    expect(await slotsModal.getByTestId('allocation-slot').count()).toBe(20);
    await slotsModal.getByText('키워드 없음').first().waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '전체 연장' }).click();
    const extendModal = page.getByRole('dialog', { name: '전체 연장' });
    await extendModal.getByRole('button', { name: '10일' }).waitFor();
    expect(await extendModal.getByRole('button', { name: '10일' }).getAttribute('aria-pressed')).toBe('true');
    await extendModal.getByText('원본 슬롯과 이전 연장 슬롯을 포함한').waitFor();
    await extendModal.getByRole('button', { name: '연장', exact: true }).click();
    await page.getByText('1개 슬롯이 연장되었습니다.').waitFor();

    await page.getByRole('button', { name: '슬롯 보기' }).click();
    await slotsModal.getByText('10일 연장').waitFor();
    expect(await slotsModal.getByTestId('allocation-slot').count()).toBe(21);
    await shot(page, 'extended');

    const slots = (await api.call('GET', '/api/slots?limit=30', { token: userToken })).body.data.items;
    const child = slots.find((s: { parent_slot_id: string | null }) => s.parent_slot_id);
    // The modal's default period is 7 days from today: the extension runs the 10 days after it.
    expect(child).toMatchObject({
      keyword: '선슬롯 키워드',
      startDate: addKstDays(kstToday(), 7),
      endDate: addKstDays(kstToday(), 16),
      payment_completed: true,
    });

    // In pre-allocation mode the slot list offers the same issuance (the app composes it there).
    await page.goto(`${stack.url}/admin/slots`);
    await page.getByRole('heading', { name: '슬롯 관리' }).waitFor();
    await page.getByRole('button', { name: '선슬롯 발행' }).waitFor();
  });
});
