import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionDto } from '#shared/schemas/sessions';
import { applyAuthSession, resetSessionForTests } from '@/lib/session-store';
import { SessionsCard } from './sessions-card';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const session = (over: Partial<SessionDto>): SessionDto => ({
  id: 's1',
  userAgent: WINDOWS_CHROME,
  ip: '198.51.100.7',
  signedInAt: '2026-01-02T00:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2026-02-01T00:00:00.000Z',
  current: false,
  developerSwitch: false,
  ...over,
});

const envelope = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
let sessions: SessionDto[];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetSessionForTests();
  applyAuthSession({
    user: {
      id: 'u1',
      email: 'kim',
      role: 'user',
      fullName: '김광고',
      phone: null,
      status: 'active',
      isActive: true,
      permissions: [],
      createdAt: '',
      updatedAt: '',
      lastLoginAt: null,
    },
    tokens: { accessToken: 't', refreshToken: 'r', expiresIn: 900 },
    actingAs: null,
  });
  sessions = [
    session({ id: 'here', current: true }),
    session({
      id: 'phone',
      userAgent: IPHONE_SAFARI,
      ip: '198.51.100.8',
      lastUsedAt: '2026-01-03T00:00:00.000Z',
    }),
    session({ id: 'script', userAgent: 'curl/8.0', signedInAt: '2026-01-01T00:00:00.000Z' }),
  ];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      sessions = sessions.filter((s) => !url.endsWith(`/api/auth/sessions/${s.id}`));
      return envelope({ ended: 1 });
    }
    return envelope(sessions);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('SessionsCard', () => {
  it('marks the current session, names each device from its User-Agent, and ends another after asking', async () => {
    const ui = userEvent.setup();
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <SessionsCard />
      </SWRConfig>,
    );
    const table = await screen.findByTestId('sessions');
    const rows = await within(table).findAllByRole('row');
    // Header, then the current session first.
    expect(rows[1]).toHaveTextContent('현재 세션');
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect(rows[2]).toHaveTextContent('Safari 17 · iOS 17 (모바일)');
    expect(rows[2]).toHaveTextContent('198.51.100.8');
    expect(rows[3]).toHaveTextContent('알 수 없는 기기');
    expect(screen.getByRole('button', { name: '다른 세션 모두 종료' })).toBeEnabled();

    await ui.click(within(rows[2]).getByRole('button', { name: /종료/ }));
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: '종료' }));
    expect(await screen.findByText('세션을 종료했습니다.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url === '/api/auth/sessions/phone'),
    ).toBe(true);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).queryByText('Safari 17 · iOS 17 (모바일)')).toBeNull();
  });
});
