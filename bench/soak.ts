import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { VIEWER_IP_HEADER } from '../shared/api';
import {
  bearer,
  createApiClient,
  readAnswer,
  routeUrl,
  type AnswerAt,
  type ApiClient,
  type CallArgsAt,
  type RouteKeyOf,
} from '../shared/api-client';
import type { Route } from '../shared/contract/index';

/**
 * The soak: many clients at once, for a while, mixing the reads and writes of
 * every feature through the real HTTP API, then the books are checked:
 *  - no 5xx at any time (4xx are fine: business refusals such as a full slot limit are expected);
 *  - the ledger reconciles (every balance equals its entries, the chain unbroken);
 *  - every user's slot counters equal a recount of their slots;
 *  - each user's notification unread count equals the unread items of their list;
 *  - each chat room's unread counters (user side, staff side) and the staff-wide counters equal a
 *    recount of its messages against the read markers;
 *  - each announcement's view count equals its number of distinct viewers.
 * Chat sends are paced under the rate limit (30 messages a minute per account; each advertiser is its
 * own office address, so the 120-per-address limit is not the one that bites): a 429 there is still
 * possible at a window edge and is counted on its own (`chatRateLimited`), never as a failure.
 * `npm run soak` runs 50 clients for 2 minutes on loopback; `test/integration/soak.test.ts` a short
 * version in `npm test`. The caller provides a running local stack (same process: the checks read
 * the store directly).
 */
export interface SoakOptions {
  url: string;
  seconds: number;
  /** One signed-in advertiser with money per client (made before the clock starts). */
  advertisers: Array<{ id: string; token: string }>;
  operatorToken: string;
  log?: (msg: string) => void;
  /** Wraps each request (the api-cost bench measures each call's capacity, time and log bytes with one client). */
  around?: (op: string, method: string, path: string, send: () => Promise<Response>) => Promise<Response>;
}

export interface SoakResult {
  clients: number;
  seconds: number;
  requests: number;
  byStatus: Record<number, number>;
  byOperation: Record<string, number>;
  serverErrors: string[];
  ledger: { checkedUsers: number; drifted: number; failed: number };
  counterMismatches: string[];
  /** Chat sends answered 429 (the per-account / per-address message limit). */
  chatRateLimited: number;
  notifications: { checkedUsers: number; mismatches: string[] };
  chat: { rooms: number; messages: number; mismatches: string[] };
  announcements: { checked: number; views: number; mismatches: string[] };
  requestsPerSecond: number;
}

/** Client-side pacing of chat sends: at most this many per account in any 60 s (the server allows 30 in a fixed minute). */
const CHAT_SENDS_PER_MINUTE = 28;
const OPERATOR_ANNOUNCEMENTS_MAX = 8;

function sendPacer() {
  const sent = new Map<string, number[]>();
  return (account: string) => {
    const now = Date.now();
    const recent = (sent.get(account) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= CHAT_SENDS_PER_MINUTE) {
      sent.set(account, recent);
      return false;
    }
    recent.push(now);
    sent.set(account, recent);
    return true;
  };
}

const productUrl = (n: number) =>
  `https://www.coupang.com/vp/products/${700000 + n}?itemId=${800000 + n}&vendorItemId=${900000 + n}`;

