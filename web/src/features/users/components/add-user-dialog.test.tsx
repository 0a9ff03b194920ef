import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { resetSessionForTests } from '@/lib/session-store';
import { AddUserDialog } from './add-user-dialog';

/** '사용자 추가': the server's schema in the form, id letters and digits, server errors shown. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;

const posts = () =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith('/api/users') && init?.method === 'POST');

function renderDialog() {
  const onClose = vi.fn();
  render(
    <ToastProvider>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AddUserDialog onClose={onClose} />
      </SWRConfig>
    </ToastProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

beforeEach(() => {
  resetSessionForTests();
  answer = () => json(201, { success: true, data: { id: 'u1' } });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    String(url).startsWith('/api/users') && init?.method === 'POST' ? answer() : json(200, { success: true, data: {} }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('AddUserDialog', () => {
  it('asks for every required item and sends nothing while one is missing', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText(/비밀번호/), 'secret12');
    await user.click(screen.getByRole('button', { name: '추가' }));
    expect(await screen.findAllByText('필수 항목을 모두 입력해주세요.')).toHaveLength(2);
    expect(posts()).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('drops characters other than letters and digits from the id and checks the password length', async () => {
    const { user } = renderDialog();
    const id = screen.getByLabelText(/아이디/);
    await user.type(id, 'kim.lee-01!');
    expect(id).toHaveValue('kimlee01');
    await user.type(screen.getByLabelText(/비밀번호/), '12345');
    await user.type(screen.getByLabelText(/이름/), '김이');
    await user.click(screen.getByRole('button', { name: '추가' }));
    expect(await screen.findByText('비밀번호는 최소 6자 이상이어야 합니다.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('creates the user with id, password and name, then closes', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText(/아이디/), 'newbie1');
    await user.type(screen.getByLabelText(/비밀번호/), 'secret12');
    await user.type(screen.getByLabelText(/이름/), '신입');
    await user.click(screen.getByRole('button', { name: '추가' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(posts()[0][1].body))).toEqual({
      email: 'newbie1',
      password: 'secret12',
      fullName: '신입',
    });
  });

  it('shows the server’s text when it refuses, else 사용자 생성에 실패했습니다.', async () => {
    answer = () => json(409, { success: false, code: 'CONFLICT', error: '이미 사용 중인 아이디입니다.' });
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText(/아이디/), 'taken');
    await user.type(screen.getByLabelText(/비밀번호/), 'secret12');
    await user.type(screen.getByLabelText(/이름/), '중복');
    await user.click(screen.getByRole('button', { name: '추가' }));
    expect(await screen.findByText('이미 사용 중인 아이디입니다.')).toBeInTheDocument();
    answer = () => new Response('<html>bad gateway</html>', { status: 502 });
    await user.click(screen.getByRole('button', { name: '추가' }));
    expect(await screen.findByText('사용자 생성에 실패했습니다.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
