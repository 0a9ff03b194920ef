import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultFieldConfigs } from '#shared/field-configs';
import { addKstDays, kstToday } from '#shared/kst';
import { defaultSettings, type Settings } from '#shared/settings';
import type { SlotDto } from '#shared/schemas/slots';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext } from '@/lib/app-settings';
import { PAGE_SIZE_STORAGE_KEYS } from '@/hooks/use-page-size';
import type { BulkInputDialog } from './slot-dialogs';
import { SlotsPage } from './slots-page';

const today = kstToday();
const url = (n: number) => `https://www.coupang.com/vp/products/${n}?itemId=${n}&vendorItemId=${n}`;
const slot = (n: number, over: Partial<SlotDto>): SlotDto =>
  ({
    id: `s${n}`,
    slot_number: n,
    status: 'active',
    displayStatus: 'active',
    displayStatusLabel: '진행중',
    customFields: { keywords: `키워드${n}`, landingUrl: url(n) },
    keyword: `키워드${n}`,
    url: url(n),
    mid: '',
    product_name: null,
    thumbnail: null,
    rank: null,
    yesterday_rank: null,
    startDate: today,
    endDate: addKstDays(today, 29),
    rejection_reason: null,
    parent_slot_id: null,
    is_extended: false,
    createdAt: new Date().toISOString(),
    ...over,
  }) as SlotDto;

const slots = [
  slot(1, { rank: 4, yesterday_rank: 9, endDate: addKstDays(today, 2), parent_slot_id: 'p1' }),
  slot(2, {
    status: 'pending',
    displayStatus: 'pending',
    displayStatusLabel: '승인대기',
    startDate: null,
    endDate: null,
  }),
  slot(3, {
    status: 'rejected',
    displayStatus: 'rejected',
    displayStatusLabel: '거절',
    rejection_reason: '상품 정보 불일치',
  }),
  slot(4, {
    status: 'empty',
    displayStatus: 'empty',
    displayStatusLabel: '입력대기',
    customFields: {},
    keyword: '',
    url: '',
  }),
  slot(5, {
    status: 'waiting',
    displayStatus: 'waiting',
    displayStatusLabel: '진행대기',
    startDate: addKstDays(today, 3),
    endDate: addKstDays(today, 32),
  }),
  slot(6, { status: 'paused', displayStatus: 'paused', displayStatusLabel: '일시정지' }),
];
const cards = { total: 6, empty: 1, waiting: 1, active: 1, paused: 1, completed: 0 };
let queries: URLSearchParams[] = [];
let writes: Array<{ method: string; path: string; body: unknown }> = [];
let createdStatus = 'pending';
/** What GET /slots answers: the rows (same for every page) and the total the pagination is built from. */
let listItems: SlotDto[] = slots;
let listTotal = 6;
/** Refuse PATCH /slots/{id}/status (a pause or resume the server turns down). */
let refuseStatus = false;
/** Fail the download's page reads (100 a page). */
let refuseExport = false;

const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
beforeEach(() => {
  queries = [];
  writes = [];
  localStorage.clear();
  listItems = slots;
  listTotal = 6;
  refuseStatus = false;
  refuseExport = false;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const u = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      writes.push({ method, path: u.pathname, body });
      if (u.pathname === '/api/slots')
        return ok(slot(7, { status: createdStatus as SlotDto['status'], keyword: body.customFields.keywords }));
      const target = slots.find((s) => u.pathname === `/api/slots/${s.id}/status`);
      if (target && refuseStatus)
        return new Response(JSON.stringify({ success: false, code: 'CONFLICT', error: '거절' }), { status: 409 });
      if (target) return ok({ ...target, status: body.status });
    }
    if (u.pathname === '/api/field-configs') return ok(defaultFieldConfigs);
    if (u.pathname === '/api/slots/count') return ok({ count: 6, allocated: 10, used: 3, available: 7, cards });
    if (u.pathname === '/api/cash/balance') return ok({ amount: 100000 });
    if (u.pathname === '/api/slots' && refuseExport && u.searchParams.get('limit') === '100')
      return new Response('<html>bad gateway</html>', { status: 502 });
    if (u.pathname === '/api/slots') {
      queries.push(u.searchParams);
      const limit = Number(u.searchParams.get('limit'));
      const page = Number(u.searchParams.get('page') ?? 1);
      return ok({
        items: listItems,
        pagination: { page, limit, total: listTotal, totalPages: Math.ceil(listTotal / limit) },
      });
    }
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => vi.restoreAllMocks());

