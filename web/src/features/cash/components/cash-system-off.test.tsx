import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, type Settings } from '#shared/settings';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext } from '@/lib/app-settings';
import { resetSessionForTests } from '@/lib/session-store';
import { CashApprovalPage } from './cash-approval-page';
import { CashChargePage } from './cash-charge-page';
import { CashChargeProvider } from './cash-charge-provider';
import { CashHistoryPage } from './cash-history-page';

/**
 * The cash system switched off (useCashSystem; the cash pages and /admin/cash exist only with the
 * cash system): every cash page says so in Korean instead of its content, never opens
 * the charge dialog, and asks the cash API nothing (it would only answer 409).
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const emptyPage = { items: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } };

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetSessionForTests();
  fetchMock = vi.fn(async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/cash/balance') return json(200, { success: true, data: { amount: 12_345, updatedAt: null } });
    if (path === '/api/cash/stats')
      return json(200, {
        success: true,
        data: { chargeRequests: { pending: 0, approved: 0, rejected: 0, cancelled: 0 } },
      });
    return json(200, { success: true, data: emptyPage });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const cashCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/cash'));

function renderAt(path: string, page: ReactNode, settings: Partial<Settings>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider value={{ settings: { ...defaultSettings(), ...settings }, status: 'ready' }}>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <CashChargeProvider>
              <Routes>
                <Route path={path} element={page} />
                <Route path="*" element={<p>다른 화면</p>} />
              </Routes>
            </CashChargeProvider>
          </MemoryRouter>
        </ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
}

const off = { useCashSystem: false };

describe('cash pages with the cash system off', () => {
  it.each([
    ['/cash/charge', <CashChargePage />, '캐시 충전', { cashChargeMode: 'page' as const }],
    ['/cash', <CashChargePage />, '캐시 충전', { cashChargeMode: 'modal' as const }],
    ['/cash-history', <CashHistoryPage />, '캐시 내역', {}],
    ['/admin/cash', <CashApprovalPage />, '캐시 승인', {}],
  ])('%s shows the page title and the Korean notice, and nothing else', async (path, page, title, extra) => {
    renderAt(path, page, { ...off, ...extra });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText('캐시 시스템이 비활성화되어 있습니다.')).toBeInTheDocument();
    // Neither the form, the history tabs, the approval tabs nor the charge dialog.
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: '캐시충전' })).toBeNull();
    expect(screen.queryByText('다른 화면')).toBeNull();
    // Give any fetch a chance to start: none may be to the cash API.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cashCalls()).toEqual([]);
  });

  it('the same pages work as usual once the cash system is on', async () => {
    renderAt('/cash-history', <CashHistoryPage />, {});
    expect(await screen.findByRole('tablist', { name: '캐시 내역 구분' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '캐시충전' })).toBeInTheDocument();
    expect(screen.queryByText('캐시 시스템이 비활성화되어 있습니다.')).toBeNull();
    await waitFor(() => expect(cashCalls().map(([url]) => String(url).split('?')[0])).toContain('/api/cash/balance'));
  });
});
