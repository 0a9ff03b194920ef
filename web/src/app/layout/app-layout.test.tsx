import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '#shared/settings';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext } from '@/lib/app-settings';
import { clearSession, resetSessionForTests } from '@/lib/session-store';
import { FakeWebSocket } from '@/lib/testing/fake-websocket';
import { fakeNotificationsApi, signInUser } from '@/features/notifications/testing/fake-notifications-api';
import { notification } from '@/features/notifications/testing/notification-fixture';
import { AppLayout } from './app-layout';

let restoreSocket: () => void;

function renderLayout(notificationEnabled = true, useCashSystem = false) {
  const router = createMemoryRouter(
    [{ element: <AppLayout />, children: [{ path: '/slots', element: <p>슬롯 화면</p> }] }],
    { initialEntries: ['/slots'] },
  );
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider
        value={{ settings: { ...defaultSettings(), notificationEnabled, useCashSystem }, status: 'ready' }}
      >
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
}

beforeEach(() => {
  restoreSocket = FakeWebSocket.install();
});
afterEach(() => {
  restoreSocket();
  resetSessionForTests();
  vi.restoreAllMocks();
});

describe('app layout: who gets notifications', { timeout: 20_000 }, () => {
  it('a role user gets the bell with its dropdown, the centre button and one socket', async () => {
    signInUser('u1');
    fakeNotificationsApi([]);
    renderLayout();
    // The notifications chunk loads lazily: allow for a busy machine.
    const slow = { timeout: 8000 };
    expect(await screen.findByRole('button', { name: '알림' }, slow)).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByRole('button', { name: '알림 센터 열기' }, slow)).toBeInTheDocument();
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1), slow);
  });

  it('signing out ends the socket lease: staff signing in next on the same page get no socket', async () => {
    signInUser('u1');
    fakeNotificationsApi([]);
    renderLayout();
    const slow = { timeout: 8000 };
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1), slow);
    const userSocket = FakeWebSocket.latest()!;
    act(() => userSocket.serverOpen());

    act(() => clearSession());
    expect(userSocket.closedByClient).toBe(true);
    act(() => void signInUser('op1', 'operator'));
    expect(await screen.findByText('슬롯 화면', undefined, slow)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(FakeWebSocket.instances).toEqual([userSocket]);
  });

  it('operators load none of it: no bell, no socket, no notification request', async () => {
    signInUser('op1', 'operator');
    const api = fakeNotificationsApi([]);
    renderLayout();
    expect(await screen.findByText('슬롯 화면', undefined, { timeout: 8000 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('button', { name: /알림/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '알림' })).not.toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(api.state.calls.filter((c) => c.includes('/api/notifications'))).toEqual([]);
  });

  it('notificationEnabled off hides the bell and toasts, but the balance still follows a push', async () => {
    signInUser('u1');
    const api = fakeNotificationsApi([]);
    renderLayout(false, true);
    expect(await screen.findByText('슬롯 화면', undefined, { timeout: 8000 })).toBeInTheDocument();
    // The data half of the socket runs for every advertiser: one socket, no notification request.
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1), { timeout: 8000 });
    await waitFor(() => expect(api.callsTo('GET /api/cash/balance')).toHaveLength(1));
    const socket = FakeWebSocket.latest()!;
    act(() => socket.serverOpen());
    act(() =>
      socket.serverPush({
        type: 'new_notification',
        data: notification({ metadata: { event: 'charge-approved' } }),
      }),
    );
    await waitFor(() => expect(api.callsTo('GET /api/cash/balance')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /알림/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(api.state.calls.filter((c) => c.includes('/api/notifications'))).toEqual([]);
  });
});

describe('app layout: the sidebar cash card', { timeout: 20_000 }, () => {
  it('an advertiser sees 캐시충전 and the layout asks for their balance', async () => {
    signInUser('u1');
    const api = fakeNotificationsApi([]);
    renderLayout(true, true);
    expect(await screen.findByRole('button', { name: '캐시충전' }, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/cash/balance')).not.toEqual([]));
  });

  it('staff get no cash card: no balance, no 캐시충전, no balance request', async () => {
    signInUser('op1', 'operator');
    const api = fakeNotificationsApi([]);
    renderLayout(true, true);
    expect(await screen.findByText('슬롯 화면', undefined, { timeout: 8000 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText('보유 캐시')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '캐시충전' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/cash')).toEqual([]);
  });
});
