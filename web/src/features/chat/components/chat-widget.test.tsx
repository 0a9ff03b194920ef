import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_POLL_UNREAD_MS } from '#shared/schemas/chat';
import { defaultSettings } from '#shared/setting-defaults';
import type { Settings } from '#shared/settings';
import { AppSettingsContext } from '@/lib/app-settings';
import { resetSessionForTests } from '@/lib/session-store';
import { FakeWebSocket } from '@/lib/testing/fake-websocket';
import { CHAT_UNREAD_POLL_MS } from '../api/get-unread-count';
import { fakeChatApi, message, room, signIn, staffReply } from '../testing/fake-chat-api';
import { playChatSound } from '../utils/chat-sound';
import { ChatWidget, StaffChatNotice } from './chat-widget';

vi.mock('../utils/chat-sound', () => ({ playChatSound: vi.fn(() => true) }));

let restoreSocket: () => void;

function renderWidget(raised = false, operator: Partial<Settings> = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider value={{ settings: { ...defaultSettings(), ...operator }, status: 'ready' }}>
        <MemoryRouter>
          <ChatWidget userId="u1" raised={raised} />
        </MemoryRouter>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
}

const socket = async () => {
  await waitFor(() => expect(FakeWebSocket.latest()).toBeDefined());
  return FakeWebSocket.latest()!;
};

beforeEach(() => {
  localStorage.clear();
  restoreSocket = FakeWebSocket.install();
  signIn('u1');
});
afterEach(() => {
  restoreSocket();
  resetSessionForTests();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('chat widget', { timeout: 20_000 }, () => {
  it('shows the pulsing dot while unread; opening shows 고객 지원, marks the room read and clears the dot', async () => {
    const api = fakeChatApi({ rooms: [room({ unread_count: 2 })], messages: [staffReply('답변드립니다.')] });
    api.state.unread = 2;
    renderWidget();
    const ws = await socket();
    act(() => ws.serverOpen());
    const button = await screen.findByRole('button', { name: '1:1 문의하기, 읽지 않은 메시지 2개' });
    expect(button).toHaveAttribute('data-tooltip', '1:1 문의하기');
    expect(screen.getByTestId('chat-unread-dot')).toBeInTheDocument();

    await userEvent.click(button);
    // The panel's chunk loads on the first open: the file's first import can take a while on a busy machine.
    const dialog = await screen.findByRole('dialog', { name: '고객 지원' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('평균 응답시간: 5분');
    expect(await screen.findByText('답변드립니다.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT /api/chat/rooms/r1/read')).toHaveLength(1));
    expect(screen.queryByTestId('chat-unread-dot')).toBeNull();

    // Closed again: a new answer pushed over the socket brings the dot back without any request.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const calls = api.state.calls.length;
    act(() =>
      ws.serverPush({
        type: 'chat_message',
        data: { room_id: 'r1', message: staffReply('추가 안내입니다.'), room: room({ unread_count: 1 }) },
      }),
    );
    expect(await screen.findByRole('button', { name: '1:1 문의하기, 읽지 않은 메시지 1개' })).toBeInTheDocument();
    expect(screen.getByTestId('chat-unread-dot')).toBeInTheDocument();
    expect(api.state.calls.slice(calls)).toEqual([]);
  });

  it('polls the unread count every 30 s only while the socket is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    expect(CHAT_UNREAD_POLL_MS).toBe(CHAT_POLL_UNREAD_MS);
    const api = fakeChatApi({ rooms: [] });
    renderWidget();
    const ws = await socket();
    act(() => ws.serverOpen());
    await waitFor(() => expect(api.callsTo('GET /api/chat/unread-count')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(65_000));
    expect(api.callsTo('GET /api/chat/unread-count')).toHaveLength(1);
    act(() => ws.serverClose());
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(api.callsTo('GET /api/chat/unread-count').length).toBeGreaterThanOrEqual(2);
  });

  it("hides the button when the current theme's chat switch is off", async () => {
    fakeChatApi({ rooms: [] });
    localStorage.setItem('adminTheme', 'luxury');
    localStorage.setItem('chatConfig', JSON.stringify({ themes: { luxury: false } }));
    renderWidget();
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByTestId('chat-widget-button')).toBeNull();
    localStorage.setItem('adminTheme', 'simple');
    window.dispatchEvent(new Event('chatConfigChanged'));
    expect(await screen.findByTestId('chat-widget-button')).toBeInTheDocument();
  });

  it('staff get the notice instead of a chat, and no chat requests', async () => {
    const api = fakeChatApi({ rooms: [] });
    signIn('op1', 'operator');
    render(
      <MemoryRouter>
        <StaffChatNotice />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: '1:1 문의하기' }));
    expect(screen.getByRole('status')).toHaveTextContent('운영자는 관리자 페이지에서 채팅을 관리하세요.');
    expect(screen.getByRole('link', { name: '채팅 관리로 이동' })).toHaveAttribute('href', '/admin/chat');
    expect(api.state.calls).toEqual([]);
  });

  it.each([
    [true, 1],
    [false, 0],
  ])(
    'with chatSoundEnabled %s, an answer from support plays the chat sound %i time(s); the user’s own never does',
    async (on, plays) => {
      vi.mocked(playChatSound).mockClear();
      fakeChatApi({ rooms: [room()] });
      renderWidget(false, { chatSoundEnabled: on });
      const ws = await socket();
      act(() => ws.serverOpen());
      act(() => {
        ws.serverPush({
          type: 'chat_message',
          data: { room_id: 'r1', message: message({ content: '제 문의입니다.' }), room: room() },
        });
        ws.serverPush({
          type: 'chat_message',
          data: { room_id: 'r1', message: staffReply('답변드립니다.'), room: room({ unread_count: 1 }) },
        });
      });
      await screen.findByRole('button', { name: '1:1 문의하기, 읽지 않은 메시지 1개' });
      expect(playChatSound).toHaveBeenCalledTimes(plays);
    },
  );

  it('shows at most chatMaxMessages latest messages: the first page asks for that many, and older ones leave as new ones come', async () => {
    const older = Array.from({ length: 6 }, (_, i) =>
      staffReply(`안내 ${i + 1}`, { created_at: new Date(Date.now() - (10 - i) * 1000).toISOString() }),
    );
    const api = fakeChatApi({ rooms: [room()], messages: older });
    renderWidget(false, { chatMaxMessages: 3 });
    const ws = await socket();
    act(() => ws.serverOpen());
    await userEvent.click(await screen.findByRole('button', { name: /1:1 문의하기/ }));
    const dialog = await screen.findByRole('dialog', { name: '고객 지원' }, { timeout: 5000 });
    expect(await within(dialog).findByText('안내 6')).toBeInTheDocument();
    expect(api.callsTo('GET /api/chat/rooms/r1/messages?limit=3')).toHaveLength(1);
    expect(within(dialog).queryByText('안내 3')).toBeNull();
    expect(within(dialog).getByText('안내 4')).toBeInTheDocument();

    act(() =>
      ws.serverPush({
        type: 'chat_message',
        data: { room_id: 'r1', message: staffReply('새 안내'), room: room() },
      }),
    );
    expect(await within(dialog).findByText('새 안내')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText('안내 4')).toBeNull());
    expect(within(dialog).getByText('안내 5')).toBeInTheDocument();
  });
});
