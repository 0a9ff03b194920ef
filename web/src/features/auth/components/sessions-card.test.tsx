import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionDto } from '#shared/schemas/sessions';
import { applyAuthSession, resetSessionForTests } from '@/lib/session-store';
import { SessionsCard } from './sessions-card';

const session = (over: Partial<SessionDto>): SessionDto => ({
  id: 's1',
  device: 'Chrome 131 · Windows 10 (PC)',
  userAgent: 'Mozilla/5.0',
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
      device: 'Safari 17 · iOS 17 (모바일)',
      ip: '198.51.100.8',
      lastUsedAt: '2026-01-03T00:00:00.000Z',
    }),
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
  it('marks the current session, ends another after asking, and then has no others left to end', async () => {
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
    expect(screen.getByRole('button', { name: '다른 세션 모두 종료' })).toBeEnabled();

    await ui.click(within(rows[2]).getByRole('button', { name: /종료/ }));
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: '종료' }));
    expect(await screen.findByText('세션을 종료했습니다.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url, init]) => init?.method === 'DELETE' && url === '/api/auth/sessions/phone'),
    ).toBe(true);
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('button', { name: '다른 세션 모두 종료' })).toBeDisabled();
  });
});
