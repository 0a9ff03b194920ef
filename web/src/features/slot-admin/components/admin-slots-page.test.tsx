import { MemoryRouter } from 'react-router';
import { fireEvent, render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFieldConfigs } from '#shared/field-configs';
import { defaultSettings, type Settings } from '#shared/settings';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext } from '@/lib/app-settings';
import { AdminSlotsPage } from './admin-slots-page';

const stats = {
  totalSlots: 12,
  statusBreakdown: {
    empty: 1,
    pending: 4,
    active: 5,
    waiting: 0,
    completed: 0,
    paused: 0,
    rejected: 2,
    refunded: 0,
    expired: 0,
    deleted: 6,
    inactive: 3,
  },
};
/** One customer the console can be filtered to: their account and their own counters. */
const customer = { id: 'u7', email: 'kim7', fullName: '김고객', role: 'user', isActive: true };
const byStatus = {
  empty: 0,
  pending: 2,
  waiting: 0,
  active: 3,
  paused: 0,
  rejected: 1,
  refunded: 0,
  expired: 0,
  completed: 0,
  deleted: 1,
};
const customerCount = { count: 6, byStatus };
let listCalls: URLSearchParams[] = [];
let listItems: unknown[] = [];
/** The server's refusal (a Korean text) of a list query, or null when it answers. */
let refuse: (query: URLSearchParams) => string | null = () => null;
const json = (body: unknown) =>
  new Response(JSON.stringify({ success: true, data: body }), { headers: { 'content-type': 'application/json' } });
const slotItem = {
  id: 's1',
  slot_number: 7,
  status: 'active',
  user_name: '광고주',
  user_email: 'adv1',
  price: 0,
  customFields: { keywords: '키워드' },
  keyword: '키워드',
  rank: 3,
  yesterday_rank: 5,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
};

beforeEach(() => {
  listCalls = [];
  listItems = [];
  refuse = () => null;
  localStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/slots/system-stats') return json(stats);
    if (url.pathname === '/api/field-configs') return json(defaultFieldConfigs);
    if (url.pathname === '/api/users/u7') return json(customer);
    if (url.pathname === '/api/slots/count' && url.searchParams.get('userId') === 'u7') return json(customerCount);
    listCalls.push(url.searchParams);
    const refusal = refuse(url.searchParams);
    if (refusal)
      return new Response(JSON.stringify({ success: false, error: refusal, code: 'VALIDATION' }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    return json({ items: listItems, pagination: { page: 1, limit: 10, total: listItems.length, totalPages: 1 } });
  });
});
afterEach(() => vi.restoreAllMocks());

function renderPage(
  settings: Partial<Settings> = {},
  toolbarActions?: (refresh: () => void) => React.ReactNode,
  url = '/admin/slots',
) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AppSettingsContext.Provider value={{ settings: { ...defaultSettings(), ...settings }, status: 'ready' }}>
          <ToastProvider>
            <AdminSlotsPage
              toolbarActions={toolbarActions}
              rankHistory={(slot, onClose) => (
                <div role="dialog" aria-label={`슬롯 #${slot.slot_number} 순위`}>
                  <button type="button" onClick={onClose}>
                    닫기
                  </button>
                </div>
              )}
            />
          </ToastProvider>
        </AppSettingsContext.Provider>
      </SWRConfig>
    </MemoryRouter>,
  );
}

