import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '#shared/settings';
import { AppSettingsContext } from '@/lib/app-settings';
import { UserSlotsCard } from './user-slots-card';

const byStatus = {
  empty: 0,
  pending: 2,
  waiting: 0,
  active: 11,
  paused: 0,
  rejected: 1,
  refunded: 0,
  expired: 0,
  completed: 0,
  deleted: 0,
};
const cards = { total: 14, empty: 0, waiting: 0, active: 11, paused: 0, completed: 0 };
const slot = (n: number, status: string, label: string) => ({
  id: `s${n}`,
  slot_number: n,
  status,
  displayStatus: status,
  displayStatusLabel: label,
  keyword: `키워드${n}`,
  url: 'https://www.coupang.com/vp/products/1',
  customFields: {},
  product_name: `상품${n}`,
  startDate: '2026-12-01',
  endDate: '2026-12-30',
  // Slot 14 ranked 5th two days ago, nothing healthy since; the others never measured.
  rank: n === 14 ? 5 : null,
  rank_measured_at: n === 14 ? new Date(Date.now() - 50 * 3_600_000).toISOString() : null,
  yesterday_rank: null,
});
let listCalls: URLSearchParams[] = [];
const json = (body: unknown) =>
  new Response(JSON.stringify({ success: true, data: body }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  listCalls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/slots/count') return json({ count: 14, byStatus, cards });
    listCalls.push(url.searchParams);
    const status = url.searchParams.get('status');
    const page = Number(url.searchParams.get('page'));
    const items =
      status === 'pending'
        ? [slot(13, 'pending', '승인대기'), slot(14, 'pending', '승인대기')]
        : page === 2
          ? [slot(3, 'active', '진행중')]
          : Array.from({ length: 10 }, (_, i) => slot(14 - i, 'active', '진행중'));
    const total = status === 'pending' ? 2 : 14;
    return json({ items, pagination: { page, limit: 10, total, totalPages: Math.ceil(total / 10) } });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('UserSlotsCard (the customer view’s slots)', () => {
  it('lists the customer’s own slots a page at a time, by status, and links to the console filtered to them', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <AppSettingsContext.Provider value={{ settings: defaultSettings(), status: 'ready' }}>
            <UserSlotsCard userId="u7" />
          </AppSettingsContext.Provider>
        </SWRConfig>
      </MemoryRouter>,
    );
    const list = screen.getByRole('region', { name: '고객 슬롯 목록' });
    const table = await within(list).findByTestId('customer-slots');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('키워드14')).toBeInTheDocument();
    // Its rank is not shown as current: 측정 지연 with when it was measured; never measured reads '-'.
    const ranked = within(table).getByText('키워드14').closest('tr')!;
    expect(ranked).toHaveTextContent('5위측정 지연2일 전 측정');
    expect(within(table).getByText('키워드13').closest('tr')).toHaveTextContent('측정중-');
    // Every read is of this user's slots (their own index partition on the server).
    expect(listCalls.every((p) => p.get('userId') === 'u7')).toBe(true);
    expect(within(list).getByText('총 14개')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: '2 페이지' }));
    await within(list).findByText('키워드3');
    expect(listCalls.at(-1)?.get('page')).toBe('2');

    // A status tab, with the user's own count, starts again at page 1.
    await user.click(within(list).getByRole('tab', { name: /승인대기\s*2/ }));
    await within(list).findByText('키워드13');
    expect(listCalls.at(-1)?.get('status')).toBe('pending');
    expect(listCalls.at(-1)?.get('page')).toBe('1');
    expect(listCalls.every((p) => p.get('userId') === 'u7')).toBe(true);

    expect(screen.getByRole('link', { name: '슬롯 관리에서 보기' })).toHaveAttribute('href', '/admin/slots?userId=u7');
  });
});
