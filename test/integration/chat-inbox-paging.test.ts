import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '../../shared/messages/chat';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, resetSettings, setSetting } from '../support/slots';
import { inboxReader } from '../support/chat-inbox';

/**
 * The operator's chat inbox (GET /api/chat/rooms as staff): cursor pages by last activity, a user
 * search (id, login id, part of the name), the status and unread filters, bad input in Korean.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: { token: string };
type Advertiser = { id: string; email: string; token: string; name: string };
const advertisers: Advertiser[] = [];

const { inbox, allPages } = inboxReader(() => ({ api, token: operator.token }));
const roomOf = new Map<string, string>();

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator' });
  await setSetting('chatEnabled', true); // advertisers write only while chat is on
  // 23 advertisers, each with a room: the first 5 named 김민수n, the others 이영희n.
  for (let i = 0; i < 23; i++) {
    const name = i < 5 ? `김민수${i}` : `이영희${i}`;
    const a = await newAccount(stack, { name });
    advertisers.push({ ...a, name });
    const res = await api.call('POST', '/api/chat/messages', { token: a.token, body: { content: `문의 ${i}` } });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    roomOf.set(a.id, res.body.data.room.id);
  }
  // The operator reads every room but the last 4; the room of advertiser 0 is closed.
  for (const a of advertisers.slice(0, 19))
    await api.call('PUT', `/api/chat/rooms/${roomOf.get(a.id)}/read`, { token: operator.token });
  await api.call('PUT', `/api/chat/rooms/${roomOf.get(advertisers[0].id)}/status`, {
    token: operator.token,
    body: { status: 'closed' },
  });
});
afterAll(async () => {
  await resetSettings('chatEnabled');
  await stack?.stop();
});

describe('chat inbox paging and search', () => {
  it('pages every room by cursor, newest activity first, without duplicates or gaps', async () => {
    const ids = await allPages('', 5);
    expect(ids).toHaveLength(23);
    expect(new Set(ids)).toEqual(new Set(roomOf.values()));
    // Newest first: the last advertiser's room opens the list (advertiser 0's status change moved it up).
    const first = await inbox('limit=3');
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).toBeDefined();
    expect((await inbox('limit=50')).nextCursor).toBeUndefined();
  });

  it('filters by status and unread, and pages the filtered list', async () => {
    expect(await allPages('status=closed', 5)).toEqual([roomOf.get(advertisers[0].id)]);
    const unread = await allPages('unread=true', 2);
    expect(new Set(unread)).toEqual(new Set(advertisers.slice(19).map((a) => roomOf.get(a.id))));
    expect(unread).toHaveLength(4);
    expect(await allPages('status=active', 4)).toHaveLength(22);
  });

  it('finds a user by id, login id or a part of a Korean name', async () => {
    const a = advertisers[7];
    expect((await inbox(`user=${a.id}`)).items.map((r) => r.id)).toEqual([roomOf.get(a.id)]);
    expect((await inbox(`user=${a.email.toUpperCase()}`)).items.map((r) => r.id)).toEqual([roomOf.get(a.id)]);
    const kims = await inbox(`user=${encodeURIComponent('김민수')}`);
    expect(new Set(kims.items.map((r) => r.id))).toEqual(new Set(advertisers.slice(0, 5).map((x) => roomOf.get(x.id))));
    expect((await inbox(`user=${encodeURIComponent('김민수')}&status=closed`)).items).toHaveLength(1);
    expect((await inbox(`user=${encodeURIComponent('없는사람')}`)).items).toEqual([]);
  });

  it('refuses bad input in Korean', async () => {
    const bad = async (query: string) => {
      const res = await api.call('GET', `/api/chat/rooms?${query}`, { token: operator.token });
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    expect(await bad('cursor=garbage')).toBe(chatMessages.roomCursorInvalid);
    expect(await bad('limit=0')).toBe(chatMessages.roomLimitInvalid(200));
    expect(await bad('limit=201')).toBe(chatMessages.roomLimitInvalid(200));
    expect(await bad('unread=yes')).toBe(chatMessages.unreadFilterInvalid);
    expect(await bad('status=open')).toBe(chatMessages.statusInvalid);
  });
});
