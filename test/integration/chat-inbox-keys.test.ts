import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, setSetting } from '../support/slots';
import { inboxReader } from '../support/chat-inbox';
import { recordStoreCalls, type StoreCall } from '../support/store-calls';
import { keys } from '../../functions/storage/keys';

/**
 * The inbox's keys (docs/data-model.md CH7, CH7u): `unread=true` pages come from the sparse unread
 * index and read no read room; a search by part of a name reads the name-suffix keys and the rooms
 * they name, never the user list; a renamed user's room follows the name; rooms written before the
 * keys existed get them once at bootstrap. What the store was asked and answered is recorded on the
 * one DocumentClient the handlers use (they run in this process).
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: { id: string; token: string };

/**
 * Every store call made while `work` runs, named `reads` here as the tests read them. Without the
 * settings: every request reads them through a 10 s cache, so whether a read of them falls inside
 * the recording depends on the machine's speed since the last one, not on the inbox.
 */
const recordingReads = async <T>(work: () => Promise<T>) => {
  const { result, calls } = await recordStoreCalls(work);
  const settingsPk = keys.settingsPartition().PK;
  return { result, reads: calls.filter((c) => c.input.ExpressionAttributeValues?.[':pk'] !== settingsPk) };
};
const roomsRead = (reads: StoreCall[]) => reads.flatMap((r) => r.items).filter((i) => i.entity === 'chatRoom');

const { inbox, allPages } = inboxReader(() => ({ api, token: operator.token }));

/** A room written through the storage module (the bench's way), `minutesAgo` of activity. */
async function seedRoom(opts: {
  name: string;
  status?: 'active' | 'closed' | 'archived';
  unread?: number;
  minutesAgo: number;
}) {
  const { chatRoomsStore } = await import('../../functions/storage/chat/rooms');
  const at = new Date(Date.now() - opts.minutesAgo * 60_000).toISOString();
  const id = ulid(Date.parse(at));
  const created = await chatRoomsStore.createRoom({
    id,
    name: `${opts.name}님의 문의`,
    status: opts.status ?? 'active',
    userId: `SEED${id}`,
    userName: opts.name,
    userLogin: `seed${id.toLowerCase()}`,
    createdAt: at,
    updatedAt: at,
    activityAt: at,
    lastMessage: '문의',
    lastMessageId: id,
    lastMessageAt: at,
    userUnread: 0,
    staffUnread: opts.unread ?? 0,
    userReadId: null,
    userReadAt: null,
    staffReadId: null,
    staffReadAt: null,
  });
  expect(created).toBe(true);
  return id;
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator' });
  // chatEnabled is off by default, and then the server refuses advertisers' messages.
  await setSetting('chatEnabled', true);
});
afterAll(() => stack?.stop());

