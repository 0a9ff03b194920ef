import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementMessages } from '../../shared/messages/announcements';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';

/**
 * The announcements management list (GET /api/announcements?includeInactive=true): searched by title
 * or author and filtered by category and state on the server, paged by cursor (no 100 cap).
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: { token: string };
let other: { token: string };
let user: { token: string };

type Page = { announcements: Array<{ id: string; title: string }>; total: number; nextCursor?: string };
const list = async (query: string, token = operator.token) => {
  const res = await api.call('GET', `/api/announcements?includeInactive=true&${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Page;
};
/** Every page of a query, following nextCursor. */
async function allPages(query: string, limit: number) {
  const titles: string[] = [];
  let cursor: string | undefined;
  let total = -1;
  for (let i = 0; i < 100; i++) {
    const page = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    total = page.total;
    titles.push(...page.announcements.map((a) => a.title));
    expect(page.announcements.length).toBeLessThanOrEqual(limit);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return { titles, total };
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '김운영' });
  other = await newAccount(stack, { role: 'operator', name: '박관리' });
  user = await newAccount(stack);
  // 130 announcements (more than the old 100 cap): every third an event, every fifth inactive, the last 10 by 박관리.
  for (let i = 1; i <= 130; i++) {
    const res = await api.call('POST', '/api/announcements', {
      token: i > 120 ? other.token : operator.token,
      body: {
        title: `${i % 2 ? '서버 점검' : '신규 기능'} 안내 ${i}`,
        content: '<p>내용</p>',
        category: i % 3 === 0 ? 'event' : 'general',
        is_active: i % 5 !== 0,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});
afterAll(() => stack?.stop());

describe('announcements management list', () => {
  it('pages all 130 newest first by cursor, without duplicates or gaps', async () => {
    const { titles, total } = await allPages('', 30);
    expect(total).toBe(130);
    expect(titles).toEqual(Array.from({ length: 130 }, (_, i) => expect.stringMatching(new RegExp(` ${130 - i}$`))));
    expect(new Set(titles).size).toBe(130);
  });

  it('searches a Korean title or the author, with category and state, on the server', async () => {
    const check = async (query: string, expected: number[]) => {
      const { titles, total } = await allPages(query, 10);
      expect(total).toBe(expected.length);
      expect(titles.map((t) => Number(t.split(' ').at(-1)))).toEqual(expected);
    };
    const upTo = (n: number, keep: (i: number) => boolean) => Array.from({ length: n }, (_, i) => n - i).filter(keep);
    await check(
      `search=${encodeURIComponent('점검')}`,
      upTo(130, (i) => i % 2 === 1),
    );
    await check(
      `search=${encodeURIComponent('박관리')}`,
      upTo(130, (i) => i > 120),
    );
    await check(
      `search=${encodeURIComponent('신규 기능')}&category=event&active=inactive`,
      upTo(130, (i) => i % 2 === 0 && i % 3 === 0 && i % 5 === 0),
    );
    await check(`search=${encodeURIComponent('없는 제목')}`, []);
  });

  it('keeps the user list as it was, and refuses bad input in Korean', async () => {
    // Users get the live ones (their includeInactive is ignored): the inactive never show.
    const mine = await list('limit=100', user.token);
    expect(mine.total).toBe(104);
    const bad = async (query: string) => {
      const res = await api.call('GET', `/api/announcements?includeInactive=true&${query}`, { token: operator.token });
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    expect(await bad('cursor=not-a-cursor')).toBe(announcementMessages.cursorInvalid);
    expect(await bad('category=news')).toBe(announcementMessages.categoryInvalid);
    expect(await bad('active=maybe')).toBe(announcementMessages.activeFilterInvalid);
    expect(await bad(`search=${'가'.repeat(101)}`)).toBe(announcementMessages.searchTooLong);
  });
});
