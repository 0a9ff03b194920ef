import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { apiClient } from '../support/http';
import { startLocalStack, localStackDefaults, type LocalStack } from '../support/local-stack';
import { notificationMessages as m } from '../../shared/messages/notifications';
import { TEST_NOTIFICATIONS_PER_MINUTE } from '../../shared/notification-constants';

/**
 * Notifications end to end (sending, reading, the features' notices): the real HTTP routes over DynamoDB Local, and
 * pushes read from real sockets on the local /ws (the same @connections path API Gateway has).
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
type Account = { id: string; token: string };
let alice: Account;
let bob: Account;
let operator: Account;
let developer: Account;

async function account(email: string, role: 'user' | 'operator' = 'user'): Promise<Account> {
  const { id } = await stack.createUser({ email, password: 'pass1234', fullName: `${email} 님`, role });
  return { id, token: (await api.login(email, 'pass1234')).token };
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  alice = await account('alice');
  bob = await account('bob');
  operator = await account('oper', 'operator');
  const dev = await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
  developer = { id: dev.user.id, token: dev.token };
});
afterAll(() => stack?.stop());

const send = (body: unknown, token = operator.token) => api.call('POST', '/api/notifications', { token, body });
const list = (who: Account, query = '') => api.call('GET', `/api/notifications${query}`, { token: who.token });
const unread = async (who: Account) =>
  (await api.call('GET', '/api/notifications/unread-count', { token: who.token })).body.data.count as number;

async function itemsOf(pk: string, prefix: string) {
  const { db, tableName } = await import('../../functions/storage/client');
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
    }),
  );
  return out.Items ?? [];
}

function open(token: string): Promise<WebSocket & { inbox: any[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${stack.url.replace('http', 'ws')}/ws?token=${token}`) as WebSocket & { inbox: any[] };
    ws.inbox = [];
    ws.on('message', (data) => ws.inbox.push(JSON.parse(String(data))));
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

describe('POST /api/notifications: bad input is refused with the spec texts and nothing is stored', () => {
  it.each([
    [{ title: '', message: '내용', recipientId: 'all' }, m.titleAndMessageRequired],
    [{ title: '제목', message: '   ', recipientId: 'all' }, m.titleAndMessageRequired],
    [{ message: '내용', recipientId: 'all' }, m.titleAndMessageRequired],
    [{ title: '제목', message: '내용', recipientId: [] }, m.recipientsRequired],
    [{ title: '제목', message: '내용' }, m.recipientsRequired],
    [{ title: '제목', message: '내용', recipientId: 'all', duration: 500 }, m.durationRange],
    [{ title: '제목', message: '내용', recipientId: 'all', duration: 31000 }, m.durationRange],
    [{ title: '제목', message: '내용', recipientId: 'all', duration: 1500 }, m.durationRange],
  ])('%j → 400 %s', async (body, text) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', error: text });
  });

  it('only active role-user accounts are recipients: an operator, an unknown id → 400, nothing sent', async () => {
    for (const recipientId of [operator.id, [alice.id, 'nobody-here']]) {
      const res = await send({ title: '제목', message: '내용', recipientId });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(m.recipientNotUser);
    }
    expect(await itemsOf(`USER#${alice.id}`, 'NOTIF#')).toHaveLength(0);
    const history = await api.call('GET', '/api/notifications/all', { token: operator.token });
    expect(history.body.data.items).toHaveLength(0);
  });

  it('users cannot send or read the history (403)', async () => {
    expect((await send({ title: '제목', message: '내용', recipientId: bob.id }, alice.token)).status).toBe(403);
    expect((await api.call('GET', '/api/notifications/all', { token: alice.token })).status).toBe(403);
  });
});

describe('a user reads, dismisses and deletes their own notifications only', () => {
  it('direct send: only the recipient sees it; another user gets 404 on every call and nothing changes', async () => {
    const res = await send({
      type: 'warning',
      title: '점검 안내',
      message: '오늘 밤 점검합니다.',
      recipientId: alice.id,
      priority: 'high',
      duration: 10000,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ recipientCount: 1 });
    const { data } = (await list(alice)).body;
    expect(data.unreadCount).toBe(1);
    expect(data.items).toHaveLength(1);
    const n = data.items[0];
    expect(n).toMatchObject({
      type: 'warning',
      title: '점검 안내',
      sender: 'operator',
      sender_name: 'oper 님',
      recipient_id: alice.id,
      group_id: res.body.data.groupId,
      is_read: false,
      read_status: 'unread',
      read_at: null,
      dismissed_at: null,
      priority: 'high',
      auto_close: true,
      duration: 10000,
    });
    expect((await list(bob)).body.data.items).toHaveLength(0);

    for (const [method, path] of [
      ['PUT', `/api/notifications/${n.id}/read`],
      ['PUT', `/api/notifications/${n.id}/dismiss`],
      ['DELETE', `/api/notifications/${n.id}`],
    ] as const) {
      const r = await api.call(method, path, { token: bob.token });
      expect(r.status).toBe(404);
      expect(r.body.error).toBe(m.notFound);
    }
    expect((await list(alice)).body.data.items[0]).toMatchObject({ id: n.id, is_read: false, dismissed_at: null });
    expect(await unread(alice)).toBe(1);
    expect((await api.call('PUT', '/api/notifications/NOPE/read', { token: alice.token })).status).toBe(404);

    // Dismiss sets dismissed_at only; read sets read_at (and keeps dismissed_at); twice changes nothing.
    const dismissed = await api.call('PUT', `/api/notifications/${n.id}/dismiss`, { token: alice.token });
    expect(dismissed.body.data.dismissed_at).toEqual(expect.any(String));
    expect(await unread(alice)).toBe(1);
    const read = await api.call('PUT', `/api/notifications/${n.id}/read`, { token: alice.token });
    expect(read.body.data).toMatchObject({ id: n.id, unreadCount: 0 });
    const again = await api.call('PUT', `/api/notifications/${n.id}/read`, { token: alice.token });
    expect(again.body.data).toMatchObject({ read_at: read.body.data.read_at, unreadCount: 0 });
    const after = (await list(alice)).body.data.items[0];
    expect(after).toMatchObject({
      is_read: true,
      read_status: 'read',
      read_at: read.body.data.read_at,
      dismissed_at: dismissed.body.data.dismissed_at,
    });
    expect((await list(alice, '?isRead=false')).body.data.items).toHaveLength(0);
    expect((await list(alice, '?isRead=true')).body.data.items).toHaveLength(1);

    // The send's read count rose once.
    const history = (await api.call('GET', '/api/notifications/all', { token: operator.token })).body.data;
    expect(history.items[0]).toMatchObject({
      group_id: n.group_id,
      recipient_id: alice.id,
      recipient_label: 'alice 님 (alice)',
      recipient_count: 1,
      read_count: 1,
      read_rate: 100,
    });
  });

  it('a broadcast is stored once, yet counts in each user badge and is read per user; later accounts never see it', async () => {
    await api.call('DELETE', '/api/notifications/delete-read', { token: alice.token });
    const before = { alice: await unread(alice), bob: await unread(bob) };
    const res = await send({ type: 'promotion', title: '전체 공지', message: '모두에게', recipientId: 'all' });
    expect(res.status).toBe(201);
    const groupId = res.body.data.groupId;
    expect(res.body.data.recipientCount).toBe(2); // alice and bob: the role-user accounts

    expect(await itemsOf('NOTIFALL', 'NOTIF#')).toHaveLength(1);
    expect((await itemsOf(`USER#${alice.id}`, 'NOTIF#')).filter((i) => i.id === groupId)).toHaveLength(0);
    expect(await unread(alice)).toBe(before.alice + 1);
    expect(await unread(bob)).toBe(before.bob + 1);
    expect((await list(bob)).body.data.items[0]).toMatchObject({ id: groupId, recipient_id: 'all', is_read: false });

    expect(
      (await api.call('PUT', `/api/notifications/${groupId}/read`, { token: alice.token })).body.data.unreadCount,
    ).toBe(before.alice);
    expect(await unread(bob)).toBe(before.bob + 1);
    expect((await list(bob)).body.data.items[0].is_read).toBe(false);
    expect((await list(alice)).body.data.items[0]).toMatchObject({ id: groupId, is_read: true });

    // Operators and developers receive no broadcasts; an account made afterwards does not see it.
    expect((await list(operator)).body.data.items.map((i: any) => i.id)).not.toContain(groupId);
    const carol = await account('carol');
    expect((await list(carol)).body.data.items).toHaveLength(0);
    expect(await unread(carol)).toBe(0);
    expect((await api.call('PUT', `/api/notifications/${groupId}/read`, { token: carol.token })).status).toBe(404);

    // Bob deletes it unread: gone for good, his count drops, alice keeps hers.
    const del = await api.call('DELETE', `/api/notifications/${groupId}`, { token: bob.token });
    expect(del.body.data).toEqual({ deleted: true, unreadCount: before.bob });
    expect((await list(bob)).body.data.items.map((i: any) => i.id)).not.toContain(groupId);
    expect((await api.call('DELETE', `/api/notifications/${groupId}`, { token: bob.token })).status).toBe(404);
    expect((await list(alice)).body.data.items.map((i: any) => i.id)).toContain(groupId);
    expect(await itemsOf('NOTIFALL', 'NOTIF#')).toHaveLength(1);

    const row = (await api.call('GET', '/api/notifications/all?type=promotion', { token: operator.token })).body.data;
    expect(row.items).toHaveLength(1);
    expect(row.items[0]).toMatchObject({
      group_id: groupId,
      recipient_id: 'all',
      recipient_label: '전체 사용자',
      recipient_count: 2,
      read_count: 1,
      read_rate: 50,
    });
  });

  it('counts stay exact through mark-all (and its alias), delete of unread and read, and delete-read', async () => {
    const dave = await account('dave');
    for (let i = 0; i < 3; i++) await send({ title: `직접 ${i}`, message: '내용', recipientId: [dave.id, bob.id] });
    await send({ title: '전체 2', message: '내용', recipientId: 'all' });
    expect(await unread(dave)).toBe(4);
    const items = (await list(dave)).body.data.items;
    expect(items.map((i: any) => i.title)).toEqual(['전체 2', '직접 2', '직접 1', '직접 0']);

    expect(
      (await api.call('DELETE', `/api/notifications/${items[3].id}`, { token: dave.token })).body.data.unreadCount,
    ).toBe(3);
    await api.call('PUT', `/api/notifications/${items[2].id}/read`, { token: dave.token });
    expect(await unread(dave)).toBe(2);
    expect(
      (await api.call('DELETE', `/api/notifications/${items[2].id}`, { token: dave.token })).body.data.unreadCount,
    ).toBe(2);

    const all = await api.call('PUT', '/api/notifications/mark-all-read', { token: dave.token });
    expect(all.body, JSON.stringify(all.body)).toMatchObject({ data: { updated: 2, unreadCount: 0 } });
    expect(await unread(dave)).toBe(0);
    expect((await api.call('PUT', '/api/notifications/read-all', { token: dave.token })).body.data).toEqual({
      updated: 0,
      unreadCount: 0,
    });

    await send({ title: '새 알림', message: '내용', recipientId: dave.id });
    expect(await unread(dave)).toBe(1);
    const removed = await api.call('DELETE', '/api/notifications/delete-read', { token: dave.token });
    expect(removed.body.data).toEqual({ deleted: 2 });
    const left = (await list(dave)).body.data;
    expect(left.items.map((i: any) => i.title)).toEqual(['새 알림']);
    expect(left.unreadCount).toBe(1);
    // bob's copies of the same sends are untouched.
    expect((await list(bob)).body.data.items.filter((i: any) => i.title.startsWith('직접'))).toHaveLength(3);
  });

  it('pages newest first with a cursor across direct and broadcast items, and filters by type', async () => {
    const erin = await account('erin');
    for (let i = 0; i < 4; i++)
      await send({
        title: `쪽 ${i}`,
        message: '내용',
        type: i % 2 ? 'success' : 'info',
        recipientId: i === 2 ? 'all' : erin.id,
      });
    const first = (await list(erin, '?limit=3')).body.data;
    expect(first.items.map((i: any) => i.title)).toEqual(['쪽 3', '쪽 2', '쪽 1']);
    const second = (await list(erin, `?limit=3&cursor=${first.nextCursor}`)).body.data;
    expect(second.items.map((i: any) => i.title)).toEqual(['쪽 0']);
    expect(second.nextCursor).toBeNull();
    expect((await list(erin, '?type=success')).body.data.items.map((i: any) => i.title)).toEqual(['쪽 3', '쪽 1']);
    expect((await list(erin, '?cursor=bad')).status).toBe(400);
    expect((await list(erin, '?limit=101')).status).toBe(400);
  });
});

describe('history (operators)', () => {
  it('filters by sender, type and KST dates, pages, and sums the stats over the filtered sends', async () => {
    const all = (await api.call('GET', '/api/notifications/all?limit=2', { token: developer.token })).body.data;
    expect(all.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(all.items).toHaveLength(2);
    expect(all.stats.totalSent).toBe(all.pagination.total);
    expect(all.stats.sentToday).toBe(all.pagination.total);
    expect(all.stats.readRate).toBe(Math.round((all.stats.totalRead / all.stats.totalRecipients) * 1000) / 10);
    const fromTomorrow = await api.call('GET', '/api/notifications/all?fromDate=2999-01-01', { token: operator.token });
    expect(fromTomorrow.body.data.items).toHaveLength(0);
    const bySystem = await api.call('GET', '/api/notifications/all?sender=system', { token: operator.token });
    expect(bySystem.body.data.items.every((i: any) => i.sender === 'system')).toBe(true);
    expect(
      (await api.call('GET', '/api/notifications/all?fromDate=2026-13-40', { token: operator.token })).status,
    ).toBe(400);
  });
});

describe('POST /api/notifications/test', () => {
  it('sends one notification to the caller only, and is rate-limited per user (429, Korean)', async () => {
    const frank = await account('frank');
    const res = await api.call('POST', '/api/notifications/test', {
      token: frank.token,
      body: { type: 'success', title: '테스트 1' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: '테스트 1',
      type: 'success',
      sender: 'system',
      recipient_id: frank.id,
      metadata: { test: true },
    });
    expect(await unread(frank)).toBe(1);
    const history = (await api.call('GET', '/api/notifications/all?limit=100', { token: operator.token })).body.data
      .items;
    expect(history.map((r: any) => r.group_id)).not.toContain(res.body.data.group_id);
    // The limit counts per clock minute: a loop that crosses a minute's end starts a new count, so it
    // may take up to twice the limit before the refusal.
    let last = res;
    let accepted = 1;
    for (let i = 0; i < 2 * TEST_NOTIFICATIONS_PER_MINUTE && last.status === 201; i++) {
      last = await api.call('POST', '/api/notifications/test', { token: frank.token, body: {} });
      if (last.status === 201) accepted++;
    }
    expect(last.status).toBe(429);
    expect(accepted).toBeGreaterThanOrEqual(TEST_NOTIFICATIONS_PER_MINUTE);
    expect(last.body.error).toBe(m.testThrottled);
  });
});

describe('realtime pushes on real sockets', () => {
  it('a direct notification reaches only its recipient (every tab), with their new unread count', async () => {
    const [a1, a2, b] = await Promise.all([open(alice.token), open(alice.token), open(bob.token)]);
    const res = await send({ title: '실시간', message: '바로 도착', recipientId: alice.id });
    const expected = await unread(alice);
    for (const ws of [a1, a2]) {
      // One post per socket: the notification with the recipient's new count.
      await expect.poll(() => ws.inbox.length).toBe(1);
      expect(ws.inbox[0]).toMatchObject({
        type: 'new_notification',
        data: { id: res.body.data.groupId, title: '실시간', recipient_id: alice.id },
        unread: { count: expected },
      });
    }
    // Reading on one tab tells the other.
    await api.call('PUT', `/api/notifications/${res.body.data.groupId}/read`, { token: alice.token });
    await expect.poll(() => a2.inbox.at(-1)).toEqual({ type: 'unread_count', data: { count: expected - 1 } });
    await new Promise((r) => setTimeout(r, 200));
    expect(b.inbox).toEqual([]);
    for (const ws of [a1, a2, b]) ws.close();
  });

  it('a broadcast reaches every role-user connection (not staff), and a stale connection (410) is removed', async () => {
    const { connectionsStore, connectionOpeningsStore } = await import('../../functions/storage/connections');
    const [a, b, op] = await Promise.all([open(alice.token), open(bob.token), open(operator.token)]);
    await connectionOpeningsStore.add('stale-connection', bob.id, 'user');
    const res = await send({ title: '모두 실시간', message: '전체', recipientId: 'all' });
    for (const [ws, who] of [
      [a, alice],
      [b, bob],
    ] as const) {
      await expect.poll(() => ws.inbox.length).toBe(1);
      expect(ws.inbox[0]).toMatchObject({
        type: 'new_notification',
        data: { id: res.body.data.groupId, recipient_id: 'all' },
        unread: { count: await unread(who) },
      });
    }
    await expect
      .poll(async () => (await connectionsStore.ofUser(bob.id)).map((c) => c.connectionId))
      .not.toContain('stale-connection');
    await new Promise((r) => setTimeout(r, 200));
    expect(op.inbox).toEqual([]);
    for (const ws of [a, b, op]) ws.close();
  });

  it('the staff push reaches operators and developers only', async () => {
    const { pushToStaff } = await import('../../functions/domain/realtime/staff-pushes');
    const [a, op, dev] = await Promise.all([open(alice.token), open(operator.token), open(developer.token)]);
    expect(await pushToStaff({ type: 'chat_message', data: { text: '문의' } })).toBe(2);
    for (const ws of [op, dev])
      await expect.poll(() => ws.inbox).toEqual([{ type: 'chat_message', data: { text: '문의' } }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(a.inbox).toEqual([]);
    for (const ws of [a, op, dev]) ws.close();
  });
});

describe('notify(): the one call features use', () => {
  it('a retried call with the same dedupe key sends once', async () => {
    const { notify } = await import('../../functions/domain/notifications/notify');
    const gina = await account('gina');
    const input = { title: '충전 승인', message: '10,000원', dedupeKey: `test#${gina.id}` };
    const first = await notify(gina.id, input);
    const second = await notify(gina.id, input);
    expect(second).toMatchObject({ duplicate: true, groupId: first.groupId });
    expect((await list(gina)).body.data.items).toHaveLength(1);
    expect(await unread(gina)).toBe(1);
  });

  it('a send to more recipients than one transaction holds reaches each once, and a resumed send skips those who have it', async () => {
    const { notify } = await import('../../functions/domain/notifications/notify');
    const { notificationCountsStore } = await import('../../functions/storage/notifications/counts');
    const { notificationLargeSendsStore } = await import('../../functions/storage/notifications/large-sends');
    const ids = [alice.id, bob.id, ...Array.from({ length: 60 }, (_, i) => `ghost-${i}`)];
    const result = await notify(ids, { title: '많이', message: '내용', dedupeKey: 'many-1' });
    expect(result.recipientCount).toBe(62);
    expect((await notificationLargeSendsStore.getSend(result.groupId))?.status).toBe('sent');
    expect(await itemsOf('USER#ghost-59', 'NOTIF#')).toHaveLength(1);
    // A crash part-way: the record says 'sending'; the retry finishes without doubling anyone.
    const { db, tableName } = await import('../../functions/storage/client');
    const { UpdateCommand, DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { PK: `NOTIFSEND#${result.groupId}`, SK: 'SEND' },
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'sending' },
      }),
    );
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: { PK: 'USER#ghost-59', SK: `NOTIF#${result.groupId}` } }),
    );
    const retried = await notify(ids, { title: '많이', message: '내용', dedupeKey: 'many-1' });
    expect(retried.duplicate).toBe(true);
    expect(await itemsOf('USER#ghost-59', 'NOTIF#')).toHaveLength(1);
    expect(await itemsOf('USER#ghost-0', 'NOTIF#')).toHaveLength(1);
    expect((await notificationCountsStore.counts('ghost-0')).unread).toBe(1);
  });
});
