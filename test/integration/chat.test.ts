import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { VIEWER_IP_HEADER } from '../../shared/api';
import { chatMessages as m } from '../../shared/messages/chat';
import { apiClient } from '../support/http';
import { startLocalStack, localStackDefaults, type LocalStack } from '../support/local-stack';
import { fund, row, setSetting, resetSettings } from '../support/slots';
import { owaspXssVectors } from '../support/xss-vectors';

/**
 * Support chat end to end (rooms, messages, read marks, rate limits, plain text): the real HTTP routes over
 * DynamoDB Local, and pushes read from real sockets on the local /ws.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
type Account = { id: string; token: string; ip: string };
let operator: Account;
let developer: Account;
let n = 0;

async function account(fullName: string, role: 'user' | 'operator' = 'user'): Promise<Account> {
  const email = `chat${Date.now().toString(36)}${++n}`;
  const { id } = await stack.createUser({ email, password: 'pass1234', fullName, role });
  // Each account writes from its own address, so the per-address limit never couples two tests.
  return { id, token: (await api.login(email, 'pass1234')).token, ip: `198.51.100.${n}` };
}

const as = (who: Account) => ({ token: who.token, headers: { [VIEWER_IP_HEADER]: who.ip } });
const firstMessage = (who: Account, content: string) =>
  api.call('POST', '/api/chat/messages', { ...as(who), body: { content } });
const post = (who: Account, roomId: string, content: unknown) =>
  api.call('POST', `/api/chat/rooms/${roomId}/messages`, { ...as(who), body: { content } });
const messages = (who: Account, roomId: string, query = '') =>
  api.call('GET', `/api/chat/rooms/${roomId}/messages${query}`, as(who));
const read = (who: Account, roomId: string) => api.call('PUT', `/api/chat/rooms/${roomId}/read`, as(who));
const unread = async (who: Account) =>
  (await api.call('GET', '/api/chat/unread-count', as(who))).body.data.count as number;
const roomsOf = async (who: Account, query = '') =>
  (await api.call('GET', `/api/chat/rooms${query}`, as(who))).body.data;

async function itemsOf(pk: string, prefix: string) {
  const { db, tableName } = await import('../../functions/storage/client');
  const out = await db().send(
    new QueryCommand(
      prefix
        ? {
            TableName: tableName(),
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
            ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
            ConsistentRead: true,
          }
        : {
            TableName: tableName(),
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': pk },
            ConsistentRead: true,
          },
    ),
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
const chatEvents = (ws: { inbox: any[] }) => ws.inbox.filter((e) => String(e.type).startsWith('chat_'));

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await account('상담원', 'operator');
  const dev = await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
  developer = { id: dev.user.id, token: dev.token, ip: '198.51.100.250' };
  // chatEnabled is off by default; the switch has its own test below.
  await setSetting('chatEnabled', true);
});
afterAll(async () => {
  await resetSettings('chatEnabled');
  await stack?.stop();
});

describe('a user’s first message and room', () => {
  it("creates '{fullName}님의 문의' with the message, one room per user however often it is called", async () => {
    const kim = await account('김철수');
    expect(await roomsOf(kim)).toEqual({ items: [], totals: { rooms: 0, unread: 0 } });
    const res = await firstMessage(kim, '  슬롯 승인은 언제 되나요?  ');
    expect(res.status).toBe(201);
    const { room, message } = res.body.data;
    expect(room).toMatchObject({
      name: '김철수님의 문의',
      status: 'active',
      user_id: kim.id,
      user_name: '김철수',
      creator: { name: '김철수' },
      last_message: '슬롯 승인은 언제 되나요?',
      last_message_id: message.id,
      unread_count: 0,
    });
    expect(message).toMatchObject({
      room_id: room.id,
      sender_id: kim.id,
      sender: { name: '김철수', role: 'user' },
      type: 'normal',
      content: '슬롯 승인은 언제 되나요?',
      is_read: false,
    });
    expect(message.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);

    const again = await firstMessage(kim, '두 번째');
    expect(again.body.data.room.id).toBe(room.id);
    const opened = await api.call('POST', '/api/chat/rooms', { ...as(kim), body: {} });
    expect(opened.status).toBe(201);
    expect(opened.body.data.id).toBe(room.id);
    expect((await roomsOf(kim)).items.map((r: any) => r.id)).toEqual([room.id]);
    expect((await messages(kim, room.id)).body.data.items.map((x: any) => x.content)).toEqual([
      '슬롯 승인은 언제 되나요?',
      '두 번째',
    ]);
  });

  it('POST /rooms opens an empty room named after the user; parallel first messages still make one room', async () => {
    const lee = await account('이영희');
    const res = await api.call('POST', '/api/chat/rooms', { ...as(lee), body: {} });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: '이영희님의 문의',
      last_message: null,
      last_message_id: null,
      unread_count: 0,
    });

    const park = await account('박민수');
    const all = await Promise.all([1, 2, 3, 4].map((i) => firstMessage(park, `동시 ${i}`)));
    expect(all.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(all.map((r) => r.body.data.room.id)).size).toBe(1);
    expect((await messages(park, all[0].body.data.room.id)).body.data.items).toHaveLength(4);
  });

  it('staff cannot open a room or send a first message (403), and nothing is written', async () => {
    for (const who of [operator, developer]) {
      const a = await api.call('POST', '/api/chat/rooms', { ...as(who), body: {} });
      const b = await firstMessage(who, '운영자 첫 메시지');
      for (const res of [a, b]) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: m.usersOnly });
      }
      expect(await itemsOf(`USER#${who.id}`, 'CHATROOM')).toEqual([]);
    }
  });
});

/** Rate-limit windows counted for a user (any scope), by a scan: the test table is small. */
async function rateItemsOf(userId: string) {
  const { db, tableName } = await import('../../functions/storage/client');
  const out = await db().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: 'begins_with(PK, :p)',
      ExpressionAttributeValues: { ':p': `RATE#chatMessagesPerUser#${userId.toLowerCase()}#` },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

describe('chatEnabled off (the switch holds on the server, not only in the widget)', () => {
  it('an advertiser opens no room and sends nothing (409, nothing written, nothing counted) but keeps reading; staff still answer', async () => {
    const park = await account('박민수');
    const newcomer = await account('최신규');
    const room = (await firstMessage(park, '켜져 있을 때 문의')).body.data.room;
    await post(operator, room.id, '답변드립니다');
    const before = await itemsOf(`CHATROOM#${room.id}`, '');
    const countedBefore = (await rateItemsOf(park.id)).length;

    await setSetting('chatEnabled', false);
    try {
      for (const res of [
        await api.call('POST', '/api/chat/rooms', { ...as(park), body: {} }),
        await firstMessage(park, '꺼져 있을 때 문의'),
        await post(park, room.id, '꺼져 있을 때 추가 문의'),
        await api.call('POST', '/api/chat/rooms', { ...as(newcomer), body: {} }),
        await firstMessage(newcomer, '처음 문의'),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ success: false, code: 'CONFLICT', error: m.disabled });
      }
      expect(await itemsOf(`CHATROOM#${room.id}`, '')).toEqual(before);
      expect(await itemsOf(`USER#${newcomer.id}`, 'CHATROOM')).toEqual([]);
      expect(await rateItemsOf(park.id)).toHaveLength(countedBefore);
      expect(await rateItemsOf(newcomer.id)).toEqual([]);

      // The advertiser's history stays readable: the room, its messages, the unread answer, a read mark.
      expect((await roomsOf(park)).items.map((r: any) => r.id)).toEqual([room.id]);
      expect((await messages(park, room.id)).body.data.items.map((x: any) => x.content)).toEqual([
        '켜져 있을 때 문의',
        '답변드립니다',
      ]);
      expect(await unread(park)).toBe(1);
      expect((await read(park, room.id)).status).toBe(200);
      expect(await unread(park)).toBe(0);

      // Staff still read, answer and close the rooms that exist, so nothing is lost.
      expect((await post(operator, room.id, '채팅이 잠시 중단되었습니다')).status).toBe(201);
      expect((await messages(operator, room.id)).body.data.items).toHaveLength(3);
      const closed = await api.call('PUT', `/api/chat/rooms/${room.id}/status`, {
        ...as(operator),
        body: { status: 'closed' },
      });
      expect(closed.status).toBe(200);
    } finally {
      await setSetting('chatEnabled', true);
    }
    // Switched on again, the advertiser writes to the same room, which reopens.
    const again = await firstMessage(park, '다시 켜졌네요');
    expect(again.status).toBe(201);
    expect(again.body.data.room).toMatchObject({ id: room.id, status: 'active' });
  });
});

