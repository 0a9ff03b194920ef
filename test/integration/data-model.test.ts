import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { defaultFieldConfigs } from '../../shared/field-configs';

/** Access patterns of docs/data-model.md that no API test covers yet. */
let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack({ web: false });
});
afterAll(() => stack?.stop());

describe('data model access patterns', () => {
  it('#4 lists users newest first through GSI1, page by page', async () => {
    const { usersStore } = await import('../../functions/storage/users');
    for (const name of ['first', 'second', 'third']) {
      await stack.createUser({ email: `list${name}`, password: 'password1', fullName: name });
      await new Promise((r) => setTimeout(r, 5));
    }
    const page1 = await usersStore.listPage(2);
    expect(page1.items.map((u) => u.loginId)).toEqual(['listthird', 'listsecond']);
    const page2 = await usersStore.listPage(2, page1.cursor);
    expect(page2.items.map((u) => u.loginId)).toEqual(['listfirst', 'devadmin']);
  });

  it('#9 reads the bootstrapped field configs in display order, and bootstrap never overwrites', async () => {
    const { fieldConfigsStore } = await import('../../functions/storage/field-configs');
    const { bootstrap } = await import('../../functions/domain/bootstrap');
    const before = await fieldConfigsStore.list();
    expect(before.map((f) => f.field_key)).toEqual(defaultFieldConfigs.map((f) => f.field_key));

    await fieldConfigsStore.put({ ...before[0], label: '검색어' });
    const again = await bootstrap({ loginId: 'devadmin', password: 'ignored-now' });
    expect(again).toEqual({
      developerCreated: false,
      settingsWritten: 0,
      fieldConfigsWritten: 0,
      chatRoomsKeyed: 0,
      slotsKeyed: 0,
    });
    expect((await fieldConfigsStore.list())[0].label).toBe('검색어');
  });
  it('K1 finds a worker key by the hash of the key, and writes lastUsedAt at most once a minute', async () => {
    const { rankWorkerKeysStore } = await import('../../functions/storage/rank-worker-keys');
    const { authenticateWorker } = await import('../../functions/domain/rank-measurement/worker-auth');
    const { createHash } = await import('node:crypto');
    const key = 'rk_data-model-test-key-0123456789abcdefghijklmnopq';
    const keyHash = createHash('sha256').update(key).digest('hex');
    await rankWorkerKeysStore.put({
      id: 'K1',
      name: 'k1',
      prefix: key.slice(0, 10),
      keyHash,
      createdAt: new Date().toISOString(),
      createdBy: 'x',
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(await authenticateWorker(key)).toEqual({ keyId: 'K1', name: 'k1' });
    const first = (await rankWorkerKeysStore.byHash(keyHash))!.lastUsedAt;
    expect(first).toBeTruthy();
    await rankWorkerKeysStore.touch(
      keyHash,
      new Date(Date.now() + 1000).toISOString(),
      new Date(Date.now() - 60_000).toISOString(),
    );
    expect((await rankWorkerKeysStore.byHash(keyHash))!.lastUsedAt).toBe(first);
  });

  it('K3 reads tracked slots by stored status with the rank attributes only', async () => {
    const { rankSlotsStore } = await import('../../functions/storage/rank-slots');
    const { seedSlots } = await import('../support/rank');
    const owner = await stack.createUser({ email: 'rankdm', password: 'password1', fullName: 'rank' });
    await seedSlots(owner.id, [
      { id: 'DM-R1', keyword: '키', productId: '1', createdAt: '2030-03-01T00:00:00.000Z' },
      { id: 'DM-R2', keyword: '키', productId: '2', status: 'paused' },
    ]);
    const rows = await rankSlotsStore.byStatus('active');
    const row = rows.find((r) => r.id === 'DM-R1')!;
    expect(row).toMatchObject({ keyword: '키', url_product_id: '1', status: 'active', version: 1 });
    expect(row).not.toHaveProperty('customFields');
    expect(rows.find((r) => r.id === 'DM-R2')).toBeUndefined();

    // The planner's read: only the plan's attributes, by stretches of registration time [from, before).
    const planned = (await rankSlotsStore.planRows('active')).find((r) => r.id === 'DM-R1');
    expect(planned).toEqual({
      id: 'DM-R1',
      status: 'active',
      startDate: row.startDate,
      keyword: '키',
      url_product_id: '1',
      url_item_id: '1',
      url_vendor_item_id: '2',
    });
    const ids = async (range: { from?: string; before?: string }) =>
      (await rankSlotsStore.planRows('active', range)).map((r) => r.id);
    expect(await ids({ before: '2030-03-01T00:00:00.000Z' })).not.toContain('DM-R1');
    expect(await ids({ from: '2030-03-01T00:00:00.000Z', before: '2030-03-01T00:00:00.001Z' })).toEqual(['DM-R1']);
    expect(await ids({ from: '2030-03-01T00:00:00.001Z' })).not.toContain('DM-R1');
    const span = (await rankSlotsStore.registrationSpan('active'))!;
    expect(span.first <= '2030-03-01T00:00:00.000Z' && span.last >= '2030-03-01T00:00:00.000Z').toBe(true);
    expect(await rankSlotsStore.registrationSpan('refunded')).toBeNull();
  });

  it('S8s finds every slot by the time of its last write in its search partition (GSI3), whatever wrote it', async () => {
    const { slotsStore } = await import('../../functions/storage/slots');
    const { rankSlotsStore } = await import('../../functions/storage/rank-slots');
    const { slotSearchShard } = await import('../../functions/storage/keys');
    const { newSlotRecord } = await import('../../functions/domain/slots/slot-record');
    const { usersStore } = await import('../../functions/storage/users');
    const created = await stack.createUser({ email: 'searchdm', password: 'password1', fullName: 'search' });
    const owner = (await usersStore.get(created.id))!;
    const keyword = '검색 색인';
    const slot = newSlotRecord({
      id: 'DM-S1',
      owner,
      status: 'pending',
      slotNumber: 1,
      fields: {
        customFields: { keywords: keyword },
        keyword,
        url: '',
        mid: '',
        productId: '',
        itemId: '',
        vendorItemId: '',
      },
      price: 0,
      now: '2020-01-01T00:00:00.000Z',
    });
    const shard = slotSearchShard(slot.id);
    const beforeWrite = new Date().toISOString();
    await slotsStore.putBulkSlots([slot]);
    const found = (await slotsStore.searchRows(shard, beforeWrite)).find((r) => r.id === slot.id);
    // Registered long ago, written now: found by the write, with its search attributes.
    expect(found).toMatchObject({ keyword, customFields: { keywords: keyword }, version: 1 });
    await new Promise((r) => setTimeout(r, 5));
    const afterFirst = new Date().toISOString();
    expect((await slotsStore.searchRows(shard, afterFirst)).map((r) => r.id)).not.toContain(slot.id);
    // A later write of any kind (here the rank job's) moves it forward.
    expect(await rankSlotsStore.writeRank(slot, { rank: 3 })).toBe(true);
    expect((await slotsStore.searchRows(shard, afterFirst)).find((r) => r.id === slot.id)).toMatchObject({
      rank: 3,
      version: 2,
    });
    // The rank job's write of what the search does not hold (yesterday's rank, figures) leaves it where it
    // is: an hourly run does not make every searching process read every tracked slot again.
    await new Promise((r) => setTimeout(r, 5));
    const afterRank = new Date().toISOString();
    const ranked = (await slotsStore.get(slot.id))!;
    expect(await rankSlotsStore.writeRank(ranked, { rank: 3, yesterday_rank: 5, impressions: 40, clicks: 2 })).toBe(
      true,
    );
    expect((await slotsStore.searchRows(shard, afterRank)).map((r) => r.id)).not.toContain(slot.id);
    expect(await rankSlotsStore.writeRank({ ...ranked, version: 3 }, { rank: 4, product_name: '새 상품명' })).toBe(
      true,
    );
    expect((await slotsStore.searchRows(shard, afterRank)).find((r) => r.id === slot.id)).toMatchObject({
      rank: 4,
      product_name: '새 상품명',
      version: 4,
    });
    // The other partitions do not hold it.
    expect((await slotsStore.searchRows((shard + 1) % 8)).map((r) => r.id)).not.toContain(slot.id);
  });

  it("AN1–AN4 lists announcements newest first, counts one view per user in one transaction, reads a user's markers", async () => {
    const { announcementsStore } = await import('../../functions/storage/announcements');
    const now = new Date().toISOString();
    const base = {
      content: '<p>x</p>',
      content_type: 'html' as const,
      category: 'general' as const,
      priority: 'normal' as const,
      is_pinned: false,
      is_active: true,
      start_date: null,
      end_date: null,
      images: [],
      author_id: 'a',
      author_name: 'a',
      view_count: 0,
      created_at: now,
      updated_at: now,
    };
    await announcementsStore.create({ ...base, id: '01DMANN0000000000000000001', title: 'old' });
    await announcementsStore.create({ ...base, id: '01DMANN0000000000000000002', title: 'new' });
    const ids = (await announcementsStore.list()).map((a) => a.id);
    expect(ids.indexOf('01DMANN0000000000000000002')).toBeLessThan(ids.indexOf('01DMANN0000000000000000001'));
    expect(await announcementsStore.markRead('dm-user', '01DMANN0000000000000000002', now)).toBe('counted');
    expect(await announcementsStore.markRead('dm-user', '01DMANN0000000000000000002', now)).toBe('already');
    expect(await announcementsStore.markRead('dm-user', '01DMANN000000000000000000X', now)).toBe('missing');
    expect((await announcementsStore.get('01DMANN0000000000000000002', { consistent: true }))!.view_count).toBe(1);
    expect([...(await announcementsStore.readIdsOf('dm-user'))]).toEqual(['01DMANN0000000000000000002']);
  });

  it('N5 counts the broadcasts sent before an account once, stores that base, and never counts them unread', async () => {
    const { notify } = await import('../../functions/domain/notifications/notify');
    const { notificationCountsStore } = await import('../../functions/storage/notifications/counts');
    const { unreadCountOf } = await import('../../functions/domain/notifications/views');
    await notify('all', { title: '가입 전 공지', message: '보이지 않아야 합니다.' });
    await new Promise((r) => setTimeout(r, 5));
    const late = await stack.createUser({ email: 'n5late', password: 'password1', fullName: 'late' });
    await new Promise((r) => setTimeout(r, 5));
    expect((await notificationCountsStore.counts(late.id)).broadcastBase).toBeUndefined();
    expect(await unreadCountOf(late.id, 'user')).toBe(0);
    const stored = await notificationCountsStore.counts(late.id);
    expect(stored.broadcastBase).toBe(await notificationCountsStore.broadcastTotal());
    await notify('all', { title: '가입 후 공지', message: '보여야 합니다.' });
    expect(await unreadCountOf(late.id, 'user')).toBe(1);
    expect((await notificationCountsStore.counts(late.id)).broadcastBase).toBe(stored.broadcastBase);
  });

  it('N12 finds open connections by audience: role users for broadcasts, operators and developers for staff pushes', async () => {
    const { connectionsStore, connectionAudiencesStore, connectionOpeningsStore } =
      await import('../../functions/storage/connections');
    await connectionOpeningsStore.add('n12-user', 'u-n12', 'user');
    await connectionOpeningsStore.add('n12-operator', 'o-n12', 'operator');
    await connectionOpeningsStore.add('n12-developer', 'd-n12', 'developer');
    const ids = async (audience: 'users' | 'staff') => {
      const out: string[] = [];
      for await (const page of connectionAudiencesStore.ofAudience(audience, 1))
        out.push(...page.map((c) => c.connectionId));
      return out.sort();
    };
    expect(await ids('users')).toEqual(['n12-user']);
    expect(await ids('staff')).toEqual(['n12-developer', 'n12-operator']);
    await connectionsStore.remove('n12-user');
    expect(await ids('users')).toEqual([]);
  });
  it("CH3 refuses a message whose id is not above the room's last one (read markers stay exact), and a room changed since it was read", async () => {
    const { chatRoomsStore } = await import('../../functions/storage/chat/rooms');
    const { chatMessagesStore } = await import('../../functions/storage/chat/messages');
    const now = new Date().toISOString();
    const room = {
      id: '01DMCHATROOM00000000000001',
      name: 'r',
      status: 'active' as const,
      userId: 'dm-chat-user',
      userName: 'u',
      userLogin: 'u',
      createdAt: now,
      updatedAt: now,
      activityAt: now,
      lastMessage: null,
      lastMessageId: null,
      lastMessageAt: null,
      userUnread: 0,
      staffUnread: 0,
      userReadId: null,
      userReadAt: null,
      staffReadId: null,
      staffReadAt: null,
    };
    expect(await chatRoomsStore.createRoom(room)).toBe(true);
    expect(await chatRoomsStore.createRoom({ ...room, id: '01DMCHATROOM00000000000002' })).toBe(false); // one room per user
    const msg = (id: string) => ({
      id,
      roomId: room.id,
      side: 'user' as const,
      senderId: 'dm-chat-user',
      senderName: 'u',
      senderLogin: 'u',
      senderRole: 'user' as const,
      type: 'normal' as const,
      content: id,
      createdAt: now,
    });
    const after1 = await chatMessagesStore.appendMessage(room, msg('01DMCHATMSG000000000000002'), 'active');
    expect(after1).toMatchObject({ lastMessageId: '01DMCHATMSG000000000000002', staffUnread: 1 });
    await expect(
      chatMessagesStore.appendMessage(after1, msg('01DMCHATMSG000000000000001'), 'active'),
    ).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    await expect(
      chatMessagesStore.appendMessage({ ...after1, status: 'closed' }, msg('01DMCHATMSG000000000000003'), 'active'),
    ).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect((await chatMessagesStore.newestMessages(room.id, { offset: 0, limit: 10 })).items.map((m) => m.id)).toEqual([
      '01DMCHATMSG000000000000002',
    ]);
    // A read that missed a message is refused; re-read, it lands.
    await chatMessagesStore.appendMessage(after1, msg('01DMCHATMSG000000000000004'), 'active');
    await expect(chatMessagesStore.markRead(after1, 'staff', now)).rejects.toMatchObject({
      name: 'TransactionCanceledException',
    });
    const fresh = (await chatRoomsStore.getRoom(room.id))!;
    expect(await chatMessagesStore.markRead(fresh, 'staff', now)).toMatchObject({
      staffUnread: 0,
      staffReadId: '01DMCHATMSG000000000000004',
    });
  });

  it('CH5 reads the messages after an id in key order, and CH7 lists rooms by activity and by status', async () => {
    const { chatRoomsStore } = await import('../../functions/storage/chat/rooms');
    const { chatMessagesStore } = await import('../../functions/storage/chat/messages');
    const { chatCountersStore } = await import('../../functions/storage/chat/counters');
    const page = await chatMessagesStore.messagesAfter('01DMCHATROOM00000000000001', '01DMCHATMSG000000000000002', 10);
    expect(page).toEqual({ items: [expect.objectContaining({ id: '01DMCHATMSG000000000000004' })], hasMore: false });
    expect(
      (await chatMessagesStore.messagesAfter('01DMCHATROOM00000000000001', '01DMCHATMSG000000000000004', 10)).items,
    ).toEqual([]);
    const seen = (await chatRoomsStore.getRoom('01DMCHATROOM00000000000001'))!;
    expect((await chatRoomsStore.listRooms({ limit: 10 })).map((r) => r.id)).toContain(seen.id);
    await chatRoomsStore.setStatus(seen, 'archived', new Date().toISOString());
    expect((await chatRoomsStore.listRooms({ status: 'archived', limit: 10 })).map((r) => r.id)).toEqual([seen.id]);
    expect((await chatRoomsStore.listRooms({ status: 'active', limit: 10 })).map((r) => r.id)).not.toContain(seen.id);
    expect((await chatCountersStore.counters()).rooms).toMatchObject({ archived: 1 });
  });
});
