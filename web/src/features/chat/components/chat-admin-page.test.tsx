import { MemoryRouter } from 'react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '#shared/setting-defaults';
import { AppSettingsContext } from '@/lib/app-settings';
import { resetSessionForTests } from '@/lib/session-store';
import { FakeWebSocket } from '@/lib/testing/fake-websocket';
import { fakeChatApi, message, room, signIn, staffReply } from '../testing/fake-chat-api';
import { playChatSound } from '../utils/chat-sound';
import { ChatAdminPage } from './chat-admin-page';

vi.mock('../utils/chat-sound', () => ({ playChatSound: vi.fn(() => true) }));

let restoreSocket: () => void;

const longQuestion = '슬롯 순위가 어제부터 갑자기 떨어졌는데 확인 부탁드립니다 급합니다';

function renderInbox(chatEnabled = true, chatSoundEnabled = true) {
  const settings = { ...defaultSettings(), chatEnabled, chatSoundEnabled };
  return render(
    <AppSettingsContext.Provider value={{ settings, status: 'ready' }}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter>
          <ChatAdminPage />
        </MemoryRouter>
      </SWRConfig>
    </AppSettingsContext.Provider>,
  );
}

const context = {
  user: { id: 'u1', loginId: 'hong', fullName: '홍길동', isActive: true, createdAt: '2026-01-02T00:00:00.000Z' },
  balance: 150000,
  pendingCharges: [{ id: 'ch1', amount: 50000, requestedAt: '2026-11-25T01:00:00.000Z' }],
  slotCounts: { active: 3, paused: 1 },
  slots: [
    {
      id: 's1',
      slot_number: 12,
      keyword: '강남 맛집',
      status: 'active' as const,
      rank: 4,
      // Older than the default 36 hours: not shown as the current rank.
      rank_measured_at: new Date(Date.now() - 40 * 3_600_000).toISOString(),
      yesterday_rank: 9,
    },
  ],
};

function seed() {
  return fakeChatApi({
    viewerId: 'op1',
    context,
    rooms: [
      room({
        id: 'r1',
        user_id: 'u1',
        user_name: '홍길동',
        last_message: longQuestion,
        last_message_at: '2026-11-25T03:00:00.000Z',
        unread_count: 120,
      }),
      room({
        id: 'r2',
        user_id: 'u2',
        user_name: '김철수',
        user_email: 'u2@x',
        status: 'closed',
        last_message: '감사합니다',
        last_message_at: '2026-11-25T02:00:00.000Z',
      }),
      room({
        id: 'r3',
        user_id: 'u3',
        user_name: '이영희',
        user_email: 'u3@x',
        status: 'archived',
        last_message: '해결되었습니다',
        last_message_at: '2026-11-25T01:00:00.000Z',
      }),
    ],
    messages: [message({ room_id: 'r1', content: longQuestion, sender_id: 'u1' })],
  });
}

