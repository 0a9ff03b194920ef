import { expect } from 'vitest';
import type { AnswerAt } from '../../shared/api-client';
import type { Route } from '../../shared/contract/index';
import type { apiClient } from './http';

type InboxPage = AnswerAt<Route, 'GET /api/chat/rooms'>;

/**
 * The operator's inbox (GET /api/chat/rooms): one page, or every page's room ids by the cursor.
 * `as` is asked at each call: test files set their client and operator in beforeAll.
 */
export function inboxReader(as: () => { api: ReturnType<typeof apiClient>; token: string }) {
  const inbox = async (query: string) => {
    const { api, token } = as();
    const res = await api.call('GET', `/api/chat/rooms?${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as InboxPage;
  };
  async function allPages(query: string, limit: number) {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 100; i++) {
      const page = await inbox(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      ids.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    return ids;
  }
  return { inbox, allPages };
}
