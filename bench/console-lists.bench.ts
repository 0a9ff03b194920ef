import { loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { addKstDays, kstToday } from '../shared/kst';
import { startBenchStack } from './local-stack';
import type { CallInputAt } from '../shared/api-client';
import type { Route } from '../shared/contract/index';
import { loadRunner, type ScenarioCall } from './load-scenario';
import { seedAllocations, seedAnnouncements, seedChatRooms } from './seed-console';
import { seedStaffSlots } from './seed-slots';
import { machineFacts, round } from './stats';

/**
 * Console lists benchmark (`npm run bench console-lists`; not a timed test): the operator console's
 * searchable lists at a business's scale — 20,000 slots of 2,000 advertisers registered over a year,
 * 5,000 chat rooms (the advertisers' and 3,000 chat-only customers'), 5,000 issuances over a year by
 * two operators, 500 announcements — each read at 20 clients in flight. Everything is seeded through
 * the storage modules (seed-slots.ts, seed-console.ts). Target: p95 ≤ 300 ms per list, locally.
 * The machine's load average is recorded at start and end: the figures are what this machine gave.
 * `CONSOLE_LISTS_SLOTS=100000` seeds 100,000 slots of 10,000 advertisers instead (the slot search's scale).
 * `CONSOLE_LISTS_ONLY=issuanceHistory[,chatInbox…]` runs only those lists (on the same seed) for a quick rerun.
 */
const DAY_MS = 86_400_000;
/** `CONSOLE_LISTS_SLOTS=100000` seeds 100,000 slots (10,000 advertisers) instead of 20,000. */
const SLOTS = Number(process.env.CONSOLE_LISTS_SLOTS ?? 20_000);
const SLOTS_PER_USER = 10;
const USERS = Math.ceil(SLOTS / SLOTS_PER_USER);
const CHAT_ONLY_USERS = 3_000;
const ISSUANCES = 5_000;
const ANNOUNCEMENTS = 500;
const CONCURRENCY = 20;
const REQUESTS = 200;
const TARGET_P95_MS = 300;

export async function runConsoleListsBench(log: (msg: string) => void = console.log) {
  const only = process.env.CONSOLE_LISTS_ONLY?.split(',').map((l) => l.trim());
  const loadAtStart = loadavg()[0];
  const stack = await startBenchStack();
  try {
    const { createUser } = await import('../functions/domain/auth/auth-service');
    log(`seeding ${USERS * SLOTS_PER_USER} slots of ${USERS} users over 365 days …`);
    const slots = await seedStaffSlots({
      users: USERS,
      slotsPerUser: SLOTS_PER_USER,
      spacingMs: Math.floor((365 * DAY_MS) / (USERS * SLOTS_PER_USER)),
      parallel: 8,
    });
    log(`slots seeded in ${round(slots.seedMs)} ms`);
    const op = await createUser({
      loginId: 'benchoperator',
      password: 'benchpass1',
      fullName: '운영자',
      role: 'operator',
    });
    const op2 = await createUser({
      loginId: 'benchop2',
      password: 'benchpass1',
      fullName: '발행담당',
      role: 'operator',
    });
    const userNo = (id: string) => Number(id.replace('BENCHUSER', ''));
    const advertiserIds = Array.from({ length: USERS }, (_, u) => `BENCHUSER${String(u).padStart(4, '0')}`);
    const wanted = (list: string) => !only || only.includes(list);
    const none = { ms: 0 };
    const rooms = wanted('chatInbox')
      ? (log(`seeding ${USERS + CHAT_ONLY_USERS} chat rooms …`),
        await seedChatRooms({
          userIds: advertiserIds,
          userNames: (id) => [`광고주${userNo(id)}`, `benchuser${userNo(id)}`],
          extraUsers: CHAT_ONLY_USERS,
        }))
      : undefined;
    if (rooms) log(`rooms seeded in ${round(rooms.ms)} ms`);
    const issuances = wanted('issuanceHistory')
      ? await seedAllocations({
          count: ISSUANCES,
          users: advertiserIds.map((id) => ({ id, name: `광고주${userNo(id)}`, login: `benchuser${userNo(id)}` })),
          operators: [
            { id: op.id, name: '운영자' },
            { id: op2.id, name: '발행담당' },
          ],
          spacingMs: Math.floor((365 * DAY_MS) / ISSUANCES),
        })
      : none;
    const announcements = wanted('announcementsAdmin')
      ? await seedAnnouncements({ count: ANNOUNCEMENTS, author: { id: op.id, name: '운영자' }, spacingDays: 2 })
      : none;
    log(`issuances in ${round(issuances.ms)} ms, announcements in ${round(announcements.ms)} ms`);

    const { get, scenario } = await loadRunner({
      url: stack.url,
      loginId: 'benchoperator',
      password: 'benchpass1',
      concurrency: CONCURRENCY,
      log,
    });
    const today = kstToday();
    const chatFirst = rooms ? await get('GET /api/chat/rooms', { query: { limit: 50 } }).send() : undefined;
    const chatPage2 = rooms
      ? await get('GET /api/chat/rooms', { query: { limit: 50, cursor: chatFirst?.nextCursor ?? undefined } }).send()
      : undefined;
    const annFirst = wanted('announcementsAdmin')
      ? await get('GET /api/announcements', { query: { includeInactive: 'true', limit: 20 } }).send()
      : undefined;

    // The staff search's copy of every slot (S8s). The snapshot job's first run loads it from the index
    // whole (what a process's first search did before snapshots) and stores it; then the copy is dropped
    // and loaded as a new process's first search loads it: the snapshot and the index rows written since.
    // The scenarios below search the loaded copy (the local server is one process).
    let searchCopyLoad: Record<string, unknown> | undefined;
    if (wanted('slots')) {
      const { runSlotSearchSnapshotJob } = await import('../functions/domain/slots/search-snapshot-job');
      const { searchRows, dropSearchCopies, lastCopyLoad } = await import('../functions/domain/slots/search-copy');
      const job = await runSlotSearchSnapshotJob();
      const indexLoad = lastCopyLoad();
      log(`snapshot job (whole index): ${JSON.stringify(job)}`);
      dropSearchCopies();
      const started = performance.now();
      await searchRows();
      const coldMs = round(performance.now() - started);
      searchCopyLoad = {
        jobCopyLoad: indexLoad,
        snapshotJob: job,
        coldFromSnapshotMs: coldMs,
        coldLoad: lastCopyLoad(),
        rssMb: round(process.memoryUsage().rss / 1e6),
      };
      log(`search copy from the snapshot: ${JSON.stringify(searchCopyLoad)}`);
    }

    const slotList = (query: CallInputAt<Route, 'GET /api/slots'>['query']) => get('GET /api/slots', { query });
    const issuanceList = (query: CallInputAt<Route, 'GET /api/slots/allocation-history'>['query']) =>
      get('GET /api/slots/allocation-history', { query });
    const announcementsAdmin = (query: CallInputAt<Route, 'GET /api/announcements'>['query']) =>
      get('GET /api/announcements', { query: { includeInactive: 'true', limit: 20, ...query } });
    const chatRooms = (query: CallInputAt<Route, 'GET /api/chat/rooms'>['query']) =>
      get('GET /api/chat/rooms', { query });
    const lists: Record<string, Record<string, ScenarioCall>> = {
      slots: {
        'keyword + user (login id)': slotList({ keyword: '벤치 키워드', user: 'benchuser1234', limit: 10 }),
        'keyword + URL + last 30 days': slotList({
          keyword: '키워드 1',
          url: 'coupang',
          dateFrom: addKstDays(today, -29),
          dateTo: today,
          limit: 10,
        }),
        'keyword + status, every registration date': slotList({ keyword: '키워드 1', status: 'active', limit: 10 }),
        'simple search (all fields), every slot': slotList({ search: `키워드 ${SLOTS - 7}`, limit: 10 }),
        'slot number, every user': slotList({ slotNumber: 7, limit: 10 }),
        'URL part, registered 300–330 days ago': slotList({
          url: 'products/1',
          dateFrom: addKstDays(today, -330),
          dateTo: addKstDays(today, -300),
          limit: 10,
        }),
      },
      issuanceHistory: {
        'by user (login id)': issuanceList({ userId: 'benchuser1234', limit: 20 }),
        'by operator (login id), all time': issuanceList({ operatorId: 'benchop2', limit: 20 }),
        'by operator, last 30 days': issuanceList({
          operatorId: 'benchop2',
          dateFrom: addKstDays(today, -29),
          limit: 20,
        }),
      },
      announcementsAdmin: {
        'first page': announcementsAdmin({}),
        'second page (cursor)': announcementsAdmin({ cursor: annFirst?.nextCursor ?? undefined }),
        'search 점검 + active': announcementsAdmin({ search: '점검', active: 'active' }),
      },
      chatInbox: {
        'first page': chatRooms({ limit: 50 }),
        'third page (cursor)': chatRooms({ limit: 50, cursor: chatPage2?.nextCursor ?? undefined }),
        'status closed': chatRooms({ status: 'closed', limit: 50 }),
        unread: chatRooms({ unread: 'true', limit: 50 }),
        'unread + status active': chatRooms({ unread: 'true', status: 'active', limit: 50 }),
        'user by login id': chatRooms({ user: 'benchchat2345' }),
        'user by part of the name': chatRooms({ user: '문의고객123' }),
      },
    };
    // Garbage-collection pauses while each scenario ran (server and clients share this process's heap).
    const pauses: number[] = [];
    const gc = new PerformanceObserver((list) => pauses.push(...list.getEntries().map((e) => e.duration)));
    gc.observe({ entryTypes: ['gc'] });
    const pausesSince = (from: number) => {
      const since = pauses.slice(from);
      return {
        count: since.length,
        maxMs: round(Math.max(0, ...since)),
        totalMs: round(since.reduce((n, d) => n + d, 0)),
      };
    };
    // The cheapest signed-in read, in the same run: how loaded the machine was while the lists ran.
    const base = (await scenario('cash balance (base)', get('GET /api/cash/balance'), REQUESTS)).result;
    const results: Record<string, Record<string, unknown>> = {};
    let worst = 0;
    for (const [list, scenarios] of Object.entries(lists)) {
      if (only && !only.includes(list)) continue;
      results[list] = {};
      for (const [name, call] of Object.entries(scenarios)) {
        const requests = REQUESTS;
        const gcFrom = pauses.length;
        const { result, first } = await scenario(`${list}: ${name}`, call, requests);
        if (!first) throw new Error(`${list}: ${name}: the first call failed`);
        worst = Math.max(worst, result.p95Ms);
        results[list][name] = {
          ...result,
          answered: answerSize(first),
          ratioToBaseP95: round(result.p95Ms / base.p95Ms),
          gcPauses: pausesSince(gcFrom),
          met: result.p95Ms <= TARGET_P95_MS,
        };
      }
    }
    return {
      bench: 'console-lists',
      at: new Date().toISOString(),
      machine: machineFacts(loadAtStart),
      seed: {
        slots: USERS * SLOTS_PER_USER,
        slotsSeedMs: round(slots.seedMs),
        advertisers: USERS,
        slotsRegisteredOverDays: 365,
        chatRooms: rooms?.rooms,
        chatOnlyUsers: rooms?.users,
        roomsByStatus: rooms?.byStatus,
        roomsWithUnread: rooms?.unreadRooms,
        issuances: ISSUANCES,
        announcements: ANNOUNCEMENTS,
      },
      ...(only ? { only } : {}),
      searchCopyLoad,
      cashBalanceBase: base,
      results,
      target: { p95AtMostMs: TARGET_P95_MS, concurrency: CONCURRENCY },
      worstP95Ms: worst,
      met: worst <= TARGET_P95_MS,
    };
  } finally {
    await stack.stop();
  }
}

/** What an answer held: its rows and total (so a figure is read with the work it did). */
function answerSize(data: any) {
  const items = data.items ?? data.announcements ?? data.allocations ?? [];
  const total = data.pagination?.total ?? data.total ?? data.totals?.rooms;
  return { rows: items.length, total, nextPage: !!data.nextCursor };
}
