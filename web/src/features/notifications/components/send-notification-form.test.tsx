import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { resetSessionForTests } from '@/lib/session-store';
import { SendNotificationForm } from './send-notification-form';

/** The send form: the shared schema's messages, recipient modes, the duration switch, the answers. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const people = [
  { id: 'u1', email: 'kim', fullName: '김광고', role: 'user', status: 'active' },
  { id: 'u2', email: 'lee', fullName: '이광고', role: 'user', status: 'active' },
];
let fetchMock: ReturnType<typeof vi.fn>;
let sendAnswer: () => Response;

beforeEach(() => {
  resetSessionForTests();
  sendAnswer = () => json(201, { success: true, data: { groupId: 'g1', recipientCount: 1 } });
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/users') {
      const search = u.searchParams.get('search') ?? '';
      const users = people.filter((p) => !search || p.fullName.includes(search) || p.email.includes(search));
      return json(200, {
        success: true,
        data: { users, pagination: { page: 1, limit: 1000, total: users.length, totalPages: 1 } },
      });
    }
    if (u.pathname === '/api/notifications' && init?.method === 'POST') return sendAnswer();
    return json(404, { success: false, code: 'NOT_FOUND', error: '없음' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(onSent = vi.fn()) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <SendNotificationForm onSent={onSent} />
      </ToastProvider>
    </SWRConfig>,
  );
  return { user: userEvent.setup(), onSent };
}

const posts = () =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith('/api/notifications') && init?.method === 'POST');
const sentBody = (n = 0) => JSON.parse(String(posts()[n][1].body));
const userCalls = () =>
  fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost')).filter((u) => u.pathname === '/api/users');
const sendButton = () => screen.getByRole('button', { name: '알림 발송' });
const form = () => screen.getByRole('form', { name: '알림 발송' });

async function fillText(user: ReturnType<typeof userEvent.setup>, title: string, message: string) {
  if (title) await user.type(within(form()).getByLabelText('제목'), title);
  if (message) await user.type(within(form()).getByLabelText('내용'), message);
}

// userEvent typing is slow on a loaded 2-core machine; the default 5 s is too tight there.
describe('SendNotificationForm', { timeout: 15_000 }, () => {
  it("keeps send disabled until both title and message have text; blank-only text gets '제목과 내용을 입력해주세요.'", async () => {
    const { user } = renderForm();
    expect(sendButton()).toBeDisabled();
    await fillText(user, '점검 안내', '');
    expect(sendButton()).toBeDisabled();
    await user.clear(within(form()).getByLabelText('제목'));
    await fillText(user, '   ', '   ');
    expect(sendButton()).toBeEnabled();
    await user.click(sendButton());
    expect(await screen.findAllByText('제목과 내용을 입력해주세요.')).toHaveLength(1);
    expect(within(form()).getByLabelText('제목')).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
  });

  it('sends to everyone by default with the seconds as milliseconds, then says so and clears the text', async () => {
    const { user, onSent } = renderForm();
    expect(screen.getByRole('radio', { name: '전체 사용자' })).toBeChecked();
    await user.selectOptions(within(form()).getByLabelText('알림 종류'), '프로모션');
    await user.selectOptions(within(form()).getByLabelText('우선순위'), '높음');
    const seconds = within(form()).getByLabelText('표시 시간 (초)');
    await user.clear(seconds);
    await user.type(seconds, '12');
    await fillText(user, '  봄 할인  ', '이번 주 슬롯 20% 할인');
    expect(screen.getByTestId('send-preview')).toHaveTextContent('봄 할인');
    expect(screen.getByTestId('send-preview')).toHaveTextContent('12초 후 자동으로 닫힘');
    await user.click(sendButton());
    expect(await screen.findByText('알림이 성공적으로 발송되었습니다.')).toBeInTheDocument();
    expect(sentBody()).toEqual({
      type: 'promotion',
      title: '봄 할인',
      message: '이번 주 슬롯 20% 할인',
      recipientId: 'all',
      auto_close: true,
      duration: 12000,
      priority: 'high',
    });
    expect(onSent).toHaveBeenCalledWith({ groupId: 'g1', recipientCount: 1 });
    expect(within(form()).getByLabelText('제목')).toHaveValue('');
    expect(userCalls()).toHaveLength(0); // the 'all' mode loads no user list
  });

  it('selected mode: needs a recipient, lists role-user accounts only, searches and sends the chosen ids', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: '선택한 사용자' }));
    await fillText(user, '개별 안내', '확인 부탁드립니다.');
    await user.click(sendButton());
    expect(await screen.findByText('알림을 받을 사용자를 선택해주세요.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    const list = await screen.findByRole('list', { name: '사용자 목록' });
    await within(list).findByText('김광고');
    const asked = userCalls()[0].searchParams;
    expect(asked.get('role')).toBe('user');
    expect(asked.get('status')).toBe('active');
    expect(asked.get('limit')).toBe('1000');

    await user.type(screen.getByLabelText('사용자 검색'), '이광');
    await waitFor(() => expect(userCalls().at(-1)!.searchParams.get('search')).toBe('이광'), { timeout: 2000 });
    await waitFor(() => expect(within(list).queryByText('김광고')).not.toBeInTheDocument());
    await user.click(within(list).getByRole('checkbox', { name: /이광고/ }));
    expect(screen.queryByText('알림을 받을 사용자를 선택해주세요.')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: '선택한 사용자' })).getByText('이광고')).toBeInTheDocument();
    expect(screen.getByText('1명 선택됨')).toBeInTheDocument();

    await user.click(sendButton());
    await screen.findByText('알림이 성공적으로 발송되었습니다.');
    expect(sentBody().recipientId).toEqual(['u2']);
  });

  it('selects every listed user at once and drops one by its chip; switching to all sends to everyone', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: '선택한 사용자' }));
    await within(await screen.findByRole('list', { name: '사용자 목록' })).findByText('김광고');
    await user.click(screen.getByRole('button', { name: '검색 결과 모두 선택' }));
    expect(screen.getByText('2명 선택됨')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '검색 결과 모두 선택' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '김광고 선택 해제' }));
    expect(screen.getByText('1명 선택됨')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /김광고/ })).not.toBeChecked();
    await fillText(user, '안내', '내용');
    await user.click(sendButton());
    await screen.findByText('알림이 성공적으로 발송되었습니다.');
    expect(sentBody().recipientId).toEqual(['u2']);

    await user.click(screen.getByRole('radio', { name: '전체 사용자' }));
    expect(screen.queryByRole('list', { name: '사용자 목록' })).not.toBeInTheDocument();
    await fillText(user, '전체 안내', '모두에게');
    await user.click(sendButton());
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(sentBody(1).recipientId).toBe('all');
  });

  it('disables the duration unless auto-close is on, and checks its 1–30 second range', async () => {
    const { user } = renderForm();
    const seconds = within(form()).getByLabelText('표시 시간 (초)');
    expect(seconds).toBeEnabled();
    expect(seconds).toHaveValue(5);
    await fillText(user, '제목', '내용');
    for (const bad of ['31', '0', '1.5']) {
      await user.clear(seconds);
      await user.type(seconds, bad);
      await user.click(sendButton());
      expect(await screen.findByText('표시 시간은 1초에서 30초 사이(1초 단위)여야 합니다.')).toBeInTheDocument();
    }
    expect(posts()).toHaveLength(0);

    await user.click(screen.getByRole('switch', { name: '자동으로 닫기' }));
    expect(seconds).toBeDisabled();
    expect(screen.queryByText('표시 시간은 1초에서 30초 사이(1초 단위)여야 합니다.')).not.toBeInTheDocument();
    expect(screen.getByTestId('send-preview')).toHaveTextContent('직접 닫을 때까지 표시');
    await user.click(sendButton());
    await screen.findByText('알림이 성공적으로 발송되었습니다.');
    expect(sentBody()).toMatchObject({ auto_close: false, duration: 5000 });
  });

  it("shows the server text on a refusal, else the form's own failure text, and keeps the input", async () => {
    sendAnswer = () =>
      json(400, {
        success: false,
        code: 'VALIDATION',
        error: '일반 사용자 계정에만 알림을 보낼 수 있습니다. 받는 사람을 다시 확인해주세요.',
      });
    const { user, onSent } = renderForm();
    await fillText(user, '제목', '내용');
    await user.click(sendButton());
    expect(
      await screen.findByText('일반 사용자 계정에만 알림을 보낼 수 있습니다. 받는 사람을 다시 확인해주세요.'),
    ).toBeInTheDocument();
    sendAnswer = () => new Response('<html>bad gateway</html>', { status: 502 });
    await user.click(sendButton());
    expect(await screen.findByText('알림 발송에 실패했습니다.')).toBeInTheDocument();
    expect(within(form()).getByLabelText('제목')).toHaveValue('제목');
    expect(onSent).not.toHaveBeenCalled();
  });
});
