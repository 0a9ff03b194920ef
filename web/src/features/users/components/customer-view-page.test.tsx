import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDetailDto, UserLogDto } from '#shared/schemas/users';
import { ToastProvider } from '@/components/ui/toast';
import { applyAuthSession, resetSessionForTests } from '@/lib/session-store';
import { CustomerViewPage } from './customer-view-page';

/** The customer view's own parts (profile, details, audit log, deactivation via the edit dialog). */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let customer: AdminUserDetailDto;
let logs: UserLogDto[];
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method);

beforeEach(() => {
  resetSessionForTests();
  applyAuthSession({
    user: {
      id: 'me',
      email: 'me',
      role: 'operator',
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
  customer = {
    id: 'c1',
    email: 'buyer1',
    fullName: '구매자',
    phone: '010-1234-5678',
    role: 'user',
    isActive: true,
    status: 'active',
    createdAt: '2026-01-02T00:00:00.000Z',
    lastLoginAt: null,
    allocated_slots: 0,
    used_slots: 0,
    bankInfo: { bankName: '', accountNumber: '', accountHolder: '' },
    business: { businessName: '', businessNumber: '', representative: '' },
  };
  logs = [];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url.endsWith('/users/c1/logs')) return json(200, { success: true, data: logs });
    if (url.endsWith('/users/c1/details') && method === 'PUT') {
      const body = JSON.parse(init!.body as string);
      customer = { ...customer, ...body };
      logs = [
        {
          id: 'l1',
          action: 'update',
          description: '사용자 정보 수정',
          changes: [{ field: 'business.businessName', old: '', new: body.business.businessName }],
          actorId: 'me',
          actorName: '나',
          realActorId: null,
          createdAt: '2026-01-03T00:00:00.000Z',
        },
      ];
      return json(200, { success: true, data: body });
    }
    if (url.endsWith('/users/c1') && method === 'PUT') {
      customer = { ...customer, ...JSON.parse(init!.body as string) };
      return json(200, { success: true, data: customer });
    }
    if (url.endsWith('/users/c1')) return json(200, { success: true, data: customer });
    return json(404, { success: false, error: '사용자를 찾을 수 없습니다.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderView() {
  render(
    <MemoryRouter>
      <ToastProvider>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <CustomerViewPage userId="c1" sections={<p>다른 카드</p>} />
        </SWRConfig>
      </ToastProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('CustomerViewPage', () => {
  it('shows the profile and the other features’ cards; saving the business details refreshes the audit log', async () => {
    const ui = renderView();
    await screen.findByRole('heading', { name: '구매자 (buyer1)' });
    // The phone given at sign-up, shown where the user's facts are.
    expect(screen.getByText('전화번호').nextElementSibling).toHaveTextContent('010-1234-5678');
    expect(screen.getByText('다른 카드')).toBeInTheDocument();
    expect(await screen.findByText('변경 이력이 없습니다.')).toBeInTheDocument();

    await ui.type(screen.getByLabelText('사업자등록번호'), '12345');
    await ui.click(screen.getByRole('button', { name: '계좌 및 사업자 정보 저장' }));
    expect(await screen.findByText('사업자등록번호는 숫자 10자리(000-00-00000)로 입력해주세요.')).toBeInTheDocument();
    expect(calls('PUT')).toHaveLength(0);

    await ui.clear(screen.getByLabelText('사업자등록번호'));
    await ui.type(screen.getByLabelText('상호'), '구매상회');
    await ui.click(screen.getByRole('button', { name: '계좌 및 사업자 정보 저장' }));
    expect(await screen.findByText('계좌 및 사업자 정보가 저장되었습니다.')).toBeInTheDocument();
    const log = await screen.findByTestId('customer-logs');
    expect(within(log).getByText('business.businessName: - → 구매상회')).toBeInTheDocument();
  });

  it('shows a developer’s details to an operator without a form to change them', async () => {
    customer = {
      ...customer,
      role: 'developer',
      bankInfo: { bankName: '국민은행', accountNumber: '123-456', accountHolder: '개발자' },
    };
    renderView();
    await screen.findByRole('heading', { name: '구매자 (buyer1)' });
    expect(screen.getByText('개발자 계정의 계좌 및 사업자 정보는 개발자만 변경할 수 있습니다.')).toBeInTheDocument();
    expect(screen.getByLabelText('은행명')).toHaveValue('국민은행');
    expect(screen.getByLabelText('은행명')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '계좌 및 사업자 정보 저장' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '수정 · 비활성화' })).not.toBeInTheDocument();
  });

  it('deactivates through the user management’s edit dialog and shows the new status', async () => {
    const ui = renderView();
    await ui.click(await screen.findByRole('button', { name: '수정 · 비활성화' }));
    const dialog = screen.getByRole('dialog', { name: '사용자 수정' });
    await ui.click(within(dialog).getByLabelText('활성 계정'));
    await ui.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(await screen.findByTestId('customer-status')).findByText('비활성')).toBeInTheDocument();
    const [, init] = calls('PUT')[0];
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({ isActive: false });
  });

  it('offers 모든 세션 종료 on a customer’s account, asking first with their name', async () => {
    const ui = renderView();
    await ui.click(await screen.findByRole('button', { name: '모든 세션 종료' }));
    expect(screen.getByRole('dialog', { name: '모든 세션 종료' })).toHaveTextContent(
      '구매자님의 모든 로그인 세션을 종료할까요?',
    );
  });

  it('shows no 모든 세션 종료 to an operator on a developer’s account (its 403 would sign the operator out)', async () => {
    customer = { ...customer, role: 'developer' };
    renderView();
    await screen.findByRole('heading', { name: '구매자 (buyer1)' });
    expect(screen.queryByRole('button', { name: '모든 세션 종료' })).toBeNull();
  });

  it('says 사용자 정보를 불러오는데 실패했습니다. when the load fails without a server text', async () => {
    fetchMock.mockImplementation(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    renderView();
    expect(await screen.findByText('사용자 정보를 불러오는데 실패했습니다.')).toBeInTheDocument();
  });

  it('says so when the user cannot be loaded', async () => {
    fetchMock.mockImplementation(async () => json(404, { success: false, error: '사용자를 찾을 수 없습니다.' }));
    renderView();
    expect(await screen.findByText('사용자를 찾을 수 없습니다.')).toBeInTheDocument();
  });
});
