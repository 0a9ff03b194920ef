import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '#shared/settings';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext } from '@/lib/app-settings';
import { resetSessionForTests } from '@/lib/session-store';
import { FakeWebSocket } from '@/lib/testing/fake-websocket';
import { fakeChatApi, signIn } from '@/features/chat/testing/fake-chat-api';
import { AppLayout } from './app-layout';

let restoreSocket: () => void;
const slow = { timeout: 8000 };

function renderLayout({ chatEnabled = true, notificationEnabled = false, path = '/slots' } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/slots', element: <p>슬롯 화면</p> },
          { path: '/admin/chat', element: <p>채팅 관리 화면</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider
        value={{
          settings: { ...defaultSettings(), chatEnabled, notificationEnabled, useCashSystem: false },
          status: 'ready',
        }}
      >
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
}

beforeEach(() => {
  localStorage.clear();
  restoreSocket = FakeWebSocket.install();
});
afterEach(() => {
  restoreSocket();
  resetSessionForTests();
  vi.restoreAllMocks();
});

describe('app layout: who gets the chat', { timeout: 20_000 }, () => {
  it('a role user gets the chat button with chatEnabled on, raised above the notification centre', async () => {
    signIn('u1');
    fakeChatApi({ rooms: [] });
    renderLayout({ notificationEnabled: true });
    const button = await screen.findByRole('button', { name: '1:1 문의하기' }, slow);
    expect(button.className).toMatch(/raised/);
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThanOrEqual(1), slow);
  });

  it('chatEnabled off: no chat button and no chat request', async () => {
    signIn('u1');
    const api = fakeChatApi({ rooms: [] });
    renderLayout({ chatEnabled: false });
    expect(await screen.findByText('슬롯 화면', undefined, slow)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 150));
    expect(screen.queryByRole('button', { name: /1:1 문의하기/ })).toBeNull();
    expect(api.callsTo('GET /api/chat')).toEqual([]);
  });

  it('staff get the notice instead of a chat (not on /admin/chat itself), with no chat request and no socket', async () => {
    signIn('op1', 'operator');
    const api = fakeChatApi({ rooms: [] });
    const view = renderLayout();
    expect(await screen.findByRole('button', { name: '1:1 문의하기' }, slow)).toHaveAttribute('aria-expanded', 'false');
    expect(api.state.calls.filter((c) => c.includes('/api/chat'))).toEqual([]);
    expect(FakeWebSocket.instances).toHaveLength(0);
    view.unmount();
    renderLayout({ path: '/admin/chat' });
    expect(await screen.findByText('채팅 관리 화면', undefined, slow)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 150));
    expect(screen.queryByRole('button', { name: '1:1 문의하기' })).toBeNull();
  });
});
