import { vi } from 'vitest';
import type { NotificationDto } from '#shared/schemas/notifications';
import { applyAuthSession } from '@/lib/session-store';
import type { AuthSession } from '#shared/schemas/auth';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown, status = 200) => json({ success: true, data }, status);

/**
 * An in-memory notifications API behind a mocked fetch, for component tests: answers the contract's
 * routes from `items` and records every call ("GET /api/notifications/unread-count", …).
 */
export function fakeNotificationsApi(initial: NotificationDto[] = [], opts: { pageSize?: number } = {}) {
  // `sentAt[i]` is the page's clock (Date.now(), faked with the timers) when `calls[i]` was made.
  const state = { items: [...initial], calls: [] as string[], sentAt: [] as number[], unreadStatus: 200 };
  const unread = () => state.items.filter((n) => !n.is_read).length;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    state.calls.push(`${method} ${path}${url.search}`);
    state.sentAt.push(Date.now());
    const now = new Date().toISOString();
    if (method === 'GET' && path === '/api/notifications/unread-count') {
      return state.unreadStatus === 200
        ? ok({ count: unread() })
        : json({ success: false, error: '인증 필요', code: 'UNAUTHORIZED' }, state.unreadStatus);
    }
    if (method === 'GET' && path === '/api/notifications') {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const size = opts.pageSize ?? limit;
      const isRead = url.searchParams.get('isRead');
      const list = state.items.filter((n) => isRead === null || String(n.is_read) === isRead);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const items = list.slice(start, start + size);
      const nextCursor = start + size < list.length ? String(start + size) : null;
      return ok({ items, nextCursor, unreadCount: unread() });
    }
    const byId = path.match(/^\/api\/notifications\/([^/]+)(?:\/(read|dismiss))?$/);
    if (method === 'PUT' && (path === '/api/notifications/mark-all-read' || path === '/api/notifications/read-all')) {
      const updated = unread();
      state.items = state.items.map((n) => ({
        ...n,
        is_read: true,
        read_status: 'read',
        read_at: n.read_at ?? now,
        dismissed_at: n.dismissed_at ?? now,
      }));
      return ok({ updated, unreadCount: 0 });
    }
    if (method === 'DELETE' && path === '/api/notifications/delete-read') {
      const before = state.items.length;
      state.items = state.items.filter((n) => !n.is_read);
      return ok({ deleted: before - state.items.length });
    }
    if (method === 'POST' && path === '/api/notifications/test') {
      return ok({ id: `t${state.calls.length}`, title: JSON.parse(String(init?.body ?? '{}')).title }, 201);
    }
    if (byId) {
      const [, id, op] = byId;
      const item = state.items.find((n) => n.id === id);
      if (!item) return json({ success: false, error: '알림을 찾을 수 없습니다.', code: 'NOT_FOUND' }, 404);
      if (method === 'PUT' && op === 'read') {
        Object.assign(item, {
          is_read: true,
          read_status: 'read',
          read_at: now,
          dismissed_at: item.dismissed_at ?? now,
        });
        return ok({ id, read_at: now, unreadCount: unread() });
      }
      if (method === 'PUT' && op === 'dismiss') {
        item.dismissed_at = now;
        return ok({ id, dismissed_at: now });
      }
      if (method === 'DELETE' && !op) {
        state.items = state.items.filter((n) => n.id !== id);
        return ok({ deleted: true, unreadCount: unread() });
      }
    }
    return json({ success: false, error: '없음' }, 404);
  });
  return {
    state,
    spy,
    callsTo: (prefix: string) => state.calls.filter((c) => c.startsWith(prefix)),
  };
}

/** Signs a role user in (in memory) with a token the socket can carry. */
export function signInUser(id = 'u1', role: 'user' | 'operator' = 'user') {
  const exp = Math.floor(Date.now() / 1000) + 900;
  const accessToken = `h.${btoa(JSON.stringify({ sub: id, exp })).replace(/=+$/, '')}.s`;
  applyAuthSession({
    user: {
      id,
      email: `${id}@x`,
      role,
      fullName: '홍길동',
      phone: null,
      status: 'active',
      isActive: true,
      permissions: [],
      createdAt: '',
      updatedAt: '',
      lastLoginAt: null,
    },
    tokens: { accessToken },
    actingAs: null,
  } as unknown as AuthSession);
  return accessToken;
}
