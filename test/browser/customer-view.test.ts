import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { addKstDays, kstToday } from '#shared/kst';
import { fund, newAccount, productUrl, resetSettings, row, setSetting } from '../support/slots';

/**
 * The customer view and deposit details in Chromium: an operator opens a customer from user management and from a slot
 * row, pages the ledger and deactivates through the existing edit dialog; an advertiser sees the
 * business deposit account with a copy button and saves their own bank details; the operator reads the
 * customer's extensions, sends them a notification and opens their chat from the same view.
 */
let stack: LocalStack;
let browser: BrowserSession;
let api: ReturnType<typeof apiClient>;
let operator: { id: string; email: string; token: string };

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '고운영' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await resetSettings('slotOperationMode', 'chatEnabled');
  await browser?.close();
  await stack?.stop();
});

async function signIn(page: Page, email: string, home: string) {
  await submitLogin(page, stack.url, email, 'secret12');
  await page.waitForURL((url) => url.pathname === home);
}

describe('the customer view', () => {
  it('an operator opens a customer from user management and from a slot row, pages the ledger and deactivates', async () => {
    const customer = await newAccount(stack, { name: '상세고객', balance: 100_000 });
    for (let i = 0; i < 11; i++) await fund(customer.id, 1_000);
    const slot = await api.call('POST', '/api/slots', { token: customer.token, body: row(3) });
    expect(slot.status).toBe(201);

    const op = await browser.freshPage();
    await signIn(op, operator.email, '/admin');

    // From user management: the name in the row opens the customer.
    await op.goto(`${stack.url}/admin/users`);
    await op.getByRole('link', { name: '상세고객' }).click();
    await op.waitForURL((url) => url.pathname === `/admin/users/${customer.id}`);
    await op.getByRole('heading', { name: `상세고객 (${customer.email})` }).waitFor();
    // 100,000 + 11 × 1,000 − the slot's 50,000
    await op.getByTestId('customer-balance').getByText('61,000원').waitFor();
    const ledger = op.locator('section', { has: op.getByRole('heading', { name: '캐시 내역' }) });
    expect(await ledger.locator('tbody tr').count()).toBe(10);
    await ledger.getByRole('button', { name: '2 페이지' }).click();
    await expect.poll(() => ledger.locator('tbody tr').count()).toBe(3);
    await op.getByTestId('customer-slot-counts').waitFor();

    // The customer's slots are listed here, and open in the slot console filtered to them: the filter
    // says who, survives a reload (it is in the URL) and is cleared back to every user's slots.
    await op.getByRole('region', { name: '고객 슬롯 목록' }).getByText('키워드3').waitFor();
    await op.getByRole('link', { name: '슬롯 관리에서 보기' }).click();
    await op.waitForURL((url) => url.pathname === '/admin/slots' && url.searchParams.get('userId') === customer.id);
    const filter = op.getByRole('status', { name: '사용자 필터' });
    const filteredTo = filter.getByText(`상세고객 (${customer.email}) 님의 슬롯만 표시 중`);
    await filteredTo.waitFor();
    await op.reload();
    await filteredTo.waitFor();
    await op.locator(`tr[data-slot-id="${slot.body.data.id}"]`).waitFor();
    await filter.getByRole('button', { name: '사용자 필터 해제' }).click();
    await op.waitForURL((url) => url.pathname === '/admin/slots' && !url.searchParams.has('userId'));
    await filter.waitFor({ state: 'detached' });

    // From a slot row in the slot console: the advertiser's name opens the same view.
    await op.goto(`${stack.url}/admin/slots`);
    await op.getByRole('link', { name: '상세고객' }).first().click();
    await op.waitForURL((url) => url.pathname === `/admin/users/${customer.id}`);

    // Deactivation goes through the user management's own edit dialog.
    await op.getByRole('button', { name: '수정 · 비활성화' }).click();
    const edit = op.getByRole('dialog', { name: '사용자 수정' });
    await edit.getByLabel('활성 계정').uncheck();
    await edit.getByRole('button', { name: '저장' }).click();
    await edit.waitFor({ state: 'detached' });
    await op.getByTestId('customer-status').getByText('비활성').waitFor();
    await op.getByTestId('customer-logs').getByText('비활성화').waitFor();
    const seen = await api.call('GET', `/api/users/${customer.id}`, { token: operator.token });
    expect(seen.body.data.isActive).toBe(false);
  });

  it('an advertiser sees the deposit account (depositBankName, depositAccountNumber, depositAccountHolder) with a copy button, and edits their own bank details', async () => {
    const advertiser = await newAccount(stack, { name: '입금광고주' });
    const page = await browser.freshPage();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
    await signIn(page, advertiser.email, '/slots');

    // No account set yet: the form says to ask the operator.
    await page.goto(`${stack.url}/cash/charge`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('입금 계좌가 아직 등록되지 않았습니다. 입금 전에 운영자에게 계좌를 문의해주세요.').waitFor();

    const set = await api.call('PUT', '/api/system-settings', {
      token: operator.token,
      body: {
        settings: [
          { key: 'depositBankName', value: '신한은행' },
          { key: 'depositAccountNumber', value: '110-123-456789' },
          { key: 'depositAccountHolder', value: '(주)심플슬롯' },
        ],
      },
    });
    expect(set.status).toBe(200);
    await page.reload();
    await page.goto(`${stack.url}/cash/charge`);
    const account = page.getByRole('dialog').getByRole('region', { name: '입금 계좌' });
    await account.getByText('110-123-456789').waitFor();
    await account.getByText('신한은행').waitFor();
    await account.getByText('예금주 (주)심플슬롯').waitFor();
    await account.getByRole('button', { name: '계좌번호 복사' }).click();
    await page.getByText('계좌번호를 복사했습니다.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('110-123-456789');
    await page.keyboard.press('Escape');

    // Their own bank details on the profile page, refused while incomplete, then saved.
    await page.goto(`${stack.url}/profile`);
    await page.getByLabel('은행명').fill('국민은행');
    await page.getByLabel('계좌번호').fill('123-45-6789');
    await page.getByRole('button', { name: '계좌 및 사업자 정보 저장' }).click();
    await page.getByText('은행명, 계좌번호, 예금주를 모두 입력하거나 모두 비워주세요.').waitFor();
    await page.getByLabel('예금주').fill('입금광고주');
    await page.getByRole('button', { name: '계좌 및 사업자 정보 저장' }).click();
    await page.getByText('계좌 및 사업자 정보가 저장되었습니다.').waitFor();
    const seen = await api.call('GET', `/api/users/${advertiser.id}`, { token: operator.token });
    expect(seen.body.data.bankInfo).toEqual({
      bankName: '국민은행',
      accountNumber: '123-45-6789',
      accountHolder: '입금광고주',
    });
  });

  it('an operator reads the customer’s extensions, sends them a notification and opens their chat', async () => {
    await setSetting('slotOperationMode', 'pre-allocation');
    await setSetting('chatEnabled', true);
    const customer = await newAccount(stack, { name: '연장고객' });
    const today = kstToday();
    const issued = await api.call('POST', `/api/slots/allocate/${customer.id}`, {
      token: operator.token,
      body: { slotCount: 1, startDate: today, endDate: addKstDays(today, 3) },
    });
    const [slotId] = issued.body.data.slotIds;
    await api.call('PUT', `/api/slots/${slotId}/fill`, {
      token: customer.token,
      body: { keyword: '연장키워드', url: productUrl(11) },
    });
    const extended = await api.call('POST', `/api/slots/${slotId}/extend`, {
      token: operator.token,
      body: { extensionDays: 7 },
    });
    expect(extended.status).toBe(200);
    const asked = await api.call('POST', '/api/chat/messages', {
      token: customer.token,
      body: { content: '연장 문의드립니다' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);

    const op = await browser.freshPage();
    await signIn(op, operator.email, '/admin');
    await op.goto(`${stack.url}/admin/users/${customer.id}`);
    await op.getByRole('heading', { name: `연장고객 (${customer.email})` }).waitFor();

    // The extension history card: the extension made from slot #1.
    const extensions = op.getByRole('table', { name: '연장 내역' });
    await extensions.waitFor();
    const cells = await extensions.locator('tbody tr').first().locator('td').allInnerTexts();
    expect(cells.slice(1)).toEqual([
      '#1',
      '#2',
      '7일',
      `${addKstDays(today, 4)} ~ ${addKstDays(today, 10)}`,
      '진행대기',
    ]);

    // The send dialog opens with the customer picked; the notification reaches them.
    await op.getByRole('button', { name: '알림 보내기' }).click();
    const send = op.getByRole('dialog', { name: '알림 발송' });
    await send.getByRole('list', { name: '선택한 사용자' }).getByText('연장고객').waitFor();
    await send.getByLabel('제목').fill('연장 안내');
    await send.getByLabel('내용').fill('슬롯이 7일 연장되었습니다.');
    await send.getByRole('button', { name: '알림 발송' }).click();
    await send.waitFor({ state: 'detached' });
    const inbox = await api.call('GET', '/api/notifications', { token: customer.token });
    expect(inbox.body.data.items.map((n: { title: string }) => n.title)).toContain('연장 안내');

    // '채팅 열기': the inbox opens on the customer's room.
    await op.getByRole('link', { name: '채팅 열기' }).click();
    await op.waitForURL((url) => url.pathname === '/admin/chat');
    await op.getByRole('region', { name: /대화$/ }).getByText('연장 문의드립니다').waitFor();
  });

  it('an operator ends every session of a customer; the customer’s token stops working', async () => {
    const customer = await newAccount(stack, { name: '세션고객' });
    expect((await api.call('GET', '/api/auth/me', { token: customer.token })).status).toBe(200);

    const op = await browser.freshPage();
    await signIn(op, operator.email, '/admin');
    await op.goto(`${stack.url}/admin/users/${customer.id}`);
    await op.getByRole('heading', { name: `세션고객 (${customer.email})` }).waitFor();
    await op.getByRole('button', { name: '모든 세션 종료' }).click();
    const dialog = op.getByRole('dialog', { name: '모든 세션 종료' });
    await dialog.getByText('세션고객님의 모든 로그인 세션을 종료할까요?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: '모든 세션 종료' }).click();
    await op.getByText('세션 1개를 종료했습니다.').waitFor();

    expect((await api.call('GET', '/api/auth/me', { token: customer.token })).status).toBe(401);
    // The operator's own session goes on.
    expect((await api.call('GET', '/api/auth/me', { token: operator.token })).status).toBe(200);
  });
});