describe('AdminSlotsPage', () => {
  it('names the tabs of normal mode with their counts and renders the toolbar actions', async () => {
    renderPage({}, () => <button type="button">선슬롯 발행</button>);
    expect(screen.getByRole('heading', { name: '슬롯 승인' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: /승인대기\s*4/ })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '전체12',
      '승인대기4',
      '승인5',
      '거절2',
      '비활성3',
      '삭제됨6',
    ]);
    expect(screen.getByRole('button', { name: '선슬롯 발행' })).toBeInTheDocument();
  });

  it('shows the pre-allocation tabs under the slot management title and asks the inactive accounts for that tab', async () => {
    const user = userEvent.setup();
    renderPage({ slotOperationMode: 'pre-allocation' });
    expect(screen.getByRole('heading', { name: '슬롯 관리' })).toBeInTheDocument();
    await screen.findByRole('tab', { name: /비활성\s*3/ });
    expect(screen.getAllByRole('tab')).toHaveLength(9);
    await user.click(screen.getByRole('tab', { name: /비활성\s*3/ }));
    await waitFor(() => expect(listCalls.at(-1)?.get('userStatus')).toBe('inactive'));
  });

  it('opens filtered to the user in ?userId=, says who with that user’s own counts, and clears back to everyone', async () => {
    const user = userEvent.setup();
    renderPage({}, undefined, '/admin/slots?userId=u7');
    const filter = await screen.findByRole('status', { name: '사용자 필터' });
    await within(filter).findByText('김고객 (kim7) 님의 슬롯만 표시 중');
    await waitFor(() => expect(listCalls.at(-1)?.get('userId')).toBe('u7'));
    // The tabs count this user's slots, not everyone's.
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
        '전체6',
        '승인대기2',
        '승인3',
        '거절1',
        '비활성0',
        '삭제됨1',
      ]),
    );
    await user.click(within(filter).getByRole('button', { name: '사용자 필터 해제' }));
    await waitFor(() => expect(listCalls.at(-1)?.has('userId')).toBe(false));
    expect(screen.queryByRole('status', { name: '사용자 필터' })).not.toBeInTheDocument();
    await screen.findByRole('tab', { name: /전체\s*12/ });
  });

  it('searches 500 ms after the last keystroke, and the advanced panel disables the simple search', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(listCalls).toHaveLength(1));
    await user.type(screen.getByRole('searchbox', { name: '슬롯 검색' }), '키워드');
    expect(listCalls.some((p) => p.get('search'))).toBe(false);
    await waitFor(() => expect(listCalls.at(-1)?.get('search')).toBe('키워드'));
    expect(listCalls.filter((p) => p.get('search'))).toHaveLength(1);
    // With text in the simple search the advanced one is off, and the other way round.
    expect(screen.getByRole('button', { name: '상세 검색' })).toBeDisabled();
    await user.clear(screen.getByRole('searchbox', { name: '슬롯 검색' }));
    await user.click(screen.getByRole('button', { name: '상세 검색' }));
    expect(screen.getByRole('searchbox', { name: '슬롯 검색' })).toBeDisabled();
    expect(screen.getByRole('form', { name: '상세 검색' })).toBeInTheDocument();
  });

  it('sends every advanced field at once, and no registration period unless one is filled in', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: '상세 검색' }));
    const form = screen.getByRole('form', { name: '상세 검색' });
    await user.type(within(form).getByRole('textbox', { name: '키워드' }), '무선 마우스');
    await user.type(within(form).getByRole('textbox', { name: '상품명' }), '로지텍');
    await user.type(within(form).getByRole('textbox', { name: '사용자 ID' }), 'adv1');
    await user.type(within(form).getByRole('textbox', { name: '슬롯 번호' }), '#7');
    await user.click(within(form).getByRole('button', { name: '검색' }));
    await waitFor(() => expect(listCalls.at(-1)?.get('keyword')).toBe('무선 마우스'));
    const sent = listCalls.at(-1)!;
    expect([sent.get('productName'), sent.get('user'), sent.get('slotNumber')]).toEqual(['로지텍', 'adv1', '7']);
    // The server searches every slot: no period is slipped in.
    expect([sent.get('dateFrom'), sent.get('dateTo'), sent.get('url')]).toEqual([null, null, null]);
  });

  it('a refused search shows the server’s text and none of the rows of the search before it', async () => {
    listItems = [{ ...slotItem, id: 'old1', slot_number: 11 }];
    refuse = (q) =>
      q.get('dateFrom') && q.get('dateFrom')! > q.get('dateTo')! ? '종료일은 시작일보다 늦어야 합니다.' : null;
    const user = userEvent.setup();
    const { container } = renderPage();
    await waitFor(() => expect(container.querySelectorAll('tr[data-slot-id]')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: '상세 검색' }));
    const form = screen.getByRole('form', { name: '상세 검색' });
    await user.type(within(form).getByRole('textbox', { name: '키워드' }), '마우스');
    fireEvent.change(within(form).getByLabelText('등록일 시작'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByLabelText('등록일 종료'), { target: { value: '2026-11-01' } });
    await user.click(within(form).getByRole('button', { name: '검색' }));
    expect(await screen.findByText('종료일은 시작일보다 늦어야 합니다.')).toBeInTheDocument();
    expect(container.querySelectorAll('tr[data-slot-id]')).toHaveLength(0);
  });

  it('catches a slot number that is not a number in the form and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(listCalls).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: '상세 검색' }));
    const form = screen.getByRole('form', { name: '상세 검색' });
    const slotNumber = within(form).getByRole('textbox', { name: '슬롯 번호' });
    await user.type(slotNumber, '일곱');
    await user.click(within(form).getByRole('button', { name: '검색' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('슬롯 번호는 1 이상의 숫자로 입력해 주세요.');
    expect(slotNumber).toHaveAttribute('aria-invalid', 'true');
    expect(listCalls.some((p) => p.has('slotNumber'))).toBe(false);
  });

  it('offers 10/30/50/100/200 rows and remembers the choice', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage();
    const select = await screen.findByRole('combobox', { name: '페이지당 개수' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['10', '30', '50', '100', '200']);
    await user.selectOptions(select, '200');
    await waitFor(() => expect(listCalls.at(-1)?.get('limit')).toBe('200'));
    unmount();
    renderPage();
    expect(await screen.findByRole('combobox', { name: '페이지당 개수' })).toHaveValue('200');
  });

  it("opens the rank history the app passes in from a tracked row's rank, and closes it", async () => {
    listItems = [
      {
        id: 's1',
        slot_number: 7,
        status: 'active',
        user_name: '광고주',
        user_email: 'adv1',
        price: 0,
        customFields: { keywords: '키워드' },
        keyword: '키워드',
        rank: 3,
        yesterday_rank: 5,
        startDate: '2026-11-01',
        endDate: '2026-11-30',
      },
    ];
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /순위 히스토리 보기/ }));
    expect(screen.getByRole('dialog', { name: '슬롯 #7 순위' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog', { name: '슬롯 #7 순위' })).not.toBeInTheDocument();
  });

  it('shows when each row’s rank was measured: 측정 지연 past rankDelayHours with its time, a fresh one’s time, - when never', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    listItems = [
      { ...slotItem, id: 's1', slot_number: 1, rank: 3, yesterday_rank: 5, rank_measured_at: hoursAgo(40) },
      { ...slotItem, id: 's2', slot_number: 2, rank: 8, yesterday_rank: 9, rank_measured_at: hoursAgo(5) },
      { ...slotItem, id: 's3', slot_number: 3, rank: null, yesterday_rank: null, rank_measured_at: null },
    ];
    renderPage({ rankDelayHours: 36 });
    // The old rank is not offered as today's: no arrow, 측정 지연 in its name and beside it.
    const late = await screen.findByRole('button', { name: '3위, 측정 지연, 순위 히스토리 보기' });
    const lateCell = late.closest('td')!;
    expect(lateCell).toHaveTextContent('측정 지연40시간 전 측정');
    expect(lateCell).not.toHaveTextContent('▲');
    expect(within(lateCell).getByTitle(/36시간 넘게 정상 측정이 없어/)).toBeInTheDocument();
    const fresh = screen.getByRole('button', { name: '8위 (▲1), 순위 히스토리 보기' }).closest('td')!;
    expect(fresh).toHaveTextContent('5시간 전 측정');
    expect(fresh).not.toHaveTextContent('측정 지연');
    const never = screen.getByRole('button', { name: '측정중, 순위 히스토리 보기' }).closest('td')!;
    expect(never).toHaveTextContent('측정중-');
  });
});