export async function runSoak(opts: SoakOptions): Promise<SoakResult> {
  const log = opts.log ?? (() => undefined);
  const byStatus: Record<number, number> = {};
  const byOperation: Record<string, number> = {};
  const serverErrors: string[] = [];
  let requests = 0;
  let chatRateLimited = 0;
  let n = 0;
  const mayChat = sendPacer();
  // What the clients learnt, shared: rooms for the operator to answer, announcements to open.
  const rooms: string[] = [];
  const announcements: string[] = [];
  let announcementsCreated = 0;
  const unreadNotifications = new Map<string, string[]>();

  // One typed client per signed-in account (no time limit: a slow answer under the storm is still an answer).
  const clientsByToken = new Map<string, ApiClient<Route>>();
  const clientOf = (token: string) => {
    let client = clientsByToken.get(token);
    if (!client) {
      client = createApiClient({ baseUrl: opts.url, headers: () => bearer(token) });
      clientsByToken.set(token, client);
    }
    return client;
  };
  /** One call of the mix, counted by status and operation: a refusal is an answer here, not an error. */
  const call: Call = async (op, token, key, ...input) => {
    const method = key.slice(0, key.indexOf(' '));
    const path = routeUrl(key, input[0]);
    const send = async () => {
      const answer = await clientOf(token).fetch(key, ...input);
      // The body read belongs to the call (the wrapper times and meters all of it).
      const text = await answer.text();
      return new Response([204, 304].includes(answer.status) ? null : text, { status: answer.status });
    };
    const res = await (opts.around ? opts.around(op, method, path, send) : send());
    const { status } = res;
    const answer = await readAnswer<never>(res);
    requests += 1;
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    byOperation[op] = (byOperation[op] ?? 0) + 1;
    if (status >= 500) {
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      serverErrors.push(`${op} ${method} ${path} → ${status} ${text.slice(0, 200)}`);
    }
    if (status === 429 && op.startsWith('chat-send')) chatRateLimited += 1;
    return { status, data: answer.ok ? answer.data : undefined };
  };

  // Chat takes part only while chatEnabled is on (the server refuses advertisers' chat writes otherwise).
  const chatOn = await clientOf(opts.operatorToken).send('PUT /api/system-settings/key/{key}', {
    path: { key: 'chatEnabled' },
    body: { value: true },
  });
  if (!chatOn.ok) throw new Error(`switching chat on → ${chatOn.status}`);

  const clients = opts.advertisers.length;
  const deadline = Date.now() + opts.seconds * 1000;
  const client = async (index: number) => {
    const me = opts.advertisers[index];
    // Each advertiser is its own office (the chat's per-address limit is per office, not per machine).
    const from = { [VIEWER_IP_HEADER]: `198.18.${index >> 8}.${(index & 255) + 1}` };
    const mySlots: string[] = [];
    let myRoom: string | undefined;
    while (Date.now() < deadline) {
      const pick = (n++ + index) % 30;
      const k = n;
      switch (pick) {
        // slots and cash
        case 0:
        case 1: {
          const res = await call('register', me.token, 'POST /api/slots', {
            body: { customFields: { keywords: `소크 ${k}`, landingUrl: productUrl(k) } },
            idempotencyKey: `soak-${index}-${k}`,
          });
          if (res.status === 201 && res.data) mySlots.push(res.data.id);
          break;
        }
        case 2:
          await call('bulk', me.token, 'POST /api/slots/bulk', {
            body: {
              rows: [0, 1, 2].map((i) => ({
                customFields: { keywords: `대량 ${k}-${i}`, landingUrl: productUrl(k * 10 + i) },
              })),
            },
            idempotencyKey: `soak-bulk-${index}-${k}`,
          });
          break;
        case 3:
          await call('list', me.token, 'GET /api/slots', { query: { limit: 10, page: 1 } });
          break;
        case 4:
          await call('balance', me.token, 'GET /api/cash/balance');
          break;
        case 5:
          await call('transactions', me.token, 'GET /api/cash/transactions', { query: { limit: 10 } });
          break;
        case 6: {
          const res = await call('charge', me.token, 'POST /api/cash/charge-requests', {
            body: { amount: 10_000 + (k % 10) * 1000, depositAt: '2025-03-01T10:00', accountHolder: '소크' },
          });
          if (res.status === 201 && res.data?.id)
            await call('approve', opts.operatorToken, 'POST /api/cash/charge-requests/{id}/approve', {
              path: { id: res.data.id },
              body: { bonusPercentage: k % 3 },
            });
          break;
        }
        case 7:
          if (mySlots.length)
            await call('approve-slot', opts.operatorToken, 'POST /api/slots/{id}/approve', {
              path: { id: mySlots[k % mySlots.length] },
              body: { approved: true, approvedPrice: 50_000 },
            });
          break;
        case 8:
          if (mySlots.length)
            await call('pause', me.token, 'PATCH /api/slots/{id}/status', {
              path: { id: mySlots[k % mySlots.length] },
              body: { status: k % 2 ? 'paused' : 'active' },
            });
          break;
        case 9:
          if (mySlots.length)
            await call('reject-slot', opts.operatorToken, 'POST /api/slots/{id}/approve', {
              path: { id: mySlots[k % mySlots.length] },
              body: { approved: false, rejectionReason: '소크 거절' },
            });
          break;
        case 10:
          await call('me', me.token, 'GET /api/auth/me');
          break;
        case 11:
          await call('staff-list', opts.operatorToken, 'GET /api/slots', { query: { limit: 10, status: 'pending' } });
          break;
        // notifications
        case 12:
          await call('notify-direct', opts.operatorToken, 'POST /api/notifications', {
            body: { title: `소크 알림 ${k}`, message: `광고주 ${index} 에게`, recipientId: [me.id], type: 'info' },
          });
          break;
        case 13:
          // Broadcasts are rarer (one in three turns of this case): each one reaches every user.
          if (k % 3 === 0)
            await call('notify-broadcast', opts.operatorToken, 'POST /api/notifications', {
              body: { title: `소크 전체 알림 ${k}`, message: '모두에게', recipientId: 'all', type: 'warning' },
            });
          else await call('notify-history', opts.operatorToken, 'GET /api/notifications/all', { query: { limit: 10 } });
          break;
        case 14:
        case 15: {
          const res = await call('notif-list', me.token, 'GET /api/notifications', { query: { limit: 20 } });
          if (res.status === 200 && res.data)
            unreadNotifications.set(
              me.id,
              res.data.items.filter((x) => !x.is_read).map((x) => x.id),
            );
          break;
        }
        case 16: {
          const unread = unreadNotifications.get(me.id) ?? [];
          const id = unread.pop();
          if (id) await call('notif-read', me.token, 'PUT /api/notifications/{id}/read', { path: { id } });
          else await call('notif-unread', me.token, 'GET /api/notifications/unread-count');
          break;
        }
        case 17:
          if (k % 4 === 0) await call('notif-read-all', me.token, 'PUT /api/notifications/mark-all-read');
          else await call('notif-unread', me.token, 'GET /api/notifications/unread-count');
          break;
        // announcements
        case 18:
          if (announcementsCreated < OPERATOR_ANNOUNCEMENTS_MAX) {
            announcementsCreated += 1;
            const res = await call('ann-create', opts.operatorToken, 'POST /api/announcements', {
              body: {
                title: `소크 공지 ${k}`,
                content: `<p>소크 공지 <strong>${k}</strong></p>`,
                priority: (['low', 'normal', 'high'] as const)[k % 3],
                is_pinned: k % 2 === 0,
              },
            });
            if ((res.status === 201 || res.status === 200) && res.data) announcements.push(res.data.id);
          } else if (announcements.length) {
            await call('ann-update', opts.operatorToken, 'PUT /api/announcements/{id}', {
              path: { id: announcements[k % announcements.length] },
              body: k % 2 ? { title: `고친 공지 ${k}` } : { is_pinned: k % 4 === 0 },
            });
          }
          break;
        case 19:
          await call('ann-list', me.token, 'GET /api/announcements', { query: { limit: 10 } });
          break;
        case 20:
          await call('ann-pinned', me.token, 'GET /api/announcements/pinned');
          break;
        case 21:
        case 22:
          if (announcements.length)
            await call('ann-open', me.token, 'GET /api/announcements/{id}', {
              path: { id: announcements[(k + index) % announcements.length] },
            });
          break;
        // chat: the advertiser's side
        case 23:
        case 24:
          if (!mayChat(me.id)) {
            await call('chat-unread', me.token, 'GET /api/chat/unread-count');
          } else if (!myRoom) {
            const res = await call('chat-send-first', me.token, 'POST /api/chat/messages', {
              body: { content: `문의 드립니다 ${k}` },
              headers: from,
            });
            if ((res.status === 200 || res.status === 201) && res.data) {
              myRoom = res.data.room.id;
              rooms.push(myRoom);
            }
          } else {
            await call('chat-send', me.token, 'POST /api/chat/rooms/{id}/messages', {
              path: { id: myRoom },
              body: { content: `추가 문의 ${k}` },
              headers: from,
            });
          }
          break;
        case 25:
          if (myRoom) {
            await call('chat-messages', me.token, 'GET /api/chat/rooms/{id}/messages', {
              path: { id: myRoom },
              query: { limit: 20 },
            });
            if (k % 2 === 0)
              await call('chat-read', me.token, 'PUT /api/chat/rooms/{id}/read', { path: { id: myRoom } });
          } else {
            await call('chat-unread', me.token, 'GET /api/chat/unread-count');
          }
          break;
        // chat: the operator's side
        case 26:
          await call('chat-rooms', opts.operatorToken, 'GET /api/chat/rooms');
          break;
        case 27:
          if (rooms.length && mayChat('operator'))
            await call('chat-send-reply', opts.operatorToken, 'POST /api/chat/rooms/{id}/messages', {
              path: { id: rooms[k % rooms.length] },
              body: { content: `답변 드립니다 ${k}` },
            });
          else await call('chat-staff-unread', opts.operatorToken, 'GET /api/chat/unread-count');
          break;
        case 28:
          if (rooms.length) {
            const room = rooms[(k + index) % rooms.length];
            await call('chat-staff-messages', opts.operatorToken, 'GET /api/chat/rooms/{id}/messages', {
              path: { id: room },
              query: { limit: 20 },
            });
            await call('chat-staff-read', opts.operatorToken, 'PUT /api/chat/rooms/{id}/read', { path: { id: room } });
          }
          break;
        default:
          await call('chat-staff-unread', opts.operatorToken, 'GET /api/chat/unread-count');
      }
    }
  };

  log(`soak: ${clients} clients for ${opts.seconds} s`);
  const started = Date.now();
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  const elapsed = (Date.now() - started) / 1000;
  const stormRequests = requests;

  // The books after the storm.
  const { reconcileLedgers } = await import('../functions/domain/cash/reconcile');
  const ledger = await reconcileLedgers();
  const counterMismatches = await recountSlots();
  const notifications = await checkNotificationCounts(opts, call);
  const chat = await recountChat();
  const announcementViews = await recountAnnouncementViews();
  return {
    clients,
    seconds: opts.seconds,
    requests: stormRequests,
    byStatus,
    byOperation,
    serverErrors,
    ledger: { checkedUsers: ledger.checkedUsers, drifted: ledger.drifted, failed: ledger.failed },
    counterMismatches,
    chatRateLimited,
    notifications,
    chat,
    announcements: announcementViews,
    requestsPerSecond: Math.round((stormRequests / elapsed) * 10) / 10,
  };
}

