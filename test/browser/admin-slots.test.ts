import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKstDays, kstToday } from '../../shared/kst';
import { ensureWebBuild, screenshotsOf, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { balanceOf, fund, row } from '../support/slots';

/**
 * Operator console, slot management: an operator approves a pending slot at the price its balance
 * paid and lowers it through the price edit (the difference comes back), rejects
 * another with a reason, refunds an active one after seeing the previewed amount, and the
 * advertiser's usage history shows the refund with that amount.
 */
const shot = screenshotsOf('admin-slots-');
const PRICE = 50_000; // defaultSlotPrice
const advertiser = { email: 'refundadv', password: 'adpass123', fullName: '박광고' };
const operator = { email: 'refundop', password: 'oppass123', fullName: '정운영', role: 'operator' as const };

let stack: LocalStack;
let browser: BrowserSession;
let advertiserId: string;
const ids: string[] = [];

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  advertiserId = (await stack.createUser(advertiser)).id;
  await stack.createUser(operator);
  await fund(advertiserId, 3 * PRICE);
  const api = apiClient(stack.url);
  const adv = await api.login(advertiser.email, advertiser.password);
  const op = await api.login(operator.email, operator.password);
  for (const n of [1, 2, 3])
    ids.push((await api.call('POST', '/api/slots', { token: adv.token, body: row(n) })).body.data.id);
  // Slot #3 runs for 30 days and today is its 11th: 20 days remain.
  await api.call('POST', `/api/slots/${ids[2]}/approve`, {
    token: op.token,
    body: { approved: true, approvedPrice: PRICE },
  });
  const start = addKstDays(kstToday(), -10);
  const edit = await api.call('PUT', `/api/slots/${ids[2]}/update-fields`, {
    token: op.token,
    body: { customFields: {}, startDate: start, endDate: addKstDays(start, 29) },
  });
  expect(edit.status).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const rowOf = (page: Page, id: string) => page.locator(`tr[data-slot-id="${id}"]`);

describe('/admin/slots', () => {
  it('approves, rejects and refunds; the advertiser sees the refund', async () => {
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, operator.email, operator.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto(`${stack.url}/admin/slots`);
    await page.getByRole('heading', { name: '슬롯 승인' }).waitFor();
    await page.getByRole('tab', { name: /승인대기\s*2/ }).waitFor();

    // 1. Approve #1: the balance paid 50,000원 for it, and that is the price approved, no other.
    await rowOf(page, ids[0]).getByRole('button', { name: '슬롯 #1 승인' }).click();
    const approve = page.getByRole('dialog', { name: '슬롯 #1 승인' });
    await approve.getByTestId('approve-paid-price').getByText('50,000원').waitFor();
    expect(await approve.getByLabel('가격 (원)').count()).toBe(0);
    await shot(page, 'approve-paid');
    await approve.getByRole('button', { name: '승인' }).click();
    await approve.waitFor({ state: 'detached' });
    await rowOf(page, ids[0]).getByText('진행중').waitFor();
    // A lower price goes through the price edit, which gives the difference back through the ledger.
    await rowOf(page, ids[0]).getByRole('button', { name: '슬롯 #1 작업' }).click();
    await rowOf(page, ids[0]).getByRole('menuitem', { name: '가격 수정' }).click();
    const priceEdit = page.getByRole('dialog', { name: '슬롯 #1 가격 수정' });
    await priceEdit.getByLabel('새 가격 (원)').fill('45000');
    await priceEdit.getByTestId('price-settlement').getByText('잔액 반환 5,000원').waitFor();
    await priceEdit.getByRole('button', { name: '가격 수정' }).click();
    await priceEdit.waitFor({ state: 'detached' });

    // 2. Reject #2 with a reason.
    await rowOf(page, ids[1]).getByRole('button', { name: '슬롯 #2 거절' }).click();
    const reject = page.getByRole('dialog', { name: '슬롯 #2 거절' });
    await reject.getByRole('button', { name: '거절' }).click();
    await reject.getByText('거절 사유를 입력해주세요.').waitFor();
    await reject.getByLabel(/거절 사유/).fill('상품 URL 확인 필요');
    await reject.getByRole('button', { name: '거절' }).click();
    await reject.waitFor({ state: 'detached' });
    await rowOf(page, ids[1]).getByText('거절').waitFor();

    // 3. Refund #3 from the row menu after seeing the amount: 50,000 × 20 ÷ 30 → 33,330원.
    await rowOf(page, ids[2]).getByRole('button', { name: '슬롯 #3 작업' }).click();
    await rowOf(page, ids[2]).getByRole('menuitem', { name: '환불' }).click();
    const refund = page.getByRole('dialog', { name: '슬롯 #3 환불' });
    await refund.getByTestId('refund-amount').getByText('33,330원').waitFor();
    await shot(page, 'refund');
    await refund.getByLabel(/환불 사유/).fill('광고주 요청');
    await refund.getByRole('button', { name: '환불' }).click();
    await page.getByText('환불 처리가 완료되었습니다.').waitFor();
    await rowOf(page, ids[2]).getByText('환불').waitFor();
    // Refunded slots offer no second refund.
    await rowOf(page, ids[2]).getByRole('button', { name: '슬롯 #3 작업' }).click();
    expect(await rowOf(page, ids[2]).getByRole('menuitem', { name: '환불' }).count()).toBe(0);
    await shot(page, 'list');

    // 4. Money: the rejected slot's price, the price edit's difference and the refund came back.
    expect(await balanceOf(advertiserId)).toBe(PRICE + 5_000 + 33_330);

    const adv = await browser.freshPage();
    await submitLogin(adv, stack.url, advertiser.email, advertiser.password);
    await adv.waitForURL((url) => url.pathname === '/slots');
    await adv.goto(`${stack.url}/cash-history`);
    await adv.getByRole('heading', { name: '캐시 내역' }).waitFor();
    await adv.getByRole('tab', { name: '사용 내역' }).click();
    await adv.getByRole('row').filter({ hasText: '슬롯 환불 (#3)' }).filter({ hasText: '+33,330원' }).waitFor();
    await adv
      .getByRole('row')
      .filter({ hasText: '슬롯 가격 변경 차액 반환 (#1)' })
      .filter({ hasText: '+5,000원' })
      .waitFor();
    await shot(adv, 'cash-history');
  });
});
