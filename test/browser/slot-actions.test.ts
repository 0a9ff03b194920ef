import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  ensureWebBuild,
  screenshotsOf,
  launchBrowser,
  PUSH_SHOWN_TIMEOUT_MS,
  submitLogin,
  trackApiCalls,
  type BrowserSession,
} from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { balanceOf, newAccount, row } from '../support/slots';

/**
 * Every slot state has its way out. An advertiser deletes finished (rejected) slots
 * from My slots, one from its row and one from the selection bar; they leave the list; an operator
 * finds them under '삭제됨' and restores one; the advertiser sees it again. An operator edits an
 * approved slot's price: the dialog previews the difference, and the ledger and balance agree.
 */
const shot = screenshotsOf('slot-actions-');
const PRICE = 50_000; // defaultSlotPrice

let stack: LocalStack;
let browser: BrowserSession;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const key = () => ({ 'idempotency-key': crypto.randomUUID() });

async function register(token: string, n: number) {
  const created = await apiClient(stack.url).call('POST', '/api/slots', { token, body: row(n), headers: key() });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string; slot_number: number };
}

async function signIn(page: Page, email: string, landing: string) {
  await submitLogin(page, stack.url, email, 'secret12');
  await page.waitForURL((url) => url.pathname === landing);
}

describe('slot state actions', () => {
  it('an advertiser deletes finished slots; an operator restores one from 삭제됨; the advertiser sees it again', async () => {
    const http = apiClient(stack.url);
    const advertiser = await newAccount(stack, { balance: 10 * PRICE, name: '삭제광고주' });
    const operator = await newAccount(stack, { role: 'operator' });
    const slots = [await register(advertiser.token, 1), await register(advertiser.token, 2)];
    const running = await register(advertiser.token, 3);
    for (const slot of slots) {
      const rejected = await http.call('POST', `/api/slots/${slot.id}/approve`, {
        token: operator.token,
        body: { approved: false, rejectionReason: '상품 확인 불가' },
        headers: key(),
      });
      expect(rejected.status).toBe(200);
    }

    const adv = await browser.freshPage();
    await signIn(adv, advertiser.email, '/slots');
    const rowOf = (n: number) => adv.locator(`tbody tr[data-slot-number="${n}"]`);
    await rowOf(1).getByText('거절', { exact: true }).waitFor();
    // A pending slot offers no delete (the shared policy: only finished slots).
    await rowOf(3).waitFor();
    expect(
      await rowOf(3)
        .getByRole('button', { name: `슬롯 #${running.slot_number} 삭제` })
        .count(),
    ).toBe(0);

    // 1. One from its row, after the confirmation.
    await rowOf(1).getByRole('button', { name: '슬롯 #1 삭제' }).click();
    const confirm = adv.getByRole('dialog', { name: '슬롯 삭제' });
    await confirm.getByText('슬롯 #1을(를) 삭제하시겠습니까?', { exact: false }).waitFor();
    await shot(adv, 'owner-delete');
    await confirm.getByRole('button', { name: '삭제', exact: true }).click();
    await adv.getByText('슬롯이 삭제되었습니다.').waitFor();
    await rowOf(1).waitFor({ state: 'detached' });

    // 2. One from the selection bar.
    await rowOf(2).getByRole('checkbox').check();
    const bar = adv.getByRole('region', { name: '선택한 슬롯 작업' });
    await bar.getByRole('button', { name: '선택 삭제' }).click();
    const confirmMany = adv.getByRole('dialog', { name: '슬롯 삭제' });
    await confirmMany.getByText('선택한 슬롯 1개를 삭제하시겠습니까?', { exact: false }).waitFor();
    await confirmMany.getByRole('button', { name: '삭제', exact: true }).click();
    await adv.getByText('슬롯 1개가 삭제되었습니다.').waitFor();
    await rowOf(2).waitFor({ state: 'detached' });
    await expect(rowOf(3).isVisible()).resolves.toBe(true);
    const own = await http.call('GET', '/api/slots?limit=100', { token: advertiser.token });
    expect(own.body.data.items.map((s: { id: string }) => s.id)).toEqual([running.id]);

    // 3. The operator finds both under 삭제됨 and restores #1.
    const op = await browser.freshPage();
    await signIn(op, operator.email, '/admin');
    await op.goto(`${stack.url}/admin/slots`);
    const calls = trackApiCalls(op);
    await op.getByRole('tab', { name: /삭제됨/ }).click();
    await calls.settled();
    const opRow = (id: string) => op.locator(`tr[data-slot-id="${id}"]`);
    await opRow(slots[0].id).waitFor();
    await opRow(slots[1].id).waitFor();
    await opRow(slots[0].id).getByRole('button', { name: '슬롯 #1 작업' }).click();
    await opRow(slots[0].id).getByRole('menuitem', { name: '복구' }).click();
    const restore = op.getByRole('dialog', { name: '슬롯 복구' });
    await restore.getByText('삭제된 슬롯 #1을(를) 복구하시겠습니까?', { exact: false }).waitFor();
    await restore.getByRole('button', { name: '복구', exact: true }).click();
    await op.getByText('슬롯이 복구되었습니다.').waitFor();
    await opRow(slots[0].id).waitFor({ state: 'detached' });
    await expect(opRow(slots[1].id).isVisible()).resolves.toBe(true);
    await shot(op, 'deleted-tab');

    // 4. The advertiser sees #1 again, rejected as it was.
    const again = await browser.freshPage();
    await signIn(again, advertiser.email, '/slots');
    const againRow = (n: number) => again.locator(`tbody tr[data-slot-number="${n}"]`);
    await againRow(1).getByText('거절', { exact: true }).waitFor();
    await againRow(3).waitFor();
    expect(await againRow(2).count()).toBe(0);
  });

  it('an operator pauses, resumes and deletes from the row menu, each after a confirmation', async () => {
    const http = apiClient(stack.url);
    const advertiser = await newAccount(stack, { balance: 2 * PRICE });
    const operator = await newAccount(stack, { role: 'operator' });
    const slot = await register(advertiser.token, 7);
    await http.call('POST', `/api/slots/${slot.id}/approve`, {
      token: operator.token,
      body: { approved: true, approvedPrice: PRICE },
      headers: key(),
    });
    const op = await browser.freshPage();
    await signIn(op, operator.email, '/admin');
    await op.goto(`${stack.url}/admin/slots`);
    const opRow = op.locator(`tr[data-slot-id="${slot.id}"]`);
    await opRow.getByText('진행중').waitFor();
    const menu = async (item: string) => {
      await opRow.getByRole('button', { name: `슬롯 #${slot.slot_number} 작업` }).click();
      await opRow.getByRole('menuitem', { name: item }).click();
    };
    const status = async () =>
      (await http.call('GET', `/api/slots/${slot.id}`, { token: operator.token })).body.data.status as string;

    await menu('일시정지');
    await op.getByRole('dialog', { name: '슬롯 일시정지' }).getByRole('button', { name: '일시정지' }).click();
    await op.getByText('슬롯이 일시정지되었습니다.').waitFor();
    await opRow.getByText('일시정지', { exact: true }).waitFor();
    expect(await status()).toBe('paused');

    await menu('재개');
    await op.getByRole('dialog', { name: '슬롯 재개' }).getByRole('button', { name: '재개' }).click();
    await op.getByText('슬롯이 재개되었습니다.').waitFor();
    await opRow.getByText('진행중').waitFor();
    expect(await status()).toBe('active');
    // A running slot cannot be deleted (the shared policy): the menu does not offer it.
    await opRow.getByRole('button', { name: `슬롯 #${slot.slot_number} 작업` }).click();
    expect(await opRow.getByRole('menuitem', { name: '삭제' }).count()).toBe(0);
    expect(await balanceOf(advertiser.id)).toBe(PRICE);
  });

  it("an operator edits an approved price: the preview, the ledger and the advertiser's live balance agree", async () => {
    const http = apiClient(stack.url);
    const advertiser = await newAccount(stack, { balance: 3 * PRICE, name: '가격광고주' });
    const operator = await newAccount(stack, { role: 'operator' });
    const slot = await register(advertiser.token, 9);
    const approved = await http.call('POST', `/api/slots/${slot.id}/approve`, {
      token: operator.token,
      body: { approved: true, approvedPrice: PRICE },
      headers: key(),
    });
    expect(approved.status).toBe(200);
    expect(await balanceOf(advertiser.id)).toBe(2 * PRICE);

    // The advertiser watches their balance on My slots, in a browser of their own.
    const advertiserBrowser = await launchBrowser();
    onTestFinished(() => advertiserBrowser.close());
    const adv = await advertiserBrowser.freshPage();
    await signIn(adv, advertiser.email, '/slots');
    const sidebarBalance = adv.getByText('보유 캐시').locator('..');
    await sidebarBalance.getByText('100,000원', { exact: true }).waitFor();

    const op = await browser.freshPage();
    await signIn(op, operator.email, '/admin');
    await op.goto(`${stack.url}/admin/slots`);
    const opRow = op.locator(`tr[data-slot-id="${slot.id}"]`);
    await opRow.getByRole('button', { name: `슬롯 #${slot.slot_number} 작업` }).click();
    await opRow.getByRole('menuitem', { name: '가격 수정' }).click();
    const dialog = op.getByRole('dialog', { name: `슬롯 #${slot.slot_number} 가격 수정` });
    const priceInput = dialog.getByLabel(/새 가격/);
    await priceInput.fill('0');
    await dialog.getByRole('button', { name: '가격 수정' }).click();
    await dialog.getByText('올바른 가격을 입력해주세요.').waitFor();

    await priceInput.fill('60000');
    const preview = dialog.getByTestId('price-preview');
    await preview.getByText('추가 차감 10,000원').waitFor();
    const expected = await http.call('GET', `/api/slots/${slot.id}/price-preview?price=60000`, {
      token: operator.token,
    });
    expect(expected.body.data).toMatchObject({
      currentPrice: PRICE,
      newPrice: 60_000,
      settlement: 'charge',
      amount: 10_000,
    });
    await preview.getByText(`${expected.body.data.balanceAfter.toLocaleString('ko-KR')}원`).waitFor();
    await shot(op, 'price-edit');
    await dialog.getByRole('button', { name: '가격 수정' }).click();
    await op.getByText('가격이 수정되었습니다.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The ledger and the balance agree with the preview, and the advertiser's screen follows the push.
    expect(await balanceOf(advertiser.id)).toBe(expected.body.data.balanceAfter);
    const ledger = await http.call('GET', '/api/cash/transactions?limit=100', { token: advertiser.token });
    const entries = ledger.body.data.items as Array<{
      type: string;
      amount: number;
      description: string;
      balanceAfter: number;
    }>;
    const difference = entries.filter((e) => e.description.includes('가격 변경'));
    expect(difference).toHaveLength(1);
    expect(Math.abs(difference[0].amount)).toBe(10_000);
    expect(difference[0].balanceAfter).toBe(expected.body.data.balanceAfter);
    await sidebarBalance.getByText('90,000원', { exact: true }).waitFor({ timeout: PUSH_SHOWN_TIMEOUT_MS });
  });
});