/** Every user's stored slot counters against a scan of their visible slots. */
async function recountSlots(): Promise<string[]> {
  const { db, tableName } = await import('../functions/storage/client');
  const { slotCountersStore } = await import('../functions/storage/slot-counters');
  const { visibleSlots } = await import('../functions/domain/slots/slot-visibility');
  const byUser = new Map<string, Record<string, number>>();
  let cursor: Record<string, unknown> | undefined;
  const slots: Array<{ userId: string; status: string; bulkId?: string; bulkAttempt?: string }> = [];
  do {
    const out = await db().send(
      new ScanCommand({
        TableName: tableName(),
        ExclusiveStartKey: cursor,
        ConsistentRead: true,
        FilterExpression: 'entity = :slot',
        ExpressionAttributeValues: { ':slot': 'slot' },
      }),
    );
    slots.push(...((out.Items ?? []) as typeof slots));
    cursor = out.LastEvaluatedKey;
  } while (cursor);
  for (const slot of await visibleSlots(slots)) {
    const counts = byUser.get(slot.userId) ?? {};
    counts[slot.status] = (counts[slot.status] ?? 0) + 1;
    byUser.set(slot.userId, counts);
  }
  const mismatches: string[] = [];
  for (const [userId, counts] of byUser) {
    const stored = await slotCountersStore.ofUser(userId);
    for (const [status, count] of Object.entries(counts)) {
      const have = stored.byStatus[status as keyof typeof stored.byStatus];
      if (have !== count) mismatches.push(`${userId} ${status}: counter ${have}, slots ${count}`);
    }
  }
  return mismatches;
}

