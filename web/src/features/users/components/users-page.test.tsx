import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDto } from '#shared/schemas/users';
import { ToastProvider } from '@/components/ui/toast';
import { applyAuthSession, resetSessionForTests } from '@/lib/session-store';
import { UsersPage, type UsersPageProps } from './users-page';

/** /admin/users: table, 'page / total', list failure text, actions by role and props. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const row = (n: number, extra: Partial<AdminUserDto> = {}): AdminUserDto => ({
  id: `u${n}`,
  email: `member${n}`,
  fullName: `회원${n}`,
  phone: null,
  role: 'user',
  isActive: true,
  status: 'active',
  createdAt: '2026-01-02T00:00:00.000Z',
  lastLoginAt: null,
  allocated_slots: 5,
  used_slots: 2,
  ...extra,
});
let fetchMock: ReturnType<typeof vi.fn>;
let listAnswer: () => Response;
const users = [
  row(1),
  row(2, { role: 'developer', fullName: '개발자둘' }),
  row(3, { isActive: false, status: 'inactive' }),
];

function signInAs(role: 'operator' | 'developer') {
  applyAuthSession({
    user: {
      id: 'me',
      email: 'me',
      role,
      fullName: '나',
      phone: null,
      status: 'active',
      isActive: true,
      permissions: [],
      createdAt: '',
      updatedAt: '',
      lastLoginAt: null,
    },
    tokens: { accessToken: 't', refreshToken: 'r', expiresIn: 900 },
  });
}

function renderPage(props: UsersPageProps = {}) {
  render(
    <MemoryRouter>
      <ToastProvider>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <UsersPage {...props} />
        </SWRConfig>
      </ToastProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  resetSessionForTests();
  listAnswer = () =>
    json(200, { success: true, data: { users, pagination: { page: 1, limit: 50, total: 120, totalPages: 3 } } });
  fetchMock = vi.fn(async (url: string) =>
    String(url).startsWith('/api/users') ? listAnswer() : json(200, { success: true, data: {} }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('UsersPage', () => {
  it('lists users with role badges, status and slot counts, asks for 50 per page, and pages with page / total', async () => {
    signInAs('operator');
    const user = renderPage();
    const first = (await screen.findByText('member1')).closest('tr')!;
    expect(within(first).getByText('일반 사용자')).toBeInTheDocument();
    expect(within(first).getByText('5 / 2')).toBeInTheDocument();
    // Each advertiser's row links to the issuance history filtered to them.
    expect(within(first).getByRole('link', { name: '발행 내역' })).toHaveAttribute(
      'href',
      '/admin/slot-allocation-history?userId=u1',
    );
    // …and to the slot console filtered to them.
    expect(within(first).getByRole('link', { name: '슬롯 보기' })).toHaveAttribute('href', '/admin/slots?userId=u1');
    expect(within(screen.getByText('member3').closest('tr')!).getByText('비활성')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0][0])).toContain('limit=50');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '이전' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('page=2'))).toBe(true));
  });

  it('shows allocate only when the app passes renderAllocate, and hands it the user', async () => {
    signInAs('operator');
    const renderAllocate = vi.fn(() => <div role="dialog" aria-label="선슬롯 발행" />);
    const user = renderPage({ renderAllocate });
    const first = (await screen.findByText('member1')).closest('tr')!;
    await user.click(within(first).getByRole('button', { name: '슬롯 할당' }));
    expect(renderAllocate).toHaveBeenCalledWith(
      { id: 'u1', fullName: '회원1', email: 'member1' },
      expect.any(Function),
    );
    expect(screen.getByRole('dialog', { name: '선슬롯 발행' })).toBeInTheDocument();
  });

  it('offers no allocate without the prop; operators get no switch and cannot edit developers', async () => {
    signInAs('operator');
    renderPage();
    await screen.findByText('member1');
    expect(screen.queryByRole('button', { name: '슬롯 할당' })).toBeNull();
    expect(screen.queryByRole('button', { name: '사용자 전환' })).toBeNull();
    const dev = screen.getByText('member2').closest('tr')!;
    expect(within(dev).queryByRole('button', { name: '수정' })).toBeNull();
  });

  it('lets developers switch to active users only', async () => {
    signInAs('developer');
    renderPage();
    const first = (await screen.findByText('member1')).closest('tr')!;
    expect(within(first).getByRole('button', { name: '사용자 전환' })).toBeInTheDocument();
    expect(
      within(screen.getByText('member3').closest('tr')!).queryByRole('button', { name: '사용자 전환' }),
    ).toBeNull();
  });

  it('says 사용자 목록을 불러오는데 실패했습니다. when the list fails without a server text', async () => {
    signInAs('operator');
    listAnswer = () => new Response('<html>bad gateway</html>', { status: 502 });
    renderPage();
    expect(await screen.findByText('사용자 목록을 불러오는데 실패했습니다.')).toBeInTheDocument();
  });
});

describe('UsersPage on a narrow screen', () => {
  const jsdomMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 960px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = jsdomMatchMedia;
  });

  it('puts each row’s actions in one menu, and a pick there does what the button does', async () => {
    signInAs('developer');
    const renderAllocate = vi.fn(() => <div role="dialog" aria-label="선슬롯 발행" />);
    const user = renderPage({ renderAllocate });
    const first = (await screen.findByText('member1')).closest('tr')!;
    // One button in the row instead of five.
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['회원1 작업']);
    expect(within(first).queryByRole('button', { name: '수정' })).toBeNull();

    await user.click(within(first).getByRole('button', { name: '회원1 작업' }));
    const menu = screen.getByRole('menu', { name: '회원1 작업' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['사용자 전환', '슬롯 할당', '슬롯 보기', '발행 내역', '수정', '삭제']);
    expect(within(menu).getByRole('menuitem', { name: '사용자 전환' })).toHaveFocus();
    await user.click(within(menu).getByRole('menuitem', { name: '슬롯 할당' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(renderAllocate).toHaveBeenCalledWith(
      { id: 'u1', fullName: '회원1', email: 'member1' },
      expect.any(Function),
    );

    // Escape closes the menu and gives the focus back to its button.
    await user.click(within(first).getByRole('button', { name: '회원1 작업' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(within(first).getByRole('button', { name: '회원1 작업' })).toHaveFocus();
  });
});