describe('bad input → 400 with a Korean message, nothing written', () => {
  it.each([
    ['', m.empty],
    ['   \n\t  ', m.empty],
    ['가'.repeat(2001), m.tooLong],
    [undefined, m.empty],
    [42, m.empty],
    // Only zero-width spaces, joiners, BOMs or Hangul fillers: as empty as it looks.
    ['\u200B\u200B\u200B', m.empty],
    [' \u200C\uFEFF\u2060\u3164 ', m.empty],
  ])('content %j → 400', async (content, text) => {
    const choi = await account('최지우');
    const room = (await firstMessage(choi, '처음')).body.data.room;
    for (const res of [
      await post(choi, room.id, content),
      await api.call('POST', '/api/chat/messages', { ...as(choi), body: { content } }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', error: text });
    }
    expect(await itemsOf(`CHATROOM#${room.id}`, 'MSG#')).toHaveLength(1);
  });

  it('2000 characters exactly are fine; status, limit and after are checked', async () => {
    const jung = await account('정하나');
    const room = (await firstMessage(jung, '가'.repeat(2000))).body.data.room;
    expect(room.last_message).toBe('가'.repeat(200)); // the stored preview is cut; the message is whole
    expect((await messages(jung, room.id)).body.data.items[0].content).toHaveLength(2000);
    for (const q of ['?limit=0', '?limit=101', '?offset=-1', '?after=not-an-id'])
      expect((await messages(jung, room.id, q)).status).toBe(400);
    const bad = await api.call('PUT', `/api/chat/rooms/${room.id}/status`, {
      ...as(operator),
      body: { status: 'deleted' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(m.statusInvalid);
  });
});

describe("another user's room", () => {
  it('reading, posting, marking read or opening its context → 404, and nothing is written', async () => {
    const owner = await account('주인');
    const other = await account('남');
    const room = (await firstMessage(owner, '내 문의')).body.data.room;
    await post(operator, room.id, '답변입니다');
    const before = await itemsOf(`CHATROOM#${room.id}`, '');
    for (const res of [
      await messages(other, room.id),
      await post(other, room.id, '끼어들기'),
      await read(other, room.id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', error: m.roomNotFound });
    }
    expect(await itemsOf(`CHATROOM#${room.id}`, '')).toEqual(before);
    // …and the intruder got no rate-limit count either: nothing of theirs in the table.
    expect(await itemsOf(`USER#${other.id}`, 'CHATROOM')).toEqual([]);
    expect((await roomsOf(other)).items).toEqual([]);
    expect((await api.call('GET', '/api/chat/rooms/no-such-room/messages', as(operator))).status).toBe(404);
  });
});

describe('room status', () => {
  it('a user changing status → 403 staffOnly; an operator closes and archives; the user’s message reopens', async () => {
    const han = await account('한가람');
    const room = (await firstMessage(han, '문의')).body.data.room;
    const denied = await api.call('PUT', `/api/chat/rooms/${room.id}/status`, {
      ...as(han),
      body: { status: 'closed' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'FORBIDDEN', error: m.staffOnly });
    expect((await roomsOf(han)).items[0].status).toBe('active');

    const closed = await api.call('PUT', `/api/chat/rooms/${room.id}/status`, {
      ...as(operator),
      body: { status: 'closed' },
    });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ id: room.id, status: 'closed' });
    expect((await roomsOf(operator, '?status=closed')).items.map((r: any) => r.id)).toContain(room.id);
    expect((await roomsOf(operator, '?status=active')).items.map((r: any) => r.id)).not.toContain(room.id);
    // An operator's reply does not reopen; the user's next message does.
    await post(operator, room.id, '종료된 상담에 답변');
    expect((await roomsOf(han)).items[0].status).toBe('closed');
    await api.call('PUT', `/api/chat/rooms/${room.id}/status`, { ...as(developer), body: { status: 'archived' } });
    expect((await roomsOf(han)).items[0].status).toBe('archived');
    await post(han, room.id, '다시 문의합니다');
    expect((await roomsOf(han)).items[0].status).toBe('active');
    expect((await roomsOf(operator, '?status=active')).items.map((r: any) => r.id)).toContain(room.id);
    expect((await roomsOf(operator, '?status=archived')).items.map((r: any) => r.id)).not.toContain(room.id);
  });

  it('room totals per status follow every change (counters, no scans)', async () => {
    const before = (await roomsOf(operator)).totals.rooms;
    const beforeClosed = (await roomsOf(operator, '?status=closed')).totals.rooms;
    const yoon = await account('윤서준');
    const room = (await firstMessage(yoon, '문의')).body.data.room;
    expect((await roomsOf(operator)).totals.rooms).toBe(before + 1);
    await api.call('PUT', `/api/chat/rooms/${room.id}/status`, { ...as(operator), body: { status: 'closed' } });
    await api.call('PUT', `/api/chat/rooms/${room.id}/status`, { ...as(operator), body: { status: 'closed' } }); // unchanged: counted once
    expect((await roomsOf(operator, '?status=closed')).totals.rooms).toBe(beforeClosed + 1);
    expect((await roomsOf(operator)).totals.rooms).toBe(before + 1);
  });
});

describe('paging', () => {
  it('offset counts back from the newest, newest last; after returns only newer ones', async () => {
    const kang = await account('강다은');
    const room = (await firstMessage(kang, 'm1')).body.data.room;
    for (let i = 2; i <= 12; i++) await post(i % 3 === 0 ? operator : kang, room.id, `m${i}`);
    const contents = (res: any) => res.body.data.items.map((x: any) => x.content);
    const newest = await messages(kang, room.id, '?limit=5');
    expect(contents(newest)).toEqual(['m8', 'm9', 'm10', 'm11', 'm12']);
    expect(newest.body.data.hasMore).toBe(true);
    expect(contents(await messages(kang, room.id, '?limit=5&offset=5'))).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    const last = await messages(kang, room.id, '?limit=5&offset=10');
    expect(contents(last)).toEqual(['m1', 'm2']);
    expect(last.body.data.hasMore).toBe(false);
    expect(contents(await messages(kang, room.id))).toHaveLength(12);

    const all = (await messages(kang, room.id)).body.data.items;
    const ids = all.map((x: any) => x.id);
    expect([...ids].sort()).toEqual(ids); // id order = time order
    const after = await messages(kang, room.id, `?after=${ids[8]}&limit=10`);
    expect(contents(after)).toEqual(['m10', 'm11', 'm12']);
    expect(after.body.data.hasMore).toBe(false);
    const afterFew = await messages(kang, room.id, `?after=${ids[8]}&limit=2`);
    expect(contents(afterFew)).toEqual(['m10', 'm11']);
    expect(afterFew.body.data.hasMore).toBe(true);
    expect((await messages(kang, room.id, `?after=${ids[11]}`)).body.data.items).toEqual([]);
    // staff messages carry the operator badge data
    expect(all[2]).toMatchObject({
      content: 'm3',
      sender_id: operator.id,
      sender: { name: '상담원', role: 'operator' },
    });
  });
});

describe('unread counts and read marks', () => {
  it('are exact for both sides after messages and reads', async () => {
    const a = await account('안수진');
    const b = await account('배도윤');
    const staffBefore = await unread(operator);
    const ra = (await firstMessage(a, 'a1')).body.data.room;
    await post(a, ra.id, 'a2');
    const rb = (await firstMessage(b, 'b1')).body.data.room;
    expect(await unread(operator)).toBe(staffBefore + 3);
    expect(await unread(developer)).toBe(staffBefore + 3); // staff share one side
    expect(await unread(a)).toBe(0);

    const staffView = (await roomsOf(operator)).items;
    expect(staffView.find((r: any) => r.id === ra.id).unread_count).toBe(2);
    expect(staffView.find((r: any) => r.id === rb.id).unread_count).toBe(1);
    expect((await roomsOf(operator)).totals.unread).toBe(staffBefore + 3);
    // newest activity first
    const order = staffView.map((r: any) => r.id);
    expect(order.indexOf(rb.id)).toBeLessThan(order.indexOf(ra.id));

    await post(operator, ra.id, '답변 1');
    await post(developer, ra.id, '답변 2');
    expect(await unread(a)).toBe(2);
    expect(await unread(b)).toBe(0);
    expect((await roomsOf(a)).items[0].unread_count).toBe(2);
    // The user's own messages are not read by staff yet; the staff answers not by the user.
    let seen = (await messages(a, ra.id)).body.data.items;
    expect(seen.map((x: any) => x.is_read)).toEqual([false, false, false, false]);

    const res = await read(operator, ra.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ room_id: ra.id, unread_count: 0 });
    expect(await unread(operator)).toBe(staffBefore + 1);
    seen = (await messages(a, ra.id)).body.data.items;
    expect(seen.map((x: any) => x.is_read)).toEqual([true, true, false, false]);

    await read(a, ra.id);
    expect(await unread(a)).toBe(0);
    seen = (await messages(operator, ra.id)).body.data.items;
    expect(seen.map((x: any) => x.is_read)).toEqual([true, true, true, true]);

    // A read with nothing new changes nothing; a new user message is unread again for staff.
    await read(operator, ra.id);
    expect(await unread(operator)).toBe(staffBefore + 1);
    await post(a, ra.id, 'a3');
    expect(await unread(operator)).toBe(staffBefore + 2);
    expect((await messages(a, ra.id)).body.data.items.at(-1).is_read).toBe(false);
    await read(developer, rb.id);
    await read(developer, ra.id);
    expect(await unread(operator)).toBe(staffBefore);
    expect((await roomsOf(operator)).items.find((r: any) => r.id === rb.id).unread_count).toBe(0);
  });

  it('stay exact when messages and reads race', async () => {
    const c = await account('차은우');
    const staffBefore = await unread(operator);
    const room = (await firstMessage(c, 'c0')).body.data.room;
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => post(c, room.id, `c${i + 1}`)),
      ...Array.from({ length: 4 }, () => read(operator, room.id)),
      ...Array.from({ length: 4 }, (_, i) => post(operator, room.id, `o${i}`)),
    ]);
    const items = (await messages(operator, room.id)).body.data.items;
    expect(items).toHaveLength(13);
    const staffUnreadInRoom = (await roomsOf(operator)).items.find((r: any) => r.id === room.id).unread_count;
    const unreadUserMessages = items.filter((x: any) => x.sender.role === 'user' && !x.is_read).length;
    expect(staffUnreadInRoom).toBe(unreadUserMessages);
    expect(await unread(operator)).toBe(staffBefore + unreadUserMessages);
    expect(await unread(c)).toBe(4);
    await read(operator, room.id);
    expect(await unread(operator)).toBe(staffBefore);
  });
});

describe('realtime pushes on real sockets', () => {
  it('a message reaches the room’s user and every staff connection (not another user); reads go to the other side', async () => {
    const sun = await account('선우진');
    const stranger = await account('낯선이');
    const room = (await firstMessage(sun, '안녕하세요')).body.data.room;
    const [u, other, op, dev] = await Promise.all([
      open(sun.token),
      open(stranger.token),
      open(operator.token),
      open(developer.token),
    ]);

    const sent = (await post(sun, room.id, '실시간 문의')).body.data;
    for (const ws of [op, dev]) {
      await expect.poll(() => chatEvents(ws).length).toBe(1);
      expect(chatEvents(ws)[0]).toMatchObject({
        type: 'chat_message',
        data: {
          room_id: room.id,
          message: { id: sent.id, content: '실시간 문의' },
          room: { id: room.id, unread_count: 2 },
        },
      });
    }
    await expect.poll(() => chatEvents(u).length).toBe(1);
    expect(chatEvents(u)[0]).toMatchObject({
      type: 'chat_message',
      data: { message: { id: sent.id }, room: { unread_count: 0 } },
    });

    const answer = (await post(operator, room.id, '바로 답변드립니다')).body.data;
    await expect.poll(() => chatEvents(u).length).toBe(2);
    expect(chatEvents(u)[1]).toMatchObject({
      type: 'chat_message',
      data: { message: { id: answer.id, sender: { role: 'operator' } }, room: { unread_count: 1 } },
    });

    await read(sun, room.id);
    for (const ws of [op, dev]) {
      await expect.poll(() => chatEvents(ws).at(-1)?.type).toBe('chat_read');
      expect(chatEvents(ws).at(-1)).toMatchObject({ data: { room_id: room.id, reader: 'user' } });
    }
    await read(operator, room.id);
    await expect.poll(() => chatEvents(u).at(-1)?.type).toBe('chat_read');
    expect(chatEvents(u).at(-1)).toMatchObject({ data: { room_id: room.id, reader: 'staff' } });

    await api.call('PUT', `/api/chat/rooms/${room.id}/status`, { ...as(operator), body: { status: 'closed' } });
    for (const ws of [u, op, dev]) {
      await expect.poll(() => chatEvents(ws).at(-1)?.type).toBe('chat_room');
      expect(chatEvents(ws).at(-1)).toMatchObject({ data: { room: { id: room.id, status: 'closed' } } });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(other.inbox).toEqual([]);
    for (const ws of [u, other, op, dev]) ws.close();
  });

  it('a push failure never fails the send (best effort after the commit)', async () => {
    const { connectionOpeningsStore } = await import('../../functions/storage/connections');
    const yu = await account('유하늘');
    await connectionOpeningsStore.add('gone-connection', yu.id, 'user');
    const res = await firstMessage(yu, '끊긴 연결이 있어도');
    expect(res.status).toBe(201);
    expect((await messages(yu, res.body.data.room.id)).body.data.items).toHaveLength(1);
  });
});

describe('rate limits', () => {
  it('per user: past 30 messages a minute → 429 THROTTLED with the Korean text, and the refused ones are not stored', async () => {
    const spam = await account('도배');
    const room = (await firstMessage(spam, '0')).body.data.room;
    const statuses: number[] = [];
    let refused: any;
    // 61 sends cross at most one window boundary: at least one is refused whatever the clock says.
    for (let i = 1; i <= 61; i++) {
      const res = await post(spam, room.id, `${i}`);
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(refused).toBeDefined();
    expect(refused.body).toMatchObject({ success: false, code: 'THROTTLED', error: m.rateLimited });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const stored = await itemsOf(`CHATROOM#${room.id}`, 'MSG#');
    expect(stored).toHaveLength(1 + statuses.filter((s) => s === 201).length);
  });

  it('per address: a full window from one address refuses another account there (429), not one elsewhere', async () => {
    const { db, tableName } = await import('../../functions/storage/client');
    const { keys } = await import('../../functions/storage/keys');
    const { rateLimits } = await import('../../functions/domain/rate-limits');
    const { limit, windowSeconds } = rateLimits.chatMessagesPerAddress;
    const a = await account('사무실1');
    const b = await account('사무실2');
    b.ip = a.ip;
    const room = (await firstMessage(a, '시작')).body.data.room;
    // The address's current and next windows are full (as if the office had sent that much).
    const start = Math.floor(Date.now() / 1000 / windowSeconds) * windowSeconds;
    for (const w of [start, start + windowSeconds]) {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.rateWindow('chatMessagesPerAddress', a.ip, w), n: limit, ttl: w + 3 * windowSeconds },
        }),
      );
    }
    const refused = await firstMessage(b, '같은 주소에서');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(m.rateLimited);
    expect(await itemsOf(`USER#${b.id}`, 'CHATROOM')).toEqual([]);
    expect((await post(a, room.id, '같은 주소')).status).toBe(429);
    a.ip = '203.0.113.77';
    expect((await post(a, room.id, '다른 주소')).status).toBe(201);
  });
});

