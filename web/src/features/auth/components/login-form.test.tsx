import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/session-store';
import { LoginForm } from './login-form';

const renderForm = (onSuccess = vi.fn()) => {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <LoginForm onSuccess={onSuccess} />
    </SWRConfig>,
  );
  return { onSuccess, user: userEvent.setup() };
};

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetSessionForTests();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('LoginForm', () => {
  it('labels its fields 아이디 and 비밀번호', () => {
    renderForm();
    expect(screen.getByLabelText('아이디')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('비밀번호')).toHaveAttribute('type', 'password');
  });

  it('requires both fields with the shared schema message and calls nothing', async () => {
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: '로그인' }));

    expect(await screen.findAllByText('아이디와 비밀번호를 입력해주세요.')).toHaveLength(2);
    expect(screen.getByLabelText('아이디')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats an id of spaces as empty (the schema trims)', async () => {
    const { user } = renderForm();

    await user.type(screen.getByLabelText('아이디'), '   ');
    await user.type(screen.getByLabelText('비밀번호'), 'secret1');
    await user.click(screen.getByRole('button', { name: '로그인' }));

    expect(await screen.findByText('아이디와 비밀번호를 입력해주세요.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the id as email, shows 로그인 중... meanwhile, and shows the server text in a red box', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const { user, onSuccess } = renderForm();

    await user.type(screen.getByLabelText('아이디'), 'kim');
    await user.type(screen.getByLabelText('비밀번호'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: '로그인' }));

    expect(await screen.findByRole('button', { name: /로그인 중\.\.\./ })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'kim', password: 'wrong-pass' });

    answer(
      new Response(
        JSON.stringify({ success: false, code: 'UNAUTHORIZED', error: '아이디 또는 비밀번호가 올바르지 않습니다.' }),
        {
          status: 401,
        },
      ),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('아이디 또는 비밀번호가 올바르지 않습니다.');
    expect(screen.getByRole('button', { name: '로그인' })).toBeEnabled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('asks an account with a second factor for its code, checks the format itself, then signs in', async () => {
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    fetchMock.mockResolvedValueOnce(
      json({ success: true, data: { secondFactorRequired: true, challenge: 'c-1', expiresIn: 300 } }),
    );
    const { user, onSuccess } = renderForm();
    await user.type(screen.getByLabelText('아이디'), 'oper');
    await user.type(screen.getByLabelText('비밀번호'), 'oper1234');
    await user.click(screen.getByRole('button', { name: '로그인' }));

    // No session yet: the code step, with the shared schema's text for a code that is not six digits.
    const code = await screen.findByLabelText('인증 코드');
    expect(onSuccess).not.toHaveBeenCalled();
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(await screen.findByText('인증 앱에 표시된 6자리 숫자를 입력해주세요.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const session = {
      user: { id: 'u1', email: 'oper', role: 'operator', fullName: '운영', permissions: [] },
      tokens: { accessToken: 'a.b.c', refreshToken: 'r', expiresIn: 900 },
      actingAs: null,
      enrolmentRequired: false,
    };
    fetchMock.mockResolvedValueOnce(json({ success: true, data: session }));
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: '확인' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/auth/login/second-factor');
    expect(JSON.parse(init.body as string)).toEqual({ challenge: 'c-1', code: '123456' });
  });
});
