import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '#shared/schemas/auth';
import { defaultSettings, type Settings } from '#shared/settings';
import { AppSettingsContext } from '@/lib/app-settings';
import { applyAuthSession, resetSessionForTests } from '@/lib/session-store';
import { AdminDashboardRoute } from './admin-dashboard-route';

/** /admin: which cards show for which settings and role, the numbers, the ratio bar, and quiet failures. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, data });
const notFound = () => json(404, { success: false, code: 'NOT_FOUND', error: '요청한 주소를 찾을 수 없습니다.' });

const slotStats = {
  totalSlots: 120,
  statusBreakdown: {
    empty: 7,
    pending: 13,
    active: 60,
    waiting: 5,
    completed: 20,
    paused: 4,
    rejected: 3,
    refunded: 2,
    expired: 1,
    deleted: 5,
    inactive: 9,
  },
};
const userStats = { total: 40, active: 30, inactive: 10, byRole: { user: 36, operator: 3, developer: 1 } };
const cashStats = { chargeRequests: { pending: 4, approved: 11, rejected: 2, cancelled: 0 } };

let answers: Record<string, () => Response>;
let fetchMock: ReturnType<typeof vi.fn>;

function signIn(role: UserDto['role']) {
  const user: UserDto = {
    id: 'u1',
    email: 'op',
    role,
    fullName: '운영자',
    phone: null,
    status: 'active',
    isActive: true,
    permissions: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    lastLoginAt: null,
  };
  applyAuthSession({ user, tokens: { accessToken: 't', refreshToken: 'r', expiresIn: 900 }, actingAs: null });
}

beforeEach(() => {
  resetSessionForTests();
  answers = {
    '/api/slots/system-stats': () => ok(slotStats),
    '/api/users/stats': () => ok(userStats),
    '/api/cash/stats': () => ok(cashStats),
  };
  fetchMock = vi.fn(async (url: string) => (answers[new URL(url, 'http://localhost').pathname] ?? notFound)());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderDashboard(role: UserDto['role'], overrides: Partial<Settings> = {}) {
  signIn(role);
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider
        value={{ settings: { ...defaultSettings(), siteName: '심플슬롯', ...overrides }, status: 'ready' }}
      >
        <MemoryRouter>
          <AdminDashboardRoute />
        </MemoryRouter>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
}

const cardIds = () =>
  screen.queryAllByTestId(/^dashboard-card-/).map((c) => c.dataset.testid!.replace('dashboard-card-', ''));
const quickActions = () =>
  within(screen.getByRole('navigation', { name: '빠른 작업' }))
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

describe('cards by settings and role', () => {
  it('operator with the defaults (cash on, chat off, notifications on): no settings or chat card; quick actions mirror the cards', async () => {
    renderDashboard('operator');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('관리자 대시보드');
    expect(screen.getByRole('banner')).toHaveTextContent('심플슬롯 운영 현황');
    expect(cardIds()).toEqual(['slots', 'cash', 'users', 'notifications', 'announcements']);
    expect(quickActions()).toEqual([
      '/admin/slots',
      '/admin/cash',
      '/admin/users',
      '/admin/notifications',
      '/admin/announcements',
    ]);
    expect(screen.getByTestId('dashboard-card-slots')).toHaveTextContent('슬롯 승인');
    await screen.findByTestId('pending-charge-count');
  });

  it('developer with chat on, cash and notifications off: settings and chat cards, no cash card or cash section', async () => {
    renderDashboard('developer', {
      chatEnabled: true,
      useCashSystem: false,
      notificationEnabled: false,
      slotOperationMode: 'pre-allocation',
    });
    expect(cardIds()).toEqual(['slots', 'users', 'chat', 'settings', 'announcements']);
    expect(quickActions()).toEqual([
      '/admin/slots',
      '/admin/users',
      '/admin/chat',
      '/admin/settings',
      '/admin/announcements',
    ]);
    expect(screen.getByTestId('dashboard-card-slots')).toHaveTextContent('슬롯 관리');
    await waitFor(() => expect(screen.getByTestId('slot-status-inactive')).toHaveTextContent('9'));
    expect(screen.queryByTestId('pending-charge-count')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/cash/stats'))).toBe(false);
  });
});

describe('numbers', () => {
  it('slot badge = empty + pending, totals and the breakdown, pending charges, members and the active-ratio bar', async () => {
    renderDashboard('operator');
    const slots = screen.getByTestId('dashboard-card-slots');
    expect(await within(slots).findByLabelText('처리 대기 20건')).toHaveTextContent('20');
    expect(slots).toHaveTextContent('전체 120 · 승인대기 13 · 진행중 60');
    expect(screen.getByTestId('slot-total-전체 슬롯')).toHaveTextContent('120');
    expect(screen.getByTestId('slot-total-진행중')).toHaveTextContent('60');
    expect(screen.getByTestId('slot-total-승인대기')).toHaveTextContent('13');
    expect(screen.getByTestId('slot-total-비활성')).toHaveTextContent('9');
    expect(screen.getByTestId('slot-status-completed')).toHaveTextContent('완료20');
    expect(screen.getByTestId('slot-status-refunded')).toHaveTextContent('환불2');
    expect(
      await within(screen.getByTestId('dashboard-card-cash')).findByLabelText('충전 대기 4건'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('pending-charge-count')).toHaveTextContent('4건');
    await waitFor(() => expect(screen.getByTestId('member-전체 회원')).toHaveTextContent('40'));
    expect(screen.getByTestId('member-비활성')).toHaveTextContent('10');
    const bar = screen.getByRole('progressbar', { name: '활성 회원 비율' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('75%');
    expect(screen.getByText('활성 비율 75%')).toBeInTheDocument();
  });

  it('a failed stat load is only logged: its numbers read "-" and the rest of the page works', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answers['/api/slots/system-stats'] = notFound;
    answers['/api/users/stats'] = () => json(500, { success: false, code: 'INTERNAL', error: '서버 오류' });
    renderDashboard('operator');
    await waitFor(() => expect(logged).toHaveBeenCalledWith('슬롯 통계 로드 실패', expect.anything()));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('회원 통계 로드 실패', expect.anything()));
    expect(screen.getByTestId('slot-total-전체 슬롯')).toHaveTextContent('-');
    expect(screen.getByTestId('member-전체 회원')).toHaveTextContent('-');
    expect(screen.getByText('활성 비율 -')).toBeInTheDocument();
    expect(within(screen.getByTestId('dashboard-card-slots')).queryByLabelText(/처리 대기/)).toBeNull();
    expect(cardIds()).toEqual(['slots', 'cash', 'users', 'notifications', 'announcements']);
    expect(await screen.findByTestId('pending-charge-count')).toHaveTextContent('4건');
    logged.mockRestore();
  });
});
