import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { routeUrl, signedInClient, type CallArgsAt, type RouteKeyOf } from '../shared/api-client';
import type { Route } from '../shared/contract/index';
import { fundedAdvertiser } from './bench-advertiser';
import { startBenchStack } from './local-stack';
import { seedStaffSlots } from './seed-slots';
import { machineFacts, percentile, round } from './stats';

/**
 * API overhead (`npm run bench api-overhead`; not a timed test): what a signed-in read costs
 * through the whole local path (HTTP server → API Gateway event → auth → domain → DynamoDB Local),
 * driven by autocannon on loopback at 20 and 50 connections. Each endpoint is read as a ratio to
 * `GET /api/cash/balance` (one item read behind the same auth) in the same run:
 *  - GET /api/auth/me
 *  - GET /api/cash/balance (the base)
 *  - GET /api/slots, page of 10, for an advertiser with 100 slots
 *  - GET /api/slots?status=pending, page of 10, for an operator over 20,000 slots
 *  - GET /api/notifications/unread-count, the advertiser having direct and broadcast notifications, some read
 *  - GET /api/chat/unread-count, the advertiser's room having an operator's unread answer
 * autocannon's own percentiles skip p95, so every response time is taken from its `response` event.
 * Targets: the advertiser's slot list p50 ≤ 2× the balance read; the operator list p95 ≤ 300 ms.
 */
const CONCURRENCIES = (process.env.API_BENCH_C ? [Number(process.env.API_BENCH_C)] : [20, 50]) as readonly number[];
const SECONDS = Number(process.env.API_BENCH_SECONDS ?? 8);
const TARGET_USER_LIST_RATIO = 2;
const TARGET_OPERATOR_P95_MS = 300;

interface Endpoint {
  name: string;
  /** The route's URL with its query, as the load generator requests it. */
  path: string;
  token: 'user' | 'operator';
  /** One call through the typed client (the warm-up before the load). */
  warm: () => Promise<unknown>;
}

async function load(url: string, token: string, connections: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: SECONDS, headers: { authorization: `Bearer ${token}` } },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    throughputPerS: round(sorted.length / SECONDS),
  };
}