/** One counted call of the mix: its status, and its data when it succeeded. */
type Call = <K extends RouteKeyOf<Route>>(
  op: string,
  token: string,
  key: K,
  ...input: CallArgsAt<Route, K>
) => Promise<{ status: number; data: AnswerAt<Route, K> | undefined }>;

/** Each advertiser's unread count (the badge) against the unread items of their whole list, walked page by page. */
async function checkNotificationCounts(opts: SoakOptions, call: Call): Promise<SoakResult['notifications']> {
  const mismatches: string[] = [];
  for (const user of opts.advertisers) {
    const badge = await call('check-notif-unread', user.token, 'GET /api/notifications/unread-count');
    let unread = 0;
    let cursor: string | null = null;
    do {
      const page: { status: number; data?: AnswerAt<Route, 'GET /api/notifications'> } = await call(
        'check-notif-list',
        user.token,
        'GET /api/notifications',
        {
          query: { limit: 100, cursor: cursor ?? undefined },
        },
      );
      if (page.status !== 200 || !page.data) {
        mismatches.push(`${user.id}: list answered ${page.status}`);
        break;
      }
      unread += page.data.items.filter((x) => !x.is_read).length;
      cursor = page.data.nextCursor;
    } while (cursor);
    if (badge.data?.count !== unread) mismatches.push(`${user.id}: unread count ${badge.data?.count}, list ${unread}`);
  }
  return { checkedUsers: opts.advertisers.length, mismatches };
}

