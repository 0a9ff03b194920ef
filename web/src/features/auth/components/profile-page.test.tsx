import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDto } from '#shared/schemas/auth';
import { applyAuthSession, resetSessionForTests } from '@/lib/session-store';
import { ProfilePage } from './profile-page';

const user: UserDto = {
  id: 'u1',
  email: 'kim',
  role: 'user',
  fullName: '김광고',
  phone: null,
  status: 'active',
  isActive: true,
  permissions: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  lastLoginAt: '2025-02-01T03:00:00.000Z',
};

const blankDetails = {
  bankInfo: { bankName: '', accountNumber: '', accountHolder: '' },
  business: { businessName: '', businessNumber: '', representative: '' },
};
const envelope = (data: unknown, status = 200) => new Response(JSON.stringify({ success: true, data }), { status });
let fetchMock: ReturnType<typeof vi.fn>;
/** The page's other reads: its session list, else the user. */
const otherGet = (url: string) => (url.endsWith('/auth/sessions') ? envelope([]) : envelope(user));
const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit).method === 'PUT');

beforeEach(() => {
  resetSessionForTests();
  applyAuthSession({ user, tokens: { accessToken: 't', refreshToken: 'r', expiresIn: 900 }, actingAs: null });
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url.endsWith('/auth/sessions')) return envelope([]);
    if (url.endsWith('/auth/profile/details'))
      return init.method === 'PUT' ? envelope(JSON.parse(init.body as string)) : envelope(blankDetails);
    return init.method === 'PUT' ? envelope({ ...user, ...JSON.parse(init.body as string) }) : envelope(user);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

async function renderPage() {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ProfilePage />
    </SWRConfig>,
  );
  await screen.findByDisplayValue('김광고');
  return userEvent.setup();
}

describe('ProfilePage', () => {
  it('saves the bank account only when it is whole, and the business number in its printed form', async () => {
    const ui = await renderPage();
    await ui.type(await screen.findByLabelText('은행명'), '국민은행');
    await ui.type(screen.getByLabelText('계좌번호'), '123-45');
    const save = screen.getByRole('button', { name: '계좌 및 사업자 정보 저장' });
    await ui.click(save);
    expect(await screen.findByText('은행명, 계좌번호, 예금주를 모두 입력하거나 모두 비워주세요.')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    await ui.type(screen.getByLabelText('예금주'), '김광고');
    await ui.type(screen.getByLabelText('상호'), '김상회');
    await ui.type(screen.getByLabelText('사업자등록번호'), '1234567890');
    await ui.click(save);
    expect(await screen.findByText('계좌 및 사업자 정보가 저장되었습니다.')).toBeInTheDocument();
    const [url, init] = puts()[0];
    expect(url).toContain('/auth/profile/details');
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({
      bankInfo: { bankName: '국민은행', accountNumber: '123-45', accountHolder: '김광고' },
      business: { businessName: '김상회', businessNumber: '123-45-67890', representative: '' },
    });
  });

  it('shows the id read-only with its note, and the account info', async () => {
    await renderPage();
    expect(screen.getByLabelText('아이디')).toHaveAttribute('readonly');
    expect(screen.getByText('아이디는 변경할 수 없습니다.')).toBeInTheDocument();
    expect(screen.getByText('2025-02-01 12:00')).toBeInTheDocument(); // last login in KST
    expect(screen.getByText('활성')).toBeInTheDocument();
  });

  it('checks a new password in order: match, length, current password', async () => {
    const ui = await renderPage();
    const save = screen.getByRole('button', { name: '저장' });

    await ui.type(screen.getByLabelText('새 비밀번호'), 'abc');
    await ui.type(screen.getByLabelText('새 비밀번호 확인'), 'abd');
    await ui.click(save);
    expect(await screen.findByText('새 비밀번호가 일치하지 않습니다.')).toBeInTheDocument();

    await ui.type(screen.getByLabelText('새 비밀번호 확인'), '{Backspace}c');
    await ui.click(save);
    expect(await screen.findByText('비밀번호는 최소 6자 이상이어야 합니다.')).toBeInTheDocument();

    await ui.type(screen.getByLabelText('새 비밀번호'), 'def');
    await ui.type(screen.getByLabelText('새 비밀번호 확인'), 'def');
    await ui.click(save);
    expect(await screen.findByText('현재 비밀번호를 입력해주세요.')).toBeInTheDocument();

    expect(puts()).toHaveLength(0);
  });

  it('refuses a confirmation typed without a new password (mismatch first), sending nothing', async () => {
    const ui = await renderPage();
    await ui.type(screen.getByLabelText('새 비밀번호 확인'), 'abcdef');
    await ui.click(screen.getByRole('button', { name: '저장' }));

    expect(await screen.findByText('새 비밀번호가 일치하지 않습니다.')).toBeInTheDocument();
    expect(screen.queryByText('정보가 성공적으로 업데이트되었습니다.')).not.toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('saves only the name when the password fields are blank', async () => {
    const ui = await renderPage();
    await ui.clear(screen.getByLabelText('이름'));
    await ui.type(screen.getByLabelText('이름'), '김바뀜');
    await ui.click(screen.getByRole('button', { name: '저장' }));

    expect(await screen.findByText('정보가 성공적으로 업데이트되었습니다.')).toBeInTheDocument();
    expect(JSON.parse(puts()[0][1].body as string)).toEqual({ fullName: '김바뀜' });
  });

  it('shows the server text when the save fails', async () => {
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) =>
      init.method === 'PUT'
        ? new Response(
            JSON.stringify({
              success: false,
              code: 'VALIDATION',
              error: '현재 비밀번호가 올바르지 않습니다.',
              details: [{ field: 'currentPassword', message: '현재 비밀번호가 올바르지 않습니다.' }],
            }),
            { status: 400 },
          )
        : otherGet(_url),
    );
    const ui = await renderPage();
    await ui.type(screen.getByLabelText('현재 비밀번호'), 'wrong1');
    await ui.type(screen.getByLabelText('새 비밀번호'), 'abcdef');
    await ui.type(screen.getByLabelText('새 비밀번호 확인'), 'abcdef');
    await ui.click(screen.getByRole('button', { name: '저장' }));

    // Once in the red box, once under the field the server named.
    expect(await screen.findAllByText('현재 비밀번호가 올바르지 않습니다.')).toHaveLength(2);
  });

  it('falls back to the generic failure when the server sent no message', async () => {
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) =>
      init.method === 'PUT' ? new Response('<html>Bad gateway</html>', { status: 502 }) : otherGet(_url),
    );
    const ui = await renderPage();
    await ui.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('업데이트 중 오류가 발생했습니다.');
  });

  it('falls back to the password-change failure text when a password change fails without a message', async () => {
    fetchMock.mockImplementation(async (_url: string, init: RequestInit) =>
      init.method === 'PUT' ? new Response('<html>Bad gateway</html>', { status: 502 }) : otherGet(_url),
    );
    const ui = await renderPage();
    await ui.type(screen.getByLabelText('현재 비밀번호'), 'oldpass1');
    await ui.type(screen.getByLabelText('새 비밀번호'), 'abcdef');
    await ui.type(screen.getByLabelText('새 비밀번호 확인'), 'abcdef');
    await ui.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('비밀번호 변경 중 오류가 발생했습니다.');
  });
});