export async function runApiOverheadBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  const stack = await startBenchStack();
  try {
    const { createUser } = await import('../functions/domain/auth/auth-service');
    log('seeding 20,000 slots of 200 advertisers for the operator list …');
    const { seedMs } = await seedStaffSlots({ users: 200, slotsPerUser: 100 });

    // The advertiser's 100 slots go through the real bulk registration (and its charge).
    const advertiser = await fundedAdvertiser('benchadvertiser', '벤치광고주');
    await createUser({ loginId: 'benchoperator', password: 'benchpass1', fullName: '벤치운영자', role: 'operator' });
    const signInAs = (loginId: string) => signedInClient({ baseUrl: stack.url }, loginId, 'benchpass1');
    const [user, operator] = [await signInAs('benchadvertiser'), await signInAs('benchoperator')];
    const tokens = { user: user.session.tokens.accessToken, operator: operator.session.tokens.accessToken };
    const rows = Array.from({ length: 100 }, (_, i) => ({
      customFields: {
        keywords: `벤치 키워드 ${i}`,
        landingUrl: `https://www.coupang.com/vp/products/${900000 + i}?itemId=${910000 + i}&vendorItemId=${920000 + i}`,
      },
    }));
    const registered = await user.client.call('POST /api/slots/bulk', { body: { rows } });
    if (registered.succeeded !== 100) throw new Error(`bulk registration: ${JSON.stringify(registered).slice(0, 300)}`);

    // Notifications: direct ones and broadcasts through the operator's send, two of each kind read.
    for (let i = 0; i < 6; i++) {
      await operator.client.call('POST /api/notifications', {
        body: { title: `벤치 알림 ${i}`, message: '벤치', recipientId: i % 2 ? 'all' : [advertiser.id] },
      });
    }
    const inbox = (await user.client.call('GET /api/notifications', { query: { limit: 50 } })).items;
    for (const kind of ['all', advertiser.id]) {
      for (const n of inbox.filter((x) => x.recipient_id === kind).slice(0, 2))
        await user.client.call('PUT /api/notifications/{id}/read', { path: { id: n.id } });
    }
    // Chat: the advertiser asks, an operator answers twice, unread by the advertiser.
    await operator.client.call('PUT /api/system-settings/key/{key}', {
      path: { key: 'chatEnabled' },
      body: { value: true },
    });
    const first = await user.client.call('POST /api/chat/messages', { body: { content: '벤치 문의입니다.' } });
    for (const text of ['확인 중입니다.', '처리했습니다.'])
      await operator.client.call('POST /api/chat/rooms/{id}/messages', {
        path: { id: first.room.id },
        body: { content: text },
      });

    const endpoint = <K extends RouteKeyOf<Route>>(
      name: string,
      token: Endpoint['token'],
      key: K,
      ...input: CallArgsAt<Route, K>
    ): Endpoint => ({
      name,
      token,
      path: routeUrl(key, input[0]),
      warm: () => (token === 'user' ? user : operator).client.send(key, ...input),
    });
    const endpoints: Endpoint[] = [
      endpoint('auth me', 'user', 'GET /api/auth/me'),
      endpoint('cash balance', 'user', 'GET /api/cash/balance'),
      endpoint('user slot list (100 slots, page of 10)', 'user', 'GET /api/slots', { query: { page: 1, limit: 10 } }),
      endpoint('operator slot list (20,000 slots, pending, page of 10)', 'operator', 'GET /api/slots', {
        query: { status: 'pending', page: 1, limit: 10 },
      }),
      endpoint('notifications unread count (direct and broadcast)', 'user', 'GET /api/notifications/unread-count'),
      endpoint('chat unread count', 'user', 'GET /api/chat/unread-count'),
    ];

    const runs: Record<string, Record<string, unknown>> = {};
    for (const connections of CONCURRENCIES) {
      const byName: Record<string, Awaited<ReturnType<typeof load>> & { path: string }> = {};
      for (const e of endpoints) {
        // A few calls first: the first of a query builds what the others reuse.
        for (let i = 0; i < 5; i++) await e.warm();
        const figures = await load(`${stack.url}${e.path}`, tokens[e.token], connections);
        byName[e.name] = { path: e.path, ...figures };
        log(
          `${connections} connections, ${e.name}: p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, p99 ${figures.p99Ms} ms, ${figures.throughputPerS}/s, non-2xx ${figures.non2xx}`,
        );
      }
      const base = byName['cash balance'];
      runs[`${connections}`] = Object.fromEntries(
        Object.entries(byName).map(([name, f]) => [
          name,
          { ...f, ratioToBalanceP50: round(f.p50Ms / base.p50Ms), ratioToBalanceP95: round(f.p95Ms / base.p95Ms) },
        ]),
      );
    }
    const userList = 'user slot list (100 slots, page of 10)';
    const operatorList = 'operator slot list (20,000 slots, pending, page of 10)';
    const worst = (name: string, field: string) =>
      Math.max(...Object.values(runs).map((r) => (r[name] as Record<string, number>)[field]));
    return {
      bench: 'api-overhead',
      at: new Date().toISOString(),
      machine: machineFacts(loadAtStart),
      tool: 'autocannon',
      secondsPerScenario: SECONDS,
      seed: {
        operatorSlots: 20_000,
        advertiserSlots: 100,
        seedMs: round(seedMs),
        advertiserNotifications: { direct: 3, broadcast: 3, read: 4 },
        advertiserChatUnread: 2,
      },
      runs,
      targets: { userListP50RatioAtMost: TARGET_USER_LIST_RATIO, operatorListP95AtMostMs: TARGET_OPERATOR_P95_MS },
      met: {
        userList: worst(userList, 'ratioToBalanceP50') <= TARGET_USER_LIST_RATIO,
        operatorList: worst(operatorList, 'p95Ms') <= TARGET_OPERATOR_P95_MS,
      },
    };
  } finally {
    await stack.stop();
  }
}