async function scanEntity<T>(entity: string): Promise<T[]> {
  const { db, tableName } = await import('../functions/storage/client');
  const out: T[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        ExclusiveStartKey: cursor,
        ConsistentRead: true,
        FilterExpression: 'entity = :e',
        ExpressionAttributeValues: { ':e': entity },
      }),
    );
    out.push(...((page.Items ?? []) as T[]));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return out;
}

/**
 * Every chat room's unread counters against its messages: the user's = staff messages above the
 * user's read marker, staff's = user messages above the staff marker; the staff-wide counters
 * against the sum over rooms and the rooms per status.
 */
async function recountChat(): Promise<SoakResult['chat']> {
  const { chatCountersStore } = await import('../functions/storage/chat/counters');
  type Room = {
    id: string;
    status: 'active' | 'closed' | 'archived';
    userUnread: number;
    staffUnread: number;
    userReadId: string | null;
    staffReadId: string | null;
  };
  type Message = { id: string; roomId: string; side: string };
  const [rooms, messages] = await Promise.all([scanEntity<Room>('chatRoom'), scanEntity<Message>('chatMessage')]);
  const byRoom = new Map<string, Message[]>();
  for (const m of messages) byRoom.set(m.roomId, [...(byRoom.get(m.roomId) ?? []), m]);
  const mismatches: string[] = [];
  let staffUnreadSum = 0;
  const statuses = { active: 0, closed: 0, archived: 0 };
  for (const room of rooms) {
    const list = byRoom.get(room.id) ?? [];
    const userUnread = list.filter((m) => m.side === 'staff' && m.id > (room.userReadId ?? '')).length;
    const staffUnread = list.filter((m) => m.side === 'user' && m.id > (room.staffReadId ?? '')).length;
    if (room.userUnread !== userUnread)
      mismatches.push(`room ${room.id}: user unread ${room.userUnread}, messages ${userUnread}`);
    if (room.staffUnread !== staffUnread)
      mismatches.push(`room ${room.id}: staff unread ${room.staffUnread}, messages ${staffUnread}`);
    staffUnreadSum += staffUnread;
    statuses[room.status] += 1;
  }
  const counters = await chatCountersStore.counters();
  if (counters.staffUnread !== staffUnreadSum)
    mismatches.push(`staff-wide unread ${counters.staffUnread}, rooms ${staffUnreadSum}`);
  for (const status of Object.keys(statuses) as Array<keyof typeof statuses>) {
    if (counters.rooms[status] !== statuses[status])
      mismatches.push(`rooms ${status}: counter ${counters.rooms[status]}, rooms ${statuses[status]}`);
  }
  return { rooms: rooms.length, messages: messages.length, mismatches };
}

/** Every announcement's view count against its distinct viewers (one read marker per user who opened it). */
async function recountAnnouncementViews(): Promise<SoakResult['announcements']> {
  const { announcementsStore } = await import('../functions/storage/announcements');
  const { keys } = await import('../functions/storage/keys');
  const markers = await scanEntity<{ PK: string; SK: string }>('announcementRead');
  const viewers = new Map<string, Set<string>>();
  for (const m of markers) {
    const id = m.SK.slice(keys.announcementReadPrefix().length);
    viewers.set(id, (viewers.get(id) ?? new Set()).add(m.PK));
  }
  const mismatches: string[] = [];
  let views = 0;
  const all = await announcementsStore.list();
  for (const a of all) {
    const distinct = viewers.get(a.id)?.size ?? 0;
    views += distinct;
    if ((a.view_count ?? 0) !== distinct)
      mismatches.push(`announcement ${a.id}: view count ${a.view_count}, viewers ${distinct}`);
  }
  return { checked: all.length, views, mismatches };
}
