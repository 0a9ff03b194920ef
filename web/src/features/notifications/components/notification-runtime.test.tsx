import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '#shared/setting-defaults';
import type { Settings } from '#shared/settings';
import { AppSettingsContext } from '@/lib/app-settings';
import { resetSessionForTests } from '@/lib/session-store';
import { FakeWebSocket } from '@/lib/testing/fake-websocket';
import { fakeNotificationsApi, signInUser } from '../testing/fake-notifications-api';
import { notification } from '../testing/notification-fixture';
import { NotificationBell } from './notification-bell';
import { playNotificationSound } from '../utils/notification-sound';
import { NotificationRuntime } from './notification-runtime';

vi.mock('../utils/notification-sound', () => ({ playNotificationSound: vi.fn(() => true) }));

let restoreSocket: () => void;

/** The runtime under the operator's settings (notificationSound off unless a test turns it on). */
function renderRuntime(operator: Partial<Settings> = {}) {
  const settings = { ...defaultSettings(), notificationSound: false, ...operator };
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider value={{ settings, status: 'ready' }}>
        <MemoryRouter initialEntries={['/slots']}>
          <NotificationBell />
          <NotificationRuntime userId="u1" />
          <Routes>
            <Route path="/slots" element={<p>슬롯 화면</p>} />
            <Route path="/cash" element={<p>캐시 화면</p>} />
          </Routes>
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
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  restoreSocket = FakeWebSocket.install();
  signInUser('u1');
});
afterEach(() => {
  restoreSocket();
  resetSessionForTests();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('notification runtime (realtime first)', { timeout: 20_000 }, () => {
  it('a pushed notification becomes a toast and enters the bell without any list request; the count it carries sets the badge', async () => {
    const api = fakeNotificationsApi([]);
    renderRuntime();
    const ws = await socket();
    act(() => ws.serverOpen());
    await waitFor(() => expect(api.callsTo('GET /api/notifications?')).toHaveLength(1));
    // Pushes go into the loaded list: wait until the bell shows it (a sent request is not an answer).
    await userEvent.click(screen.getByRole('button', { name: '알림' }));
    expect(await screen.findByText('알림이 없습니다')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '알림' }));
    const listCalls = api.state.calls.length;

    act(() => {
      // One post per socket: the notification and this user's new unread count together.
      ws.serverPush({
        type: 'new_notification',
        data: notification({ id: 'p1', title: '충전이 승인되었습니다', sender: 'operator' }),
        unread: { count: 1 },
      });
    });
    expect(await screen.findByRole('status', { name: '충전이 승인되었습니다' })).toBeInTheDocument();
    const bell = screen.getByRole('button', { name: '알림, 읽지 않은 알림 1' });
    await userEvent.click(bell);
    const dropdown = screen.getByRole('region', { name: '최근 알림' });
    expect(within(dropdown).getByRole('button', { name: /충전이 승인되었습니다/ })).toBeInTheDocument();
    expect(api.state.calls.slice(listCalls).filter((c) => c.startsWith('GET'))).toEqual([]);
    // A read in another tab pushes the count alone.
    act(() => ws.serverPush({ type: 'unread_count', data: { count: 0 } }));
    expect(await screen.findByRole('button', { name: '알림' })).toBeInTheDocument();
  });

  it('polls the unread count every 5 s only while the socket is down', async () => {
    const api = fakeNotificationsApi([]);
    renderRuntime();
    const ws = await socket();
    act(() => ws.serverOpen());
    await waitFor(() => expect(api.callsTo('GET /api/notifications/unread-count')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(16_000));
    expect(api.callsTo('GET /api/notifications/unread-count')).toHaveLength(1);

    act(() => ws.serverClose());
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(api.callsTo('GET /api/notifications/unread-count')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(api.callsTo('GET /api/notifications/unread-count')).toHaveLength(3);

    // Back up: one catch-up read, then silence again.
    act(() => FakeWebSocket.latest()!.serverOpen());
    await waitFor(() => expect(api.callsTo('GET /api/notifications/unread-count')).toHaveLength(4));
    await act(() => vi.advanceTimersByTimeAsync(16_000));
    expect(api.callsTo('GET /api/notifications/unread-count')).toHaveLength(4);
  });

  it('stops polling on a 401', async () => {
    resetSessionForTests();
    const api = fakeNotificationsApi([]);
    api.state.unreadStatus = 401;
    renderRuntime();
    await waitFor(() => expect(api.callsTo('GET /api/notifications/unread-count')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(api.callsTo('GET /api/notifications/unread-count')).toHaveLength(1);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('closing a toast dismisses it on the server; an action navigates in the app and marks it read', async () => {
    const api = fakeNotificationsApi([
      notification({ id: 'w1', type: 'warning', title: '잔액 부족' }),
      notification({
        id: 'a1',
        type: 'warning',
        title: '슬롯 승인',
        actions: [{ label: '캐시 보기', style: 'primary', action: '/cash' }],
      }),
    ]);
    renderRuntime();
    const warning = await screen.findByRole('status', { name: '잔액 부족' });
    await userEvent.click(within(warning).getByRole('button', { name: '알림 닫기' }));
    await waitFor(() => expect(api.callsTo('PUT /api/notifications/w1/dismiss')).toHaveLength(1));

    const withAction = await screen.findByRole('status', { name: '슬롯 승인' });
    await userEvent.click(within(withAction).getByRole('button', { name: '캐시 보기' }));
    expect(await screen.findByText('캐시 화면')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT /api/notifications/a1/read')).toHaveLength(1));
    expect(screen.queryByRole('status', { name: '슬롯 승인' })).not.toBeInTheDocument();
  });

  it('info closes itself after 5 s with a progress bar (and is dismissed); errors and warnings stay', async () => {
    const api = fakeNotificationsApi([
      notification({ id: 'i1', type: 'info', title: '정보' }),
      notification({ id: 'e1', type: 'error', title: '오류' }),
    ]);
    renderRuntime();
    const info = await screen.findByRole('status', { name: '정보' });
    expect(within(info).getByTestId('toast-progress')).toBeInTheDocument();
    const error = await screen.findByRole('alert', { name: '오류' });
    expect(within(error).queryByTestId('toast-progress')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_400));
    expect(screen.queryByRole('status', { name: '정보' })).not.toBeInTheDocument();
    expect(api.callsTo('PUT /api/notifications/i1/dismiss')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(screen.getByRole('alert', { name: '오류' })).toBeInTheDocument();
  });

  it('shows only undismissed ones, never one already shown to this user, and at most maxVisible at start', async () => {
    localStorage.setItem('notificationShownIds:u1', JSON.stringify(['seen']));
    fakeNotificationsApi([
      notification({ id: 'seen', type: 'warning', title: '본 알림' }),
      notification({ id: 'd', type: 'warning', title: '닫은 알림', dismissed_at: new Date().toISOString() }),
      ...['1', '2', '3', '4'].map((i) => notification({ id: `b${i}`, type: 'warning', title: `새 알림 ${i}` })),
    ]);
    renderRuntime();
    await screen.findByRole('status', { name: '새 알림 1' });
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.getAllByRole('status')).toHaveLength(3);
    expect(screen.queryByRole('status', { name: '본 알림' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: '닫은 알림' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: '새 알림 4' })).not.toBeInTheDocument();
  });

  it.each([
    ['config and setting on', true, true, 1],
    ['config sound off', false, true, 0],
    ['notificationSound setting off', true, false, 0],
  ])(
    'plays the two-tone sound for a pushed notification only when both allow it (%s)',
    async (_, configSound, systemSound, plays) => {
      vi.mocked(playNotificationSound).mockClear();
      localStorage.setItem('notificationConfig', JSON.stringify({ sound: configSound }));
      fakeNotificationsApi([]);
      renderRuntime({ notificationSound: systemSound });
      const ws = await socket();
      act(() => ws.serverOpen());
      act(() =>
        ws.serverPush({
          type: 'new_notification',
          data: notification({ id: `s-${String(configSound)}-${String(systemSound)}`, title: '소리 알림' }),
        }),
      );
      await screen.findByRole('status', { name: '소리 알림' });
      expect(playNotificationSound).toHaveBeenCalledTimes(plays);
    },
  );

  it('an info toast stays the operator’s notificationDuration, unless the user chose their own time', async () => {
    const api = fakeNotificationsApi([notification({ id: 'd1', type: 'info', title: '운영자 시간' })]);
    const view = renderRuntime({ notificationDuration: 2000 });
    await screen.findByRole('status', { name: '운영자 시간' });
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.getByRole('status', { name: '운영자 시간' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(screen.queryByRole('status', { name: '운영자 시간' })).not.toBeInTheDocument();
    expect(api.callsTo('PUT /api/notifications/d1/dismiss')).toHaveLength(1);
    view.unmount();
    api.spy.mockRestore();

    // The user's own choice (stored in this browser) wins over the operator's default.
    localStorage.setItem('notificationConfig', JSON.stringify({ defaultDuration: 7000 }));
    fakeNotificationsApi([notification({ id: 'd2', type: 'info', title: '내 시간' })]);
    renderRuntime({ notificationDuration: 2000 });
    await screen.findByRole('status', { name: '내 시간' });
    await act(() => vi.advanceTimersByTimeAsync(5_400));
    expect(screen.getByRole('status', { name: '내 시간' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByRole('status', { name: '내 시간' })).not.toBeInTheDocument();
  });

  it('with notificationAutoRead on, a toast that ran its time or that the user closed is read; the badge drops', async () => {
    const api = fakeNotificationsApi([
      notification({ id: 'r1', type: 'info', title: '다 본 알림' }),
      notification({ id: 'r2', type: 'warning', title: '닫은 알림' }),
    ]);
    renderRuntime({ notificationAutoRead: true, notificationDuration: 2000 });
    await screen.findByRole('button', { name: '알림, 읽지 않은 알림 2' });
    const warning = await screen.findByRole('status', { name: '닫은 알림' });
    await userEvent.click(within(warning).getByRole('button', { name: '알림 닫기' }));
    await waitFor(() => expect(api.callsTo('PUT /api/notifications/r2/read')).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(2_400));
    await waitFor(() => expect(api.callsTo('PUT /api/notifications/r1/read')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: '알림' })).toBeInTheDocument();
    expect(api.callsTo('PUT /api/notifications/r1/dismiss')).toEqual([]);
    expect(api.state.items.every((n) => n.is_read)).toBe(true);
  });
});
