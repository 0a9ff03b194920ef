/**
 * The operator console's other lists at a business's scale, written straight through the storage
 * modules for a benchmark (like seed-slots.ts): chat rooms (one per user, with the users that own
 * them), pre-allocation issuances and announcements. Nothing here goes through the API: the bench
 * measures the reads.
 */
import { ulid } from 'ulid';

const DAY_MS = 86_400_000;

/** Users without slots (chat-only customers), ids `BENCHCHAT{n}`, login ids `benchchat{n}`. */
async function seedUsers(count: number, base: number) {
  const { usersStore } = await import('../functions/storage/users');
  const ids: string[] = [];
  for (let u = 0; u < count; u++) {
    const now = new Date(base - u).toISOString();
    const id = `BENCHCHAT${String(u).padStart(5, '0')}`;
    await usersStore.create({
      id,
      loginId: `benchchat${u}`,
      role: 'user',
      fullName: `문의고객${u}`,
      phone: null,
      isActive: true,
      passwordHash: 'x',
      permissions: [],
      createdAt: now,
      updatedAt: now,
      lastLoginAt: null,
    });
    ids.push(id);
  }
  return ids;
}

/**
 * One chat room per user given, plus `extraUsers` new users with a room each. Room i's last activity
 * is i × 10 minutes ago; every fourth is closed, every tenth archived, every fifth has unread user
 * messages (counted on the rooms; the staff-wide unread counter is not moved).
 */
export async function seedChatRooms(opts: {
  userIds: string[];
  userNames: (id: string) => [string, string];
  extraUsers: number;
}) {
  const { chatRoomsStore } = await import('../functions/storage/chat/rooms');
  const base = Date.now() - 1000;
  const extra = await seedUsers(opts.extraUsers, base);
  const owners = [...opts.userIds.map((id) => [id, ...opts.userNames(id)] as const)];
  for (const [i, id] of extra.entries()) owners.push([id, `문의고객${i}`, `benchchat${i}`] as const);
  const t = performance.now();
  const byStatus = { active: 0, closed: 0, archived: 0 };
  let unread = 0;
  for (const [i, [userId, userName, userLogin]] of owners.entries()) {
    const at = base - i * 10 * 60_000;
    const iso = new Date(at).toISOString();
    const status = i % 10 === 0 ? 'archived' : i % 4 === 0 ? 'closed' : 'active';
    const staffUnread = i % 5 === 0 ? 1 + (i % 3) : 0;
    byStatus[status] += 1;
    if (staffUnread) unread += 1;
    const created = await chatRoomsStore.createRoom({
      id: ulid(at),
      name: `${userName}님의 문의`,
      status,
      userId,
      userName,
      userLogin,
      createdAt: iso,
      updatedAt: iso,
      activityAt: iso,
      lastMessage: `문의드립니다 ${i}`,
      lastMessageId: ulid(at),
      lastMessageAt: iso,
      userUnread: 0,
      staffUnread,
      userReadId: null,
      userReadAt: null,
      staffReadId: null,
      staffReadAt: null,
    });
    if (!created) throw new Error(`room of ${userId} exists`);
  }
  return { rooms: owners.length, byStatus, unreadRooms: unread, users: extra.length, ms: performance.now() - t };
}

/**
 * `count` issuances to the given users (round robin) by `operators` (round robin), one every
 * `spacingMs` going back from now; written 100 to a transaction (records only: the bench reads the
 * history, not the issued slots).
 */
export async function seedAllocations(opts: {
  count: number;
  users: Array<{ id: string; name: string; login: string }>;
  operators: Array<{ id: string; name: string }>;
  spacingMs: number;
}) {
  const { slotAllocationsStore } = await import('../functions/storage/slot-allocations');
  const { transact } = await import('../functions/storage/transactions');
  const { kstDayOf } = await import('../shared/kst');
  const base = Date.now() - 1000;
  const t = performance.now();
  const perOperator = new Map<string, number>();
  const perOperatorDay = new Map<string, number>();
  for (let start = 0; start < opts.count; start += 100) {
    const batch = Array.from({ length: Math.min(100, opts.count - start) }, (_, k) => {
      const i = start + k;
      const at = base - i * opts.spacingMs;
      const user = opts.users[i % opts.users.length];
      const op = opts.operators[i % opts.operators.length];
      const day = kstDayOf(new Date(at).toISOString());
      perOperator.set(op.id, (perOperator.get(op.id) ?? 0) + 1);
      perOperatorDay.set(`${op.id}|${day}`, (perOperatorDay.get(`${op.id}|${day}`) ?? 0) + 1);
      return slotAllocationsStore.put({
        id: ulid(at),
        createdAt: new Date(at).toISOString(),
        userId: user.id,
        user_name: user.name,
        user_email: user.login,
        operatorId: op.id,
        operator_name: op.name,
        slot_count: 1 + (i % 20),
        reason: i % 3 === 0 ? '이벤트 발행' : null,
        memo: null,
        amount: 0,
        workCount: 0,
        startDate: day,
        endDate: day,
        is_test: false,
        payment: false,
        payment_at: null,
        payment_by: null,
      });
    });
    // The records alone (the counts would repeat one item in a transaction): counted at the end, over
    // all time and per day (the records carry the mark of counted days, as written by the product).
    await transact(batch.map((items) => items[0]));
  }
  for (const [operatorId, n] of perOperator) await transact(slotAllocationsStore.count(operatorId, n));
  for (const [group, n] of perOperatorDay) {
    const [operatorId, day] = group.split('|');
    await transact(slotAllocationsStore.countDay(operatorId, day, n));
  }
  return { issuances: opts.count, ms: performance.now() - t };
}

/** `count` announcements by one author, one every `spacingDays` going back; every seventh about '점검'. */
export async function seedAnnouncements(opts: {
  count: number;
  author: { id: string; name: string };
  spacingDays: number;
}) {
  const { announcementsStore } = await import('../functions/storage/announcements');
  const base = Date.now() - 1000;
  const t = performance.now();
  const categories = ['general', 'event', 'update', 'maintenance'] as const;
  for (let i = 0; i < opts.count; i++) {
    const at = new Date(base - i * opts.spacingDays * DAY_MS).toISOString();
    await announcementsStore.create({
      id: ulid(Date.parse(at)),
      title: i % 7 === 0 ? `서버 점검 안내 ${i}` : `공지사항 ${i}`,
      content: `<p>공지 내용 ${i}</p>`.repeat(20),
      content_type: 'html',
      category: categories[i % 4],
      priority: 'normal',
      is_pinned: false,
      is_active: i % 6 !== 0,
      start_date: null,
      end_date: null,
      images: [],
      author_id: opts.author.id,
      author_name: opts.author.name,
      view_count: 0,
      created_at: at,
      updated_at: at,
    });
  }
  return { announcements: opts.count, ms: performance.now() - t };
}