describe('stored as plain text', () => {
  it('OWASP XSS vectors come back exactly as typed, never sanitised or rendered', async () => {
    const x = await account('<img src=x onerror=alert(1)>');
    const room = (await firstMessage(x, '시작')).body.data.room;
    expect(room.name).toBe('<img src=x onerror=alert(1)>님의 문의');
    const vectors = owaspXssVectors.slice(0, 20).filter((v) => v.trim().length > 0 && v.length <= 2000);
    for (const v of vectors) {
      // The HTTP adapter drops control characters; everything else is kept verbatim.
      const res = await post(x, room.id, v);
      expect(res.status).toBe(201);
    }
    const items = (await messages(x, room.id, '?limit=100')).body.data.items.slice(1);
    const { cleanText } = await import('../../functions/commons/clean-text');
    expect(items.map((i: any) => i.content)).toEqual(vectors.map((v) => cleanText(v).trim()));
  }, 30_000);
});

describe('operator: customer context and canned replies', () => {
  it('shows the customer, balance (null when cash is off), pending charges, slot counts and up to 10 running slots best rank first', async () => {
    const rich = await account('부자고객');
    await fund(rich.id, 1_000_000);
    const room = (await firstMessage(rich, '잔액 문의')).body.data.room;
    const charge = await api.call('POST', '/api/cash/charge-requests', {
      ...as(rich),
      body: { amount: 50_000, depositAt: '2025-03-01T10:00', accountHolder: '부자고객' },
    });
    expect(charge.status).toBe(201);
    const slotIds: string[] = [];
    for (let i = 1; i <= 3; i++)
      slotIds.push((await api.call('POST', '/api/slots', { ...as(rich), body: row(100 + i) })).body.data.id);
    for (const id of slotIds.slice(0, 2))
      expect(
        (await api.call('POST', `/api/slots/${id}/approve`, { ...as(operator), body: { approved: true } })).status,
      ).toBe(200);
    const { db, tableName } = await import('../../functions/storage/client');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('../../functions/storage/keys');
    // The rank job's latest results (what the worker would have written).
    for (const [id, rank] of [
      [slotIds[0], 42],
      [slotIds[1], 7],
    ] as const) {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.slot(id),
          UpdateExpression: 'SET #r = :r, yesterday_rank = :y, rank_measured_at = :m',
          ExpressionAttributeNames: { '#r': 'rank' },
          ExpressionAttributeValues: { ':r': rank, ':y': rank + 1, ':m': `2031-05-10T0${rank % 10}:00:00.000Z` },
        }),
      );
    }

    const ctx = await api.call('GET', `/api/chat/rooms/${room.id}/context`, as(operator));
    expect(ctx.status).toBe(200);
    const data = ctx.body.data;
    expect(data.user).toMatchObject({ id: rich.id, fullName: '부자고객', isActive: true });
    expect(typeof data.balance).toBe('number');
    expect(data.pendingCharges).toEqual([{ id: charge.body.data.id, amount: 50_000, requestedAt: expect.any(String) }]);
    expect(data.slotCounts).toMatchObject({ active: 2, pending: 1, paused: 0 });
    // Running ones only (the pending one is not), best rank first, with when it was measured and yesterday's rank.
    expect(data.slots).toEqual([
      {
        id: slotIds[1],
        slot_number: expect.any(Number),
        keyword: '키워드102',
        status: 'active',
        rank: 7,
        rank_measured_at: '2031-05-10T07:00:00.000Z',
        yesterday_rank: 8,
      },
      {
        id: slotIds[0],
        slot_number: expect.any(Number),
        keyword: '키워드101',
        status: 'active',
        rank: 42,
        rank_measured_at: '2031-05-10T02:00:00.000Z',
        yesterday_rank: 43,
      },
    ]);

    // Ten more running slots: the panel shows 10 of the 12, the ranked ones first.
    for (let i = 4; i <= 13; i++) {
      const id = (await api.call('POST', '/api/slots', { ...as(rich), body: row(100 + i) })).body.data.id;
      expect(
        (await api.call('POST', `/api/slots/${id}/approve`, { ...as(operator), body: { approved: true } })).status,
      ).toBe(200);
    }
    const many = (await api.call('GET', `/api/chat/rooms/${room.id}/context`, as(operator))).body.data;
    expect(many.slotCounts.active).toBe(12);
    expect(many.slots).toHaveLength(10);
    expect(many.slots.slice(0, 2).map((s: any) => s.rank)).toEqual([7, 42]);

    await setSetting('useCashSystem', false);
    try {
      expect((await api.call('GET', `/api/chat/rooms/${room.id}/context`, as(operator))).body.data.balance).toBeNull();
    } finally {
      await resetSettings('useCashSystem');
    }
    expect((await api.call('GET', `/api/chat/rooms/${room.id}/context`, as(rich))).status).toBe(403);
    expect((await api.call('GET', '/api/chat/rooms/no-such-room/context', as(operator))).status).toBe(404);
  });

  it('canned replies: Korean defaults until saved, one stored list, validated, an empty list brings the defaults back', async () => {
    const first = await api.call('GET', '/api/chat/canned-replies', as(operator));
    expect(first.status).toBe(200);
    expect(first.body.data.items.length).toBeGreaterThan(0);
    expect(first.body.data.items[0].content).toMatch(/[가-힣]/);

    const saved = await api.call('PUT', '/api/chat/canned-replies', {
      ...as(operator),
      body: {
        items: [
          { title: '환불', content: '환불은 영업일 기준 3일 이내 처리됩니다.' },
          { id: 'keep', title: '인사', content: '안녕하세요!' },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.items).toEqual([
      { id: expect.any(String), title: '환불', content: '환불은 영업일 기준 3일 이내 처리됩니다.' },
      { id: 'keep', title: '인사', content: '안녕하세요!' },
    ]);
    expect((await api.call('GET', '/api/chat/canned-replies', as(developer))).body.data).toEqual(saved.body.data);

    for (const [body, text] of [
      [{ items: [{ title: '', content: '내용' }] }, m.cannedTitleRequired],
      [{ items: [{ title: '가'.repeat(41), content: '내용' }] }, m.cannedTitleTooLong],
      [{ items: [{ title: '제목', content: '가'.repeat(2001) }] }, m.cannedContentTooLong],
      [{ items: Array.from({ length: 51 }, () => ({ title: '제목', content: '내용' })) }, m.cannedTooMany],
    ] as const) {
      const res = await api.call('PUT', '/api/chat/canned-replies', { ...as(operator), body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(text);
    }
    expect((await api.call('GET', '/api/chat/canned-replies', as(operator))).body.data).toEqual(saved.body.data);
    const user = await account('일반');
    expect((await api.call('GET', '/api/chat/canned-replies', as(user))).status).toBe(403);

    await api.call('PUT', '/api/chat/canned-replies', { ...as(operator), body: { items: [] } });
    expect((await api.call('GET', '/api/chat/canned-replies', as(operator))).body.data).toEqual(first.body.data);
  });
});
