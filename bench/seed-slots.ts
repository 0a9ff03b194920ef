import { benchAdvertiser } from './bench-advertiser';

/**
 * Many advertisers' slots written straight through the storage modules for a benchmark (BatchWrite;
 * counters in one transaction per user, equal to what was written, then checked): the operator's
 * list over tens of thousands of slots without registering each through the API.
 */
/** Slot i's stored status and dates: 30 % pending, 40 % active, the rest spread over the others. */
function shapeOf(i: number, today: string, addKstDays: (d: string, n: number) => string) {
  const k = i % 20;
  if (k < 6) return { status: 'pending' as const };
  if (k < 14) return { status: 'active' as const, startDate: addKstDays(today, -10), endDate: addKstDays(today, 20) };
  if (k === 14) return { status: 'waiting' as const, startDate: addKstDays(today, 5), endDate: addKstDays(today, 35) };
  if (k === 15) return { status: 'paused' as const, startDate: addKstDays(today, -5), endDate: addKstDays(today, 25) };
  if (k === 16)
    return { status: 'completed' as const, startDate: addKstDays(today, -60), endDate: addKstDays(today, -30) };
  if (k === 17) return { status: 'empty' as const, blank: true };
  if (k === 18) return { status: 'rejected' as const };
  return { status: 'expired' as const, startDate: addKstDays(today, -90), endDate: addKstDays(today, -60) };
}

/**
 * `spacingMs`: the time between two registrations going back from now (default 1.5 s: every slot of
 * a 20,000-slot seed registered within the last 9 hours; a registration-period search wants them
 * spread over months instead).
 */
export async function seedStaffSlots(opts: {
  users: number;
  slotsPerUser: number;
  spacingMs?: number;
  /** Users written at once (default 1). Above 1 the global counts move once, at the end. */
  parallel?: number;
}) {
  const USERS = opts.users;
  const SLOTS_PER_USER = opts.slotsPerUser;
  const spacingMs = opts.spacingMs ?? 1_500;
  const { usersStore } = await import('../functions/storage/users');
  const { slotsStore } = await import('../functions/storage/slots');
  const { slotCountersStore } = await import('../functions/storage/slot-counters');
  const { transact } = await import('../functions/storage/transactions');
  const { inParallel } = await import('../functions/commons/batching');
  const { newSlotRecord, statusMove } = await import('../functions/domain/slots/slot-record');
  const { kstToday, addKstDays } = await import('../shared/kst');
  const today = kstToday();
  const t = performance.now();
  const base = Date.now() - 1000;
  const expected: Record<string, number> = {};
  const parallel = opts.parallel ?? 1;
  const allDeltas: Record<string, number> = {};
  const seedUser = async (u: number) => {
    const now = new Date(base - u).toISOString();
    const owner = benchAdvertiser(`BENCHUSER${String(u).padStart(4, '0')}`, `benchuser${u}`, `광고주${u}`, now);
    await usersStore.create(owner);
    const deltas: Record<string, number> = {};
    const slots = Array.from({ length: SLOTS_PER_USER }, (_, s) => {
      const i = u * SLOTS_PER_USER + s;
      const shape = shapeOf(i, today, addKstDays);
      const at = new Date(base - i * spacingMs - USERS).toISOString(); // one registration every spacingMs going back
      for (const [k, n] of Object.entries(statusMove(undefined, shape.status))) deltas[k] = (deltas[k] ?? 0) + n!;
      expected[shape.status] = (expected[shape.status] ?? 0) + 1;
      const keyword = 'blank' in shape ? '' : `벤치 키워드 ${i}`;
      const url =
        'blank' in shape
          ? ''
          : `https://www.coupang.com/vp/products/${100000 + i}?itemId=${200000 + i}&vendorItemId=${300000 + i}`;
      return newSlotRecord({
        id: `BENCHSLOT${String(i).padStart(6, '0')}`,
        owner,
        status: shape.status,
        slotNumber: s + 1,
        fields: {
          customFields: keyword ? { keywords: keyword, landingUrl: url, mid: `MID${i}` } : {},
          keyword,
          url,
          mid: keyword ? `MID${i}` : '',
          productId: '',
          itemId: '',
          vendorItemId: '',
        },
        price: 50_000,
        startDate: 'startDate' in shape ? shape.startDate : null,
        endDate: 'endDate' in shape ? shape.endDate : null,
        now: at,
      });
    });
    await slotsStore.putBulkSlots(slots);
    const userCounts = slotCountersStore.userUpdate(owner.id, deltas, { seq: { expected: 0, next: SLOTS_PER_USER } });
    // Users seeded at once would contend on the global shards: those move once, after all of them.
    if (parallel > 1) {
      await transact([userCounts]);
      for (const [k, n] of Object.entries(deltas)) allDeltas[k] = (allDeltas[k] ?? 0) + n;
    } else await transact([userCounts, slotCountersStore.globalUpdate(deltas)]);
  };
  await inParallel(
    Array.from({ length: USERS }, (_, u) => u),
    parallel,
    seedUser,
  );
  if (parallel > 1) await transact([slotCountersStore.globalUpdate(allDeltas)]);
  const seedMs = performance.now() - t;
  const counted = (await slotCountersStore.global({ consistent: true })).byStatus;
  for (const [status, n] of Object.entries(expected))
    if (counted[status as keyof typeof counted] !== n)
      throw new Error(`counter ${status}: ${counted[status as keyof typeof counted]}, written ${n}`);
  return { expected, seedMs };
}