beforeEach(() => {
  localStorage.clear();
  restoreSocket = FakeWebSocket.install();
  signIn('op1', 'operator', '김운영');
});
afterEach(() => {
  restoreSocket();
  resetSessionForTests();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('operator chat inbox', { timeout: 20_000 }, () => {
  it('lists rooms with totals, 99+, status badges and 30-character previews; nothing selected yet', async () => {
    seed();
    renderInbox();
    expect(screen.getByRole('heading', { name: '고객 문의 관리' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('chat-room');
    expect(rows).toHaveLength(3);
    expect(screen.getByTestId('chat-total-rooms')).toHaveTextContent('전체 3');
    expect(screen.getByTestId('chat-total-unread')).toHaveTextContent('읽지 않음 99+');
    expect(within(rows[0]).getByLabelText('읽지 않은 메시지 120개')).toHaveTextContent('99+');
    expect(within(rows[0]).getByText(`${[...longQuestion].slice(0, 30).join('')}...`)).toBeInTheDocument();
    expect(within(rows[1]).getByText('종료')).toBeInTheDocument();
    expect(within(rows[2]).getByText('보관')).toBeInTheDocument();
    expect(screen.getByText('채팅방을 선택해주세요.')).toBeInTheDocument();
    // The page holds the shared socket for staff.
    await waitFor(() => expect(FakeWebSocket.latest()).toBeDefined());
  });

  it('opens a room with the customer context, inserts a canned reply, answers, and marks the room read', async () => {
    const api = seed();
    renderInbox();
    const ws = await (async () => {
      await waitFor(() => expect(FakeWebSocket.latest()).toBeDefined());
      return FakeWebSocket.latest()!;
    })();
    act(() => ws.serverOpen());
    await userEvent.click((await screen.findAllByTestId('chat-room'))[0]);
    const conversation = await screen.findByRole('region', { name: '홍길동 대화' });
    expect(await within(conversation).findByText(longQuestion)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT /api/chat/rooms/r1/read')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('chat-total-unread')).toHaveTextContent('읽지 않음 0'));

    const side = screen.getByRole('region', { name: '고객 정보' });
    expect(await within(side).findByTestId('context-balance')).toHaveTextContent('150,000원');
    expect(within(side).getByTestId('context-charges')).toHaveTextContent('50,000원');
    expect(within(side).getByTestId('context-slot-counts')).toHaveTextContent('3');
    expect(within(side).getByRole('cell', { name: '강남 맛집' })).toBeInTheDocument();
    expect(within(side).getByRole('cell', { name: '4위측정 지연40시간 전 측정' })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: '인사' }));
    const box = screen.getByRole('textbox', { name: '메시지 입력' }) as HTMLTextAreaElement;
    expect(box.value).toBe('안녕하세요, 무엇을 도와드릴까요?');
    await userEvent.type(box, ' 확인해보겠습니다.{Enter}');
    await waitFor(() => expect(api.callsTo('POST /api/chat/rooms/r1/messages')).toHaveLength(1));
    expect(api.state.bodies.at(-1)?.body).toEqual({ content: '안녕하세요, 무엇을 도와드릴까요? 확인해보겠습니다.' });
    // Staff answers sit on the right with their mark.
    const answer = await within(conversation).findByText('안녕하세요, 무엇을 도와드릴까요? 확인해보겠습니다.');
    expect(within(answer.closest('li')!).getByLabelText('전송됨')).toBeInTheDocument();

    // A new question elsewhere arrives live and moves its room to the top.
    const pushed = message({ room_id: 'r3', content: '다시 문의드립니다', sender_id: 'u3' });
    act(() =>
      ws.serverPush({
        type: 'chat_message',
        data: {
          room_id: 'r3',
          message: pushed,
          room: room({
            id: 'r3',
            user_id: 'u3',
            user_name: '이영희',
            last_message: '다시 문의드립니다',
            last_message_at: new Date().toISOString(),
            unread_count: 1,
          }),
        },
      }),
    );
    await waitFor(() =>
      expect(within(screen.getAllByTestId('chat-room')[0]).getByText('다시 문의드립니다')).toBeInTheDocument(),
    );
    expect(screen.getByTestId('chat-total-unread')).toHaveTextContent('읽지 않음 1');
  });

  it('changes the room status and edits canned replies', async () => {
    const api = seed();
    renderInbox();
    await userEvent.click((await screen.findAllByTestId('chat-room'))[0]);
    await userEvent.selectOptions(await screen.findByLabelText('상담 상태'), '종료');
    await waitFor(() => expect(api.callsTo('PUT /api/chat/rooms/r1/status')).toHaveLength(1));
    expect(api.state.bodies.find((b) => b.call.includes('/status'))?.body).toEqual({ status: 'closed' });
    await waitFor(() => expect(within(screen.getAllByTestId('chat-room')[0]).getByText('종료')).toBeInTheDocument());

    await userEvent.click(await screen.findByRole('button', { name: '답변 편집' }));
    const dialog = await screen.findByRole('dialog', { name: '자주 쓰는 답변 편집' });
    await userEvent.click(within(dialog).getByRole('button', { name: '답변 추가' }));
    const titles = within(dialog).getAllByLabelText('제목');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('답변 제목을 입력해주세요.');
    expect(api.callsTo('PUT /api/chat/canned-replies')).toHaveLength(0);
    await userEvent.type(titles[1], '환불 안내');
    await userEvent.type(within(dialog).getAllByLabelText('내용')[1], '환불은 영업일 기준 3일 내 처리됩니다.');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(api.callsTo('PUT /api/chat/canned-replies')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: '환불 안내' })).toBeInTheDocument();
  });

  it('pages the inbox with 더 보기 and searches by user, status and unread on the server', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      room({
        id: `r${String(i).padStart(2, '0')}`,
        user_id: `u${i}`,
        user_name: i === 42 ? '박지성' : `고객${i}`,
        user_email: `user${i}@x`,
        status: i % 3 === 0 ? 'closed' : 'active',
        last_message: `문의 ${i}`,
        last_message_at: new Date(Date.UTC(2026, 10, 25, 12) - i * 60_000).toISOString(),
        unread_count: i % 10 === 0 ? 2 : 0,
      }),
    );
    const api = fakeChatApi({ viewerId: 'op1', rooms: many });
    renderInbox();
    await waitFor(() => expect(screen.getAllByTestId('chat-room')).toHaveLength(50));
    expect(screen.getByTestId('chat-total-rooms')).toHaveTextContent('전체 60');
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(screen.getAllByTestId('chat-room')).toHaveLength(60));
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/chat/rooms').at(-1)).toContain(
      `cursor=${encodeURIComponent(many[49].last_message_at + '#r49')}`,
    );

    // Search by name: the server finds the user's room; nothing is filtered in the browser.
    await userEvent.type(screen.getByRole('searchbox', { name: '사용자 검색' }), '박지성');
    await waitFor(() => expect(screen.getAllByTestId('chat-room')).toHaveLength(1));
    expect(screen.getByTestId('chat-room')).toHaveTextContent('박지성');
    expect(api.callsTo('GET /api/chat/rooms').at(-1)).toContain(`user=${encodeURIComponent('박지성')}`);
    await userEvent.clear(screen.getByRole('searchbox', { name: '사용자 검색' }));

    // Status and unread together: closed rooms with unread messages (i = 0, 30).
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '상담 상태 필터' }), '종료');
    await userEvent.click(screen.getByRole('checkbox', { name: '읽지 않음만' }));
    await waitFor(() => expect(screen.getAllByTestId('chat-room')).toHaveLength(2));
    const last = api.callsTo('GET /api/chat/rooms').at(-1)!;
    expect(last).toContain('status=closed');
    expect(last).toContain('unread=true');
    expect(last).not.toContain('user=');
    expect(screen.getAllByTestId('chat-room').map((r) => within(r).getByText(/^고객/).textContent)).toEqual([
      '고객0',
      '고객30',
    ]);

    // Nothing matches: the list says so.
    await userEvent.type(screen.getByRole('searchbox', { name: '사용자 검색' }), '없는사람');
    expect(await screen.findByText('조건에 맞는 문의가 없습니다.')).toBeInTheDocument();
  });

  it('says chat is off when chatEnabled is off, with no chat requests', async () => {
    const api = seed();
    renderInbox(false);
    expect(screen.getByText('1:1 채팅이 꺼져 있습니다.')).toBeInTheDocument();
    expect(api.state.calls).toEqual([]);
  });

  it.each([
    [true, 1],
    [false, 0],
  ])(
    'with chatSoundEnabled %s, a customer’s message plays the chat sound %i time(s); staff answers never do',
    async (on, plays) => {
      vi.mocked(playChatSound).mockClear();
      seed();
      renderInbox(true, on);
      await screen.findAllByTestId('chat-room');
      await waitFor(() => expect(FakeWebSocket.latest()).toBeDefined());
      const ws = FakeWebSocket.latest()!;
      act(() => ws.serverOpen());
      act(() => {
        ws.serverPush({
          type: 'chat_message',
          data: { room_id: 'r1', message: staffReply('확인해 보겠습니다.'), room: room({ id: 'r1', user_id: 'u1' }) },
        });
        ws.serverPush({
          type: 'chat_message',
          data: {
            room_id: 'r2',
            message: message({ room_id: 'r2', content: '한 번 더 문의드려요', sender_id: 'u2' }),
            room: room({ id: 'r2', user_id: 'u2', user_name: '김철수', last_message: '한 번 더 문의드려요' }),
          },
        });
      });
      expect(await screen.findByText('한 번 더 문의드려요')).toBeInTheDocument();
      expect(playChatSound).toHaveBeenCalledTimes(plays);
    },
  );
});
