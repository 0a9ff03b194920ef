import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AllocationHistoryRow } from '#shared/schemas/slot-allocations';
import { ToastProvider } from '@/components/ui/toast';
import { resetSessionForTests } from '@/lib/session-store';
import { AllocationHistoryPage } from './allocation-history-page';

/** /admin/slot-allocation-history: filters reset the page, sort headers, memo on hover, payment, slots modal. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const row = (over: Partial<AllocationHistoryRow> = {}): AllocationHistoryRow => ({
  id: 'A1',
  created_at: '2026-03-02T01:00:00.000Z',
  userId: 'u1',
  user_name: '옛이름',
  user_email: 'adv1',
  current_user_name: '새이름',
  current_user_email: 'adv1',
  operatorId: 'op',
  operator_name: '운영자',
  slot_count: 20,
  reason: null,
  memo: '가나다라마바사아자차카타파하가나다라마바사아자차',
  amount: 0,
  workCount: 0,
  startDate: '2026-03-02',
  endDate: '2026-03-08',
  is_test: false,
  payment: false,
  payment_at: null,
  ...over,
});

let rows: AllocationHistoryRow[];
let paymentStatus = 200;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetSessionForTests();
  rows = [row()];
  paymentStatus = 200;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/slots/allocation-history') {
      const total = u.searchParams.get('dateFrom') ? 0 : 45;
      return json(200, {
        success: true,
        data: {
          allocations: total ? rows : [],
          items: [],
          pagination: { page: Number(u.searchParams.get('page')), limit: 20, total, totalPages: Math.ceil(total / 20) },
        },
      });
    }
    if (u.pathname === '/api/slots/allocation-history/A1/payment' && init?.method === 'PATCH') {
      if (paymentStatus !== 200)
        return json(paymentStatus, { success: false, code: 'INTERNAL', error: '결제 처리에 실패했습니다.' });
      rows = [row({ payment: true })];
      return json(200, { success: true, data: rows[0] });
    }
    if (u.pathname === '/api/slots/by-allocation/A1') return json(200, { success: true, data: [] });
    return json(404, { success: false, code: 'NOT_FOUND', error: '없음' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(path = '/admin/slot-allocation-history') {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[path]}>
          <AllocationHistoryPage />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
  return userEvent.setup();
}
const historyCalls = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(url, 'http://localhost'))
    .filter((u) => u.pathname === '/api/slots/allocation-history');

describe('AllocationHistoryPage', () => {
  it('shows rows with the current name, a 20-character memo with the rest on hover, and the range text', async () => {
    const user = renderPage();
    const r = await screen.findByTestId('allocation-row');
    expect(within(r).getByText('새이름')).toBeInTheDocument();
    const memo = within(r).getByText('가나다라마바사아자차카타파하가나다라마바…');
    expect(memo).toHaveAttribute('title', '가나다라마바사아자차카타파하가나다라마바사아자차');
    expect(screen.getByText('전체 45건, 1-20 표시')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '2 페이지' }));
    await screen.findByText('전체 45건, 21-40 표시');
    await user.click(screen.getByRole('button', { name: /슬롯 수/ }));
    await waitFor(() => expect(historyCalls().at(-1)!.searchParams.get('sortBy')).toBe('slot_count'));
    expect(historyCalls().at(-1)!.searchParams.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: '2 페이지' }));
    await user.click(screen.getByRole('button', { name: '오늘' }));
    expect(await screen.findByText('발행 내역이 없습니다.')).toBeInTheDocument();
    const last = historyCalls().at(-1)!;
    expect(last.searchParams.get('page')).toBe('1');
    expect(last.searchParams.get('dateFrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('marks a payment after confirmation and says so; a failure shows its text', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: '결제 완료' }));
    expect(screen.getByText('결제를 완료 처리하시겠습니까?')).toBeInTheDocument();
    paymentStatus = 409;
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByText('결제 처리에 실패했습니다.')).toBeInTheDocument();
    paymentStatus = 200;
    await user.click(screen.getByRole('button', { name: '결제 완료' }));
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByText('결제 완료 처리되었습니다.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '결제 취소' })).toBeInTheDocument();
  });

  it("shows one user's issuances with ?userId=", async () => {
    renderPage('/admin/slot-allocation-history?userId=u7');
    await screen.findByTestId('allocation-row');
    expect(historyCalls().every((u) => u.searchParams.get('userId') === 'u7')).toBe(true);
  });

  it('the slots modal says when no slots are linked', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: '슬롯 보기' }));
    expect(await screen.findByText('연결된 슬롯이 없습니다.')).toBeInTheDocument();
  });
});