describe('chat inbox keys', () => {
  it('pages unread rooms (all, and per status) from the unread index alone, as messages, reads and status changes move them', async () => {
    // 40 read rooms among 6 unread ones over three statuses, plus rooms a user and the operator move through the API.
    const unread: Record<string, string[]> = { active: [], closed: [], archived: [] };
    for (let i = 0; i < 46; i++) {
      const status = (['active', 'closed', 'archived'] as const)[i % 3];
      const isUnread = i % 8 === 0;
      const id = await seedRoom({
        name: `읽음확인${i}`,
        status,
        unread: isUnread ? 1 + (i % 3) : 0,
        minutesAgo: 100 + i,
      });
      if (isUnread) unread[status].push(id);
    }
    const writer = await newAccount(stack, { name: '새문의' });
    const sent = await api.call('POST', '/api/chat/messages', { token: writer.token, body: { content: '안녕하세요' } });
    expect(sent.status).toBeLessThan(300);
    const newRoom = sent.body.data.room.id as string;
    unread.active.unshift(newRoom);
    // An unread room read by the operator leaves the list; another, closed, moves to the closed list.
    const [readNow, closeNow] = unread.active.splice(1, 2);
    expect((await api.call('PUT', `/api/chat/rooms/${readNow}/read`, { token: operator.token })).status).toBe(200);
    const closed = await api.call('PUT', `/api/chat/rooms/${closeNow}/status`, {
      token: operator.token,
      body: { status: 'closed' },
    });
    expect(closed.status).toBe(200);
    unread.closed.push(closeNow);
    // The operator answers the new room: still unread (staff read nothing), still first.
    const answer = await api.call('POST', `/api/chat/rooms/${newRoom}/messages`, {
      token: operator.token,
      body: { content: '확인하겠습니다' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);

    const all = [...unread.active, ...unread.closed, ...unread.archived];
    const { result: ids, reads } = await recordingReads(() => allPages('unread=true', 2));
    expect(new Set(ids)).toEqual(new Set(all));
    expect(ids).toHaveLength(all.length);
    expect(ids[0]).toBe(newRoom);
    // Every room the store handed over was unread; no list of every room (GSI1) or of a status (GSI2) was queried.
    expect(roomsRead(reads).length).toBeGreaterThan(0);
    for (const room of roomsRead(reads)) expect(room.staffUnread, room.id).toBeGreaterThan(0);
    const queried = reads.filter((r) => r.command === 'QueryCommand').map((r) => r.input.IndexName);
    expect(new Set(queried)).toEqual(new Set(['GSI3']));

    for (const status of ['active', 'closed', 'archived'] as const) {
      const { result, reads: statusReads } = await recordingReads(() => allPages(`unread=true&status=${status}`, 2));
      expect(new Set(result), status).toEqual(new Set(unread[status]));
      for (const room of roomsRead(statusReads)) {
        expect(room.staffUnread).toBeGreaterThan(0);
        expect(room.status).toBe(status);
      }
      // The status is filtered within the unread index: nothing else was queried.
      const indexes = statusReads.filter((r) => r.command === 'QueryCommand').map((r) => r.input.IndexName);
      expect(new Set(indexes)).toEqual(new Set(['GSI3']));
    }
    // The rooms read and answered show their counts as before: read → gone, answered → still its user's one message.
    const page = await inbox('unread=true&limit=200');
    expect(page.items.find((r) => r.id === newRoom)?.unread_count).toBe(1);
    expect(page.items.map((r) => r.id)).not.toContain(readNow);
  });

  it('finds rooms by any part of the name (any case, one character, longer than the indexed piece) without the user list', async () => {
    const names = ['김민수', '박민수', '김영희', 'Alice Kim', '가나다라마바사아자차카타파하가나다라마바사아자'];
    const rooms = new Map<string, string>();
    for (const name of names) {
      const a = await newAccount(stack, { name });
      const res = await api.call('POST', '/api/chat/messages', { token: a.token, body: { content: '문의' } });
      rooms.set(name, res.body.data.room.id);
    }
    for (let i = 0; i < 30; i++) await seedRoom({ name: `문의고객${i}`, minutesAgo: 300 + i });
    const search = async (text: string) => {
      const { result, reads } = await recordingReads(() => inbox(`user=${encodeURIComponent(text)}`));
      // Never the user list (GSI1 USERS) nor a room listing: the name keys, then the rooms they name.
      for (const r of reads.filter((x) => x.command === 'QueryCommand')) {
        expect(r.input.IndexName, JSON.stringify(r.input)).toBeUndefined();
        expect(String(r.input.ExpressionAttributeValues?.[':pk'] ?? '')).toMatch(/^CHATNAME#/);
      }
      // Only rooms whose name holds the search's first 20 characters (the indexed piece) were read.
      const piece = Array.from(text.toLowerCase()).slice(0, 20).join('');
      for (const room of roomsRead(reads)) expect(room.userName.toLowerCase()).toContain(piece);
      expect(roomsRead(reads).length).toBeGreaterThanOrEqual(result.items.length);
      return result.items;
    };
    expect(new Set((await search('민수')).map((r) => r.id))).toEqual(
      new Set([rooms.get('김민수'), rooms.get('박민수')]),
    );
    expect(new Set((await search('김')).map((r) => r.id))).toEqual(new Set([rooms.get('김민수'), rooms.get('김영희')]));
    expect((await search('kim')).map((r) => r.user_name)).toEqual(['Alice Kim']);
    expect((await search('E K')).map((r) => r.user_name)).toEqual(['Alice Kim']);
    expect(await search('문의고객1')).toHaveLength(11);
    const long = names[4];
    expect((await search(long.slice(1))).map((r) => r.id)).toEqual([rooms.get(long)]);
    expect(await search(`${long.slice(1, 22)}X`)).toEqual([]);
    expect(await search('없는사람')).toEqual([]);
    // Filters still apply to what the search found.
    expect(await search('문의고객2')).toHaveLength(11);
    expect((await inbox(`user=${encodeURIComponent('문의고객2')}&status=closed`)).items).toEqual([]);
  });

  it("follows a user's new name (operator edit and own profile): shown, found by it, not by the old one", async () => {
    const a = await newAccount(stack, { name: '홍길동' });
    const res = await api.call('POST', '/api/chat/messages', { token: a.token, body: { content: '문의' } });
    const roomId = res.body.data.room.id as string;
    const renamed = await api.call('PUT', `/api/users/${a.id}`, {
      token: operator.token,
      body: { fullName: '최길순' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await inbox(`user=${encodeURIComponent('길순')}`)).items.map((r) => [r.id, r.user_name])).toEqual([
      [roomId, '최길순'],
    ]);
    expect((await inbox(`user=${encodeURIComponent('홍길')}`)).items).toEqual([]);
    const own = await api.call('PUT', '/api/auth/profile', { token: a.token, body: { fullName: '최길동' } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await inbox(`user=${encodeURIComponent('길동')}`)).items.map((r) => r.user_name)).toEqual(['최길동']);
    expect((await inbox(`user=${encodeURIComponent('길순')}`)).items).toEqual([]);
    // The old name's pieces are gone, the new one's are there: one item per distinct suffix.
    const { queryAll } = await import('../../functions/storage/item-io');
    const { chatKeys } = await import('../../functions/storage/keys');
    const { tableName } = await import('../../functions/storage/client');
    const pieces = async (first: string) =>
      (
        await queryAll({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': chatKeys.roomNameSuffixes(first).PK },
        })
      ).filter((i) => i.roomId === roomId);
    expect((await pieces('길')).map((i) => i.SK)).toEqual([`길동#${roomId}`]);
    expect(await pieces('홍')).toEqual([]);
  });

  it('bootstrap gives rooms written before the keys their unread and name keys, once, even run twice at once', async () => {
    const { db, tableName } = await import('../../functions/storage/client');
    const { chatRoomsStore } = await import('../../functions/storage/chat/rooms');
    const { bootstrap } = await import('../../functions/domain/bootstrap');
    const { chatKeys } = await import('../../functions/storage/keys');
    // Rooms as the previous version wrote them: listing keys only, no GSI3 and no name pieces.
    const old: Array<{ id: string; name: string; status: string; staffUnread: number }> = [];
    for (let i = 0; i < 6; i++) {
      const at = new Date(Date.now() - (2000 + i) * 60_000).toISOString();
      const id = ulid(Date.parse(at));
      const room = {
        id,
        name: `옛고객${i}님의 문의`,
        status: (['active', 'closed', 'archived'] as const)[i % 3],
        userId: `OLD${id}`,
        userName: `옛고객${i}`,
        userLogin: `old${i}`,
        createdAt: at,
        updatedAt: at,
        activityAt: at,
        lastMessage: '예전 문의',
        lastMessageId: id,
        lastMessageAt: at,
        userUnread: 0,
        staffUnread: i % 2 ? 0 : 2,
        userReadId: null,
        userReadAt: null,
        staffReadId: null,
        staffReadAt: null,
      };
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...chatKeys.room(id),
            ...chatKeys.roomListing(at, id),
            ...chatKeys.roomsByStatus(room.status, at, id),
            entity: 'chatRoom',
            ...room,
          },
        }),
      );
      old.push(room);
    }
    const oldUnread = old.filter((r) => r.staffUnread > 0).map((r) => r.id);
    const unreadIds = async () => (await chatRoomsStore.listRooms({ unread: true, limit: 200 })).map((r) => r.id);
    expect(await unreadIds()).not.toEqual(expect.arrayContaining(oldUnread));
    expect((await inbox(`user=${encodeURIComponent('옛고객')}`)).items).toEqual([]);

    const runs = await Promise.all([
      bootstrap({ loginId: 'devadmin', password: 'x' }),
      bootstrap({ loginId: 'devadmin', password: 'x' }),
    ]);
    expect(runs.map((r) => r.chatRoomsKeyed).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(old.length);
    expect((await bootstrap({ loginId: 'devadmin', password: 'x' })).chatRoomsKeyed).toBe(0);

    expect(await unreadIds()).toEqual(expect.arrayContaining(oldUnread));
    const closedUnread = old.filter((r) => r.staffUnread > 0 && r.status === 'closed').map((r) => r.id);
    expect((await chatRoomsStore.listRooms({ unread: true, status: 'closed', limit: 200 })).map((r) => r.id)).toEqual(
      expect.arrayContaining(closedUnread),
    );
    for (const r of old.filter((x) => x.staffUnread === 0)) expect(await unreadIds()).not.toContain(r.id);
    const found = await inbox(`user=${encodeURIComponent('옛고객')}`);
    expect(new Set(found.items.map((r) => r.id))).toEqual(new Set(old.map((r) => r.id)));
    expect((await inbox(`user=${encodeURIComponent('옛고객3')}`)).items.map((r) => r.id)).toEqual([old[3].id]);
    // The keyed rooms behave like new ones: the operator reads one, and it leaves the unread list.
    expect((await api.call('PUT', `/api/chat/rooms/${oldUnread[0]}/read`, { token: operator.token })).status).toBe(200);
    expect(await unreadIds()).not.toContain(oldUnread[0]);
  });
});
