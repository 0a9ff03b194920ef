import { render, screen } from '@testing-library/react';
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
});