/** Stands in for the bulk feature's grid, which the app route passes in. */
const BulkInput: BulkInputDialog = ({ slots, onClose, onDone }) => (
  <div role="dialog" aria-label="다중 슬롯 입력">
    {slots.map((s) => `#${s.slot_number}`).join(',')}
    <button type="button" onClick={onClose}>
      닫기
    </button>
    <button type="button" onClick={onDone}>
      저장
    </button>
  </div>
);

function renderPage(overrides: Partial<Settings> = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider value={{ settings: { ...defaultSettings(), ...overrides }, status: 'ready' }}>
        <ToastProvider>
          <MemoryRouter>
            <SlotsPage bulkInput={BulkInput} />
          </MemoryRouter>
        </ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
}

const rowOf = (n: number) => document.querySelector(`tr[data-slot-number="${n}"]`) as HTMLElement;

describe('SlotsPage', () => {
  it('pauses a waiting slot (not resume) and resumes a paused one; a waiting slot is selectable', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('키워드5');
    const waiting = within(rowOf(5));
    expect(waiting.getByText('진행대기')).toBeInTheDocument();
    expect(waiting.getByRole('checkbox')).toBeEnabled();
    const toggle = waiting.getByRole('switch', { name: '슬롯 #5 일시정지' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: '슬롯 일시정지' });
    await user.click(within(dialog).getByRole('button', { name: '일시정지' }));
    await waitFor(() =>
      expect(writes).toContainEqual({ method: 'PATCH', path: '/api/slots/s5/status', body: { status: 'paused' } }),
    );

    await user.click(within(rowOf(6)).getByRole('switch', { name: '슬롯 #6 재개' }));
    const resume = await screen.findByRole('dialog', { name: '슬롯 재개' });
    await user.click(within(resume).getByRole('button', { name: '재개' }));
    await waitFor(() =>
      expect(writes).toContainEqual({ method: 'PATCH', path: '/api/slots/s6/status', body: { status: 'active' } }),
    );
  });

  it('shows a slot staff paused without a resume switch, with a note saying staff paused it', async () => {
    listItems = slots.map((s) => (s.slot_number === 6 ? { ...s, paused_by_staff: true } : s));
    renderPage();
    await screen.findByText('키워드6');
    const held = within(rowOf(6));
    expect(held.queryByRole('switch')).not.toBeInTheDocument();
    expect(held.getByText('관리자 일시정지')).toHaveAttribute(
      'title',
      '관리자가 일시정지한 슬롯은 관리자만 재개할 수 있습니다. 재개가 필요하면 관리자에게 문의해주세요.',
    );
  });

  it('a pause the server refuses puts the row back and is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    refuseStatus = true;
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('키워드5');
    await user.click(within(rowOf(5)).getByRole('switch', { name: '슬롯 #5 일시정지' }));
    const dialog = await screen.findByRole('dialog', { name: '슬롯 일시정지' });
    await user.click(within(dialog).getByRole('button', { name: '일시정지' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('슬롯 일시정지 실패', expect.anything()));
    await waitFor(() =>
      expect(within(rowOf(5)).getByRole('switch', { name: '슬롯 #5 일시정지' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    expect(within(rowOf(5)).getByText('진행대기')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a download that cannot read the slots says '엑셀 다운로드 중 오류가 발생했습니다.'", async () => {
    refuseExport = true;
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('키워드5');
    await user.click(screen.getByRole('button', { name: /엑셀 다운로드/ }));
    expect(await screen.findByText('엑셀 다운로드 중 오류가 발생했습니다.')).toBeInTheDocument();
  });

  it('after a single registration says what the answer says: active at once, or waiting for approval', async () => {
    const user = userEvent.setup();
    for (const [status, message] of [
      ['active', '슬롯이 등록되었습니다.'],
      ['pending', '슬롯이 신청되었습니다. 관리자 승인 후 진행됩니다.'],
    ] as const) {
      createdStatus = status;
      const view = renderPage();
      await screen.findByText('키워드1');
      await user.click(screen.getByRole('button', { name: '개별 등록' }));
      // The dialog's code loads on first open (a lazy chunk): allow for a slow transform.
      const dialog = await screen.findByRole('dialog', { name: '슬롯 개별 등록' }, { timeout: 5000 });
      await user.type(within(dialog).getByLabelText('키워드'), '새 키워드');
      await user.type(within(dialog).getByLabelText('URL'), url(9));
      // The button waits for the balance (it stays disabled without one), as a user would.
      const submit = within(dialog).getByRole('button', { name: /^등록/ });
      await waitFor(() => expect(submit).toBeEnabled());
      await user.click(submit);
      expect(await screen.findByText(message)).toBeInTheDocument();
      view.unmount();
    }
    createdStatus = 'pending';
    // Two registrations typed key by key through a dialog loaded on first open: slow on a busy machine.
  }, 30_000);

  it('shows the header, status cards and every column rule', async () => {
    renderPage();
    await screen.findByText('키워드1');
    expect(screen.getByText('50,000원')).toBeInTheDocument();
    expect(screen.getByTestId('count-total')).toHaveTextContent('6');
    expect(screen.getByRole('button', { name: '개별 등록' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '대량 등록' })).toHaveAttribute('href', '/slots/bulk');

    const r1 = within(rowOf(1));
    expect(r1.getByText('4위')).toBeInTheDocument();
    expect(r1.getByLabelText('어제보다 5계단 상승')).toBeInTheDocument();
    expect(r1.getByText('3일 남음')).toBeInTheDocument();
    expect(r1.getByText('연장')).toBeInTheDocument();
    expect(r1.getByRole('switch', { name: '슬롯 #1 일시정지' })).toHaveAttribute('aria-checked', 'true');
    expect(r1.getByRole('checkbox')).toBeEnabled();

    const r2 = within(rowOf(2));
    expect(r2.getByText('관리자 승인 대기')).toBeInTheDocument();
    expect(r2.getByRole('checkbox')).toBeDisabled();
    expect(within(rowOf(3)).getByText('사유: 상품 정보 불일치')).toBeInTheDocument();
    expect(within(rowOf(4)).getByRole('button', { name: '등록' })).toBeInTheDocument();
  });

  it('asks for the last 3 months by default and remembers the page size', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('키워드1');
    expect(queries[0].get('limit')).toBe('10');
    expect(queries[0].get('dateTo')).toBe(today);
    expect(queries[0].get('dateFrom')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await user.selectOptions(screen.getByRole('combobox', { name: '페이지당 개수' }), '30');
    expect(localStorage.getItem(PAGE_SIZE_STORAGE_KEYS.slots)).toBe('30');
    expect(queries.at(-1)?.get('limit')).toBe('30');
  });

  it('goes back to page 1 when the page size changes', async () => {
    const user = userEvent.setup();
    listTotal = 60;
    renderPage();
    await screen.findByText('키워드1');
    await user.click(screen.getByRole('button', { name: '3 페이지' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('3'));
    await user.selectOptions(screen.getByRole('combobox', { name: '페이지당 개수' }), '30');
    await waitFor(() => expect(queries.at(-1)?.get('limit')).toBe('30'));
    expect(queries.at(-1)?.get('page')).toBe('1');
    expect(queries.some((q) => q.get('limit') === '30' && q.get('page') === '3')).toBe(false);
  });

  it('moves to the last page when the list shrinks under the current page', async () => {
    const user = userEvent.setup();
    listTotal = 60;
    renderPage();
    await screen.findByText('키워드1');
    await user.click(screen.getByRole('button', { name: '마지막 페이지' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('6'));
    listTotal = 15;
    await user.click(screen.getByRole('button', { name: '새로고침' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    // The pager follows once page 2's answer has rendered (the button itself was there already).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '2 페이지' })).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('keeps the selection in step with the list: fresh copies, unselectable slots dropped', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('키워드1');
    await user.click(within(rowOf(1)).getByRole('checkbox'));
    await user.click(within(rowOf(5)).getByRole('checkbox'));
    expect(within(screen.getByRole('region', { name: '선택한 슬롯 작업' })).getByText('2')).toBeInTheDocument();

    // Refetched: slot 1 was paused elsewhere, slot 5 got a new keyword.
    listItems = slots.map((s) =>
      s.id === 's1'
        ? { ...s, status: 'paused', displayStatus: 'paused', displayStatusLabel: '일시정지' }
        : s.id === 's5'
          ? { ...s, keyword: '바뀐 키워드', customFields: { ...s.customFields, keywords: '바뀐 키워드' } }
          : s,
    );
    await user.click(screen.getByRole('button', { name: '새로고침' }));
    await screen.findByText('바뀐 키워드');
    const bar = screen.getByRole('region', { name: '선택한 슬롯 작업' });
    await waitFor(() => expect(within(bar).getByText('1')).toBeInTheDocument());
    await user.click(within(bar).getByRole('button', { name: '일괄 정보 변경' }));
    const chosen = within(await screen.findByRole('list', { name: '선택한 슬롯' }));
    expect(chosen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['#5바뀐 키워드']);
  });

  it('deletes a finished slot from its row, and the finished part of the selection from the bar', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('키워드1');
    // The shared policy: only the rejected slot (#3) offers a delete; running, pending, paused ones do not.
    expect(
      screen.getAllByRole('button', { name: /^슬롯 #\d+ 삭제$/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['슬롯 #3 삭제']);
    await user.click(within(rowOf(3)).getByRole('button', { name: '슬롯 #3 삭제' }));
    const confirm = await screen.findByRole('dialog', { name: '슬롯 삭제' });
    expect(confirm).toHaveTextContent('슬롯 #3을(를) 삭제하시겠습니까?');
    await user.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() =>
      expect(writes).toContainEqual({ method: 'PATCH', path: '/api/slots/s3/status', body: { status: 'deleted' } }),
    );
    expect(await screen.findByText('슬롯이 삭제되었습니다.')).toBeInTheDocument();

    // A running slot and the rejected one selected: the bulk modals take #1, the delete takes #3 only.
    writes = [];
    await user.click(within(rowOf(1)).getByRole('checkbox'));
    await user.click(within(rowOf(3)).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: '선택한 슬롯 작업' });
    expect(within(bar).getByRole('button', { name: '일괄 정보 변경' })).toBeEnabled();
    await user.click(within(bar).getByRole('button', { name: '선택 삭제 (1개)' }));
    const many = await screen.findByRole('dialog', { name: '슬롯 삭제' });
    expect(many).toHaveTextContent('선택한 슬롯 1개를 삭제하시겠습니까?');
    await user.click(within(many).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('슬롯 1개가 삭제되었습니다.')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'PATCH', path: '/api/slots/s3/status', body: { status: 'deleted' } }]);
    // #3 left the selection; #1 stays for the bulk modals.
    expect(
      within(screen.getByRole('region', { name: '선택한 슬롯 작업' })).queryByRole('button', { name: /선택 삭제/ }),
    ).toBeNull();
  });

  it('shows the floating bar for selected slots', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('키워드1');
    await user.click(within(rowOf(1)).getByRole('checkbox'));
    const bar = screen.getByRole('region', { name: '선택한 슬롯 작업' });
    expect(within(bar).getByText('개 선택됨', { exact: false })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: '선택 해제' }));
    expect(screen.queryByRole('region', { name: '선택한 슬롯 작업' })).toBeNull();
  });

  it('opens the multi-slot input the app passes in with the selected slots, and clears the selection once saved', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('키워드1');
    await user.click(within(rowOf(1)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '다중 슬롯 입력' }));
    expect(await screen.findByRole('dialog', { name: '다중 슬롯 입력' })).toHaveTextContent('#1');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(screen.queryByRole('dialog', { name: '다중 슬롯 입력' })).toBeNull();
    expect(screen.queryByRole('region', { name: '선택한 슬롯 작업' })).toBeNull();
  });

  it('pre-allocation mode: allocation counts, no registration buttons, no pending filter', async () => {
    renderPage({ slotOperationMode: 'pre-allocation' });
    await screen.findByText('키워드1');
    expect(screen.getByLabelText('슬롯 할당 현황')).toHaveTextContent('할당된 슬롯10개사용 중3개사용 가능7개');
    expect(screen.queryByRole('button', { name: '개별 등록' })).toBeNull();
    const options = within(screen.getByRole('combobox', { name: '상태 필터' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).not.toContain('승인대기');
    expect(options).toContain('입력대기');
  });
});
