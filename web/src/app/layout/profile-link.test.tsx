import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '#shared/settings';
import { ToastProvider } from '@/components/ui/toast';
import { AppSettingsContext } from '@/lib/app-settings';
import { applyAuthSession, resetSessionForTests } from '@/lib/session-store';
import { AppLayout } from './app-layout';

/** The layout shell's profile link shows the name, else the email before '@', else '사용자'. */
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: [] }), { status: 200 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionForTests();
});

function renderAs(fullName: string, email: string) {
  applyAuthSession({
    user: {
      id: 'u1',
      email,
      role: 'user',
      fullName,
      phone: null,
      status: 'active',
      isActive: true,
      permissions: [],
      createdAt: '',
      updatedAt: '',
      lastLoginAt: null,
    },
    tokens: { accessToken: 't', refreshToken: 'r', expiresIn: 900 },
  });
  const router = createMemoryRouter(
    [{ element: <AppLayout />, children: [{ path: '/slots', element: <p>슬롯 화면</p> }] }],
    { initialEntries: ['/slots'] },
  );
  const settings = { ...defaultSettings(), useCashSystem: false, notificationEnabled: false, chatEnabled: false };
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AppSettingsContext.Provider value={{ settings, status: 'ready' }}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </AppSettingsContext.Provider>
    </SWRConfig>,
  );
}

describe('the profile link', () => {
  it.each([
    ['홍길동', 'hong', '홍길동님'],
    ['  ', 'adv7@example.com', 'adv7님'],
    ['', '', '사용자님'],
  ])('name %j, email %j → %s', async (fullName, email, text) => {
    renderAs(fullName, email);
    expect(await screen.findByRole('link', { name: new RegExp(`${text}$`) })).toHaveAttribute('href', '/profile');
  });
});
