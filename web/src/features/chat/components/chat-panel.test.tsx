import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/session-store';
import { FakeWebSocket } from '@/lib/testing/fake-websocket';
import { acquireRealtime } from '@/lib/realtime-socket';
import { fakeChatApi, message, room, signIn, staffReply } from '../testing/fake-chat-api';
import { ChatPanel } from './chat-panel';

let restoreSocket: () => void;
let release: () => void;

function renderPanel() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ChatPanel />
    </SWRConfig>,
  );
}

/** The widget holds the lease in the app; here the test does. */
async function openSocket() {
  release = acquireRealtime();
  await waitFor(() => expect(FakeWebSocket.latest()).toBeDefined());
  const ws = FakeWebSocket.latest()!;
  act(() => ws.serverOpen());
  return ws;
}

const textbox = () => screen.getByRole('textbox', { name: '메시지 입력' }) as HTMLTextAreaElement;
const bubbles = () => screen.queryAllByTestId('chat-message');
const markOf = (text: string) =>
  within(screen.getByText(text).closest('li')!).queryByText(/✓|!|…/)?.getAttribute('data-status');

beforeEach(() => {
  localStorage.clear();
  restoreSocket = FakeWebSocket.install();
  signIn('u1');
});
afterEach(() => {
  release?.();
  restoreSocket();
  resetSessionForTests();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('chat panel', { timeout: 20_000 }, () => {
  it('greets an empty chat; Shift+Enter breaks the line, Enter sends; the counter shows while typing; the first message creates the room', async () => {
    const api = fakeChatApi({ rooms: [] });
    const ws = await openSocket();
    renderPanel();
    expect(await screen.findByText('안녕하세요! 👋')).toBeInTheDocument();
    expect(textbox()).toHaveAttribute('placeholder', '문의 내용을 입력해주세요...');
    expect(screen.queryByTestId('chat-counter')).toBeNull();

    await userEvent.type(textbox(), '잔액 문의');
    expect(screen.getByTestId('chat-counter')).toHaveTextContent('5/2000');
    await userEvent.type(textbox(), '{Shift>}{Enter}{/Shift}');
    expect(textbox().value).toBe('잔액 문의\n');
    expect(api.callsTo('POST')).toEqual([]);

    await userEvent.type(textbox(), '드립니다{Enter}');
    await waitFor(() => expect(api.callsTo('POST /api/chat/messages')).toHaveLength(1));
    expect(api.state.bodies.at(-1)?.body).toEqual({ content: '잔액 문의\n드립니다' });
    expect(textbox().value).toBe('');
    expect(screen.queryByTestId('chat-counter')).toBeNull();
    await waitFor(() => expect(markOf('잔액 문의 드립니다')).toBe('sent'));
    expect(textbox()).toHaveFocus();

    // The server's fan-out comes back over the socket: delivered; then support reads it: read (blue).
    const stored = api.state.messages[0];
    act(() =>
      ws.serverPush({ type: 'chat_message', data: { room_id: 'r-new', message: stored, room: api.state.rooms[0] } }),
    );
    await waitFor(() => expect(markOf('잔액 문의 드립니다')).toBe('delivered'));
    act(() =>
      ws.serverPush({
        type: 'chat_read',
        data: { room_id: 'r-new', reader: 'staff', read_at: new Date().toISOString() },
      }),
    );
    await waitFor(() => expect(markOf('잔액 문의 드립니다')).toBe('read'));
    expect(screen.getByLabelText('읽음')).toBeInTheDocument();
  });

  it('a read receipt still holds when a copy of our message arrives after it (a slow answer or fan-out)', async () => {
    const api = fakeChatApi({ rooms: [room()] });
    const ws = await openSocket();
    renderPanel();
    await screen.findByText('안녕하세요! 👋');
    await userEvent.type(textbox(), '먼저 읽힌 문의{Enter}');
    await waitFor(() => expect(markOf('먼저 읽힌 문의')).toBe('sent'));
    const stored = api.state.messages.at(-1)!;
    act(() =>
      ws.serverPush({
        type: 'chat_read',
        data: { room_id: 'r1', reader: 'staff', read_at: new Date(Date.now() + 1000).toISOString() },
      }),
    );
    await waitFor(() => expect(markOf('먼저 읽힌 문의')).toBe('read'));
    // The fan-out's copy, unread as it was when sent, comes after the receipt: it stays read.
    act(() =>
      ws.serverPush({
        type: 'chat_message',
        data: { room_id: 'r1', message: { ...stored, is_read: false }, room: room() },
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(markOf('먼저 읽힌 문의')).toBe('read');
  });

  it('does not send while an IME is composing', async () => {
    const api = fakeChatApi({ rooms: [room()] });
    await openSocket();
    renderPanel();
    await screen.findByText('안녕하세요! 👋');
    await userEvent.type(textbox(), '안녕');
    const composing = new KeyboardEvent('keydown', {
      key: 'Enter',
      bubbles: true,
      cancelable: true,
      isComposing: true,
    });
    act(() => void textbox().dispatchEvent(composing));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST')).toEqual([]);
  });

  it('a failed send shows the red banner and a ! mark, and retry sends it once', async () => {
    const api = fakeChatApi({ rooms: [room()] });
    api.state.failNextSends = 1;
    await openSocket();
    renderPanel();
    await screen.findByText('안녕하세요! 👋');
    await userEvent.type(textbox(), '결제가 안 돼요{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('서버 오류가 발생했습니다.');
    await waitFor(() => expect(markOf('결제가 안 돼요')).toBe('failed'));
    await userEvent.click(screen.getByRole('button', { name: '다시 보내기' }));
    await waitFor(() => expect(markOf('결제가 안 돼요')).toBe('sent'));
    expect(api.callsTo('POST /api/chat/rooms/r1/messages')).toHaveLength(2);
    expect(api.state.messages).toHaveLength(1);
    expect(bubbles()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: '다시 보내기' })).toBeNull();
    // The banner goes when dismissed.
    await userEvent.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a date divider per KST day, badges staff senders, shows system pills and Korean times', async () => {
    fakeChatApi({
      rooms: [room()],
      messages: [
        message({ content: '밤늦게 문의', created_at: '2026-11-24T14:00:00.000Z' }), // 23:00 KST, the 24th
        message({ content: '자정 넘어 문의', created_at: '2026-11-24T15:30:00.000Z' }), // 00:30 KST, the 25th
        message({
          content: '상담이 시작되었습니다.',
          type: 'system',
          sender_id: null,
          sender: { name: '', email: '', role: 'system' },
          created_at: '2026-11-25T01:00:00.000Z',
        }),
        staffReply('확인해드리겠습니다.', { created_at: '2026-11-25T02:00:00.000Z', room_id: 'r1' }),
      ],
    });
    await openSocket();
    renderPanel();
    await screen.findByText('확인해드리겠습니다.');
    const dividers = screen.getAllByTestId('chat-date-divider');
    expect(dividers.map((d) => d.textContent)).toEqual(['2026년 11월 24일 화요일', '2026년 11월 25일 수요일']);
    expect(screen.getByText('운영자')).toBeInTheDocument();
    expect(screen.getByText('김운영')).toBeInTheDocument();
    expect(screen.getByText('상담이 시작되었습니다.').closest('li')).not.toHaveAttribute('data-testid', 'chat-message');
    expect(screen.getByText('밤늦게 문의').closest('li')!.querySelector('time')).toHaveTextContent('오후 11:00');
  });

  it('polls messages (after the last id) and rooms only while the socket is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = message({ content: '첫 문의' });
    const api = fakeChatApi({ rooms: [room()], messages: [first] });
    const ws = await openSocket();
    renderPanel();
    await screen.findByText('첫 문의');
    const before = api.state.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(api.state.calls.slice(before)).toEqual([]);

    act(() => ws.serverClose());
    api.state.messages.push(staffReply('답변드립니다.'));
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(api.callsTo(`GET /api/chat/rooms/r1/messages?limit=10&after=${first.id}`).length).toBeGreaterThanOrEqual(1);
    expect(await screen.findByText('답변드립니다.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    expect(api.callsTo('GET /api/chat/rooms').filter((c) => c === 'GET /api/chat/rooms').length).toBeGreaterThanOrEqual(
      2,
    );

    // Back online: one catch-up read, then silence again.
    const reply = api.state.messages.at(-1)!;
    api.state.messages.push(staffReply('재연결 중 온 답변'));
    await waitFor(() => expect(FakeWebSocket.latest()).not.toBe(ws));
    act(() => FakeWebSocket.latest()!.serverOpen());
    await waitFor(() => expect(api.callsTo(`GET /api/chat/rooms/r1/messages?after=${reply.id}`)).toHaveLength(1));
    expect(await screen.findByText('재연결 중 온 답변')).toBeInTheDocument();
    const settled = api.state.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    // (The new answer is marked read: a PUT, not a poll.)
    expect(api.state.calls.slice(settled).filter((c) => c.startsWith('GET'))).toEqual([]);
  });

  it('offers the way back down once scrolled more than 100 px up, and grows the textarea from 40 to 120 px', async () => {
    fakeChatApi({ rooms: [room()], messages: [message({ content: '첫 문의' }), staffReply('답변입니다.')] });
    await openSocket();
    renderPanel();
    await screen.findByText('답변입니다.');
    const log = screen.getByRole('log', { name: '대화 내용' });
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(log, 'clientHeight', { configurable: true, value: 300 });
    log.scrollTop = 620; // 80 px from the bottom: still "at the bottom"
    act(() => void log.dispatchEvent(new Event('scroll')));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: '최신 메시지로 이동' })).toBeNull();
    log.scrollTop = 500; // 200 px up
    act(() => void log.dispatchEvent(new Event('scroll')));
    await userEvent.click(await screen.findByRole('button', { name: '최신 메시지로 이동' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: '최신 메시지로 이동' })).toBeNull());

    const box = textbox();
    await userEvent.type(box, 'a');
    expect(box.style.height).toBe('40px');
    Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 80 });
    await userEvent.type(box, 'b');
    expect(box.style.height).toBe('80px');
    Object.defineProperty(box, 'scrollHeight', { configurable: true, value: 400 });
    await userEvent.type(box, 'c');
    expect(box.style.height).toBe('120px');
  });
});
