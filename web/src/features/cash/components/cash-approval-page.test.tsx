import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '#shared/settings';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext } from '@/lib/app-settings';
import { resetSessionForTests } from '@/lib/session-store';
import { CashApprovalPage } from './cash-approval-page';
import { chargeRequestFixture } from '../testing/charge-request-fixture';

/** /admin/cash: an approval retried after a failure is the same decision, sent with the same Idempotency-Key. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const pending = chargeRequestFixture();

let fetchMock: ReturnType<typeof vi.fn>;
let failures = 0;

beforeEach(() => {
  resetSessionForTests();
  failures = 0;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/cash/charge-requests/c1/approve' && init?.method === 'POST') {
      if (failures > 0) {
        failures -= 1;
        return json(503, {
          success: false,
          code: 'INTERNAL',
          error: '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해주세요.',
        });
      }
      const { bonusPercentage } = JSON.parse(String(init.body));
      return json(200, {
        success: true,
        data: {
          ...pending,
          status: 'approved',
          bonusPercentage,
          bonusAmount: (pending.amount * bonusPercentage) / 100,
        },
      });
    }
    if (path === '/api/cash/stats')
      return json(200, {
        success: true,
        data: { chargeRequests: { pending: 1, approved: 0, rejected: 0, cancelled: 0 } },
      });
    if (path === '/api/cash/charge-requests')
      return json(200, {
        success: true,
        data: { items: [pending], pagination: { page: 1, limit: 10, total: 1, totalPages: 1 } },
      });
    return json(404, { success: false, code: 'NOT_FOUND', error: '요청한 주소를 찾을 수 없습니다.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const approvals = () =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/approve'));
const sentKeys = () => approvals().map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key']);

function renderPage() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider value={{ settings: defaultSettings(), status: 'ready' }}>
        <ToastProvider>
          <MemoryRouter>
            <CashApprovalPage />
          </MemoryRouter>
        </ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
  return userEvent.setup();
}

async function approveWithBonus(user: ReturnType<typeof userEvent.setup>, bonus: string) {
  const row = (await screen.findByText('광고주')).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: '승인' }));
  const dialog = await screen.findByRole('dialog', { name: '충전 요청 승인' });
  const field = within(dialog).getByLabelText('보너스 비율 (%)');
  await user.clear(field);
  await user.type(field, bonus);
  const before = approvals().length;
  await user.click(within(dialog).getByRole('button', { name: '승인' }));
  await waitFor(() => expect(approvals()).toHaveLength(before + 1));
  return dialog;
}

describe('CashApprovalPage', () => {
  it('retries the same approval with the same key, even after closing and reopening the dialog; another bonus is another key', async () => {
    failures = 2;
    const user = renderPage();
    let dialog = await approveWithBonus(user, '10');
    expect(
      await within(dialog).findByText('서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해주세요.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await approveWithBonus(user, '10'); // the same decision again: fails once more
    expect(
      await within(dialog).findByText('서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해주세요.'),
    ).toBeTruthy();
    const field = within(dialog).getByLabelText('보너스 비율 (%)');
    await user.clear(field);
    await user.type(field, '5');
    await user.click(within(dialog).getByRole('button', { name: '승인' }));
    expect(await screen.findByText('충전 요청이 승인되었습니다.')).toBeTruthy();

    expect(approvals().map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { bonusPercentage: 10 },
      { bonusPercentage: 10 },
      { bonusPercentage: 5 },
    ]);
    const [first, retry, other] = sentKeys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(other).not.toBe(first);
  });
});
