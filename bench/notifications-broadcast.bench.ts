import { loadavg } from 'node:os';
import type { ClientsRequest } from './broadcast-clients';
import { threadCpuMs } from '../infra/local/thread-cpu';
import { typeScriptWorker } from '../infra/local/typescript-worker';
import { signedInClient } from '../shared/api-client';
import { startBenchStack } from './local-stack';
import { machineFacts, percentile, round } from './stats';

/**
 * Notifications benchmark (`npm run bench notifications-broadcast`): 1,000 advertisers each with one open
 * WebSocket on the local /ws (the real $connect handler, the real @connections endpoint the AWS SDK
 * posts to). Measured:
 *  - a broadcast (`POST /api/notifications`, recipientId 'all', as an operator): the time from the
 *    request to its answer (the send stores and enqueues: ≤ 1 s whatever the audience)
 *    and to the LAST socket receiving `new_notification` through the notification-delivery queue,
 *    with the consumer's invocations, busy time and CPU: the per-page and per-post costs
 *    docs/performance.md scales to 100,000 sockets. Twice: first in fresh consumer environments
 *    (started and the handler loaded, as Lambda's init, but nothing run yet), then again in the
 *    same, now warm, environments;
 *  - direct notifications to sampled users, 4 in flight: per-user latency from the request to that
 *    user's socket receiving it (p50 / p95 / max).
 * What runs where, as on AWS: the local server (API handlers, the @connections endpoint, the queue)
 * on the bench's thread; each consumer invocation in an execution environment of its own (a worker
 * thread, infra/local/lambda-threads.ts, the same handler); the 1,000 simulated browsers in one
 * more thread (bench/broadcast-clients.ts), whose CPU is reported apart from the product's.
 * Targets (docs/performance.md): the send's answer ≤ 1 s, the last broadcast delivery ≤ 2 s (on a quiet
 * machine), direct p95 ≤ 1 s (a notice arrives within a second). `BROADCAST_BENCH_USERS` runs a
 * smaller audience (a smoke run).
 */
const USERS = Number(process.env.BROADCAST_BENCH_USERS ?? 1000);
const CONNECT_CONCURRENCY = 25;
const DIRECT_SAMPLES = Math.min(200, USERS);
const DIRECT_CONCURRENCY = 4;
const TARGET_BROADCAST_LAST_MS = 2_000;
const TARGET_SEND_ANSWER_MS = 1_000;
const TARGET_DIRECT_P95_MS = 1_000;

async function inParallel<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

/** The simulated browsers' thread (bench/broadcast-clients.ts), asked by message. */
function startClients() {
  const worker = typeScriptWorker(new URL('./broadcast-clients.ts', import.meta.url));
  let seq = 0;
  let failed: Error | undefined;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  worker.on('message', (m: { seq: number; reply?: unknown; error?: string }) => {
    const w = waiting.get(m.seq);
    waiting.delete(m.seq);
    if (m.error) w?.reject(new Error(m.error));
    else w?.resolve(m.reply);
  });
  worker.on('error', (error) => {
    failed = error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  });
  const ask = <T>(request: ClientsRequest) =>
    new Promise<T>((resolve, reject) => {
      if (failed) return reject(failed);
      const n = seq++;
      waiting.set(n, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...request, seq: n });
    });
  return { ask, stop: () => worker.terminate() };
}

/** Epoch ms with sub-ms precision, comparable with the clients' thread. */
const now = () => performance.timeOrigin + performance.now();

export async function runNotificationsBroadcastBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  // The consumers run in execution environments of their own (worker threads), as on Lambda.
  const stack = await startBenchStack({ workQueueThreads: true });
  const clients = startClients();
  try {
    const { createUser } = await import('../functions/domain/auth/auth-service');
    const { newRefreshToken } = await import('../functions/domain/auth/tokens');
    const { issueAccessToken } = await import('../functions/domain/auth/issue-access-token');
    const { sessionsStore } = await import('../functions/storage/sessions');
    const { unreadCountOf } = await import('../functions/domain/notifications/views');
    const { DELIVERY_PAGE_SIZE } = await import('../functions/domain/notifications/broadcast-delivery');
    const wsUrl = `${stack.url.replace('http', 'ws')}/ws`;

    log(`creating ${USERS} advertisers and opening one socket each …`);
    const t0 = performance.now();
    await createUser({
      loginId: 'benchoperator',
      password: 'benchop123',
      fullName: '벤치 운영자',
      role: 'operator',
    });
    const { client: operatorApi } = await signedInClient({ baseUrl: stack.url }, 'benchoperator', 'benchop123');

    const userIds: string[] = [];
    const tokens: string[] = [];
    await inParallel(
      Array.from({ length: USERS }, (_, i) => i),
      CONNECT_CONCURRENCY,
      async (i) => {
        const user = await createUser({
          loginId: `benchuser${i}`,
          password: 'benchuser1',
          fullName: `광고주${i}`,
          role: 'user',
        });
        // The app loads its badge when it starts; that fixes the account's broadcast base.
        await unreadCountOf(user.id, 'user');
        // A real session: $connect checks that the token's session (refresh family) is live.
        const sessionId = `bench-${i}`;
        await sessionsStore.startFamily(
          {
            familyId: sessionId,
            userId: user.id,
            actorId: null,
            revoked: false,
            createdAt: new Date().toISOString(),
            expiresAt: new Date(Date.now() + 3600_000).toISOString(),
          },
          newRefreshToken().hash,
        );
        userIds[i] = user.id;
        tokens[i] = await issueAccessToken({ userId: user.id, role: 'user', sessionId, actorId: null });
      },
    );
    const opened = await clients.ask<number>({ kind: 'open', wsUrl, tokens, concurrency: CONNECT_CONCURRENCY });
    const setupMs = performance.now() - t0;
    log(`${opened} sockets open in ${Math.round(setupMs)} ms (the clients in a thread of their own)`);

    const delivery = stack.workQueues.get('notification-delivery')!;
    // Lambda's init phase is not part of a delivery once an environment is warm: start the
    // environments a broadcast to 1,000 sockets uses (one scan, one post per page) with the
    // consumer module loaded. Nothing has run in them yet (their code is not JIT-warm).
    const environments = 1 + Math.ceil(USERS / DELIVERY_PAGE_SIZE);
    const warmStarted = performance.now();
    await delivery.warm(environments);
    const warmMs = performance.now() - warmStarted;
    log(`${environments} consumer environments started and loaded in ${Math.round(warmMs)} ms`);

    const send = async (recipientId: string, title: string) => {
      const sent = await operatorApi.send('POST /api/notifications', {
        body: { type: 'info', title, message: '벤치마크 알림입니다.', recipientId },
      });
      if (!sent.ok || sent.status !== 201) throw new Error(`send failed: ${sent.status} ${JSON.stringify(sent.body)}`);
      return sent.data;
    };

    // Broadcast: every socket must receive it.
    const broadcast = async (title: string) => {
      const receivedBefore = (await clients.ask<Array<{ received: number }>>({ kind: 'counts' })).reduce(
        (n, c) => n + c.received,
        0,
      );
      const batchesBefore = delivery.batches.length;
      const clientsCpuBefore = await clients.ask<number | null>({ kind: 'cpu' });
      const profiler = process.env.BENCH_CPU_PROFILE ? await startProfile() : undefined;
      const serverCpuBefore = threadCpuMs();
      const cpuBefore = process.cpuUsage();
      const sentAt = now();
      const { groupId, recipientCount } = await send('all', title);
      const answeredMs = now() - sentAt;
      const arrivedAt = await clients.ask<Array<number | null>>({ kind: 'arrivals', id: groupId, timeoutMs: 60_000 });
      // CPU of the whole process (every thread: the server, the consumers' environments, the SDK's
      // posts AND the clients) from the send to the last delivery; the clients' own share apart.
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      const serverCpuAfter = threadCpuMs();
      const serverCpuMs =
        serverCpuBefore === undefined || serverCpuAfter === undefined ? null : serverCpuAfter - serverCpuBefore;
      const clientsCpuAfter = await clients.ask<number | null>({ kind: 'cpu' });
      if (profiler) await profiler.stop(process.env.BENCH_CPU_PROFILE!);
      const clientsCpuMs =
        clientsCpuBefore === null || clientsCpuAfter === null ? null : clientsCpuAfter - clientsCpuBefore;
      const arrivals = arrivedAt
        .filter((t): t is number => t !== null)
        .map((t) => t - sentAt)
        .sort((a, b) => a - b);
      const missed = opened - arrivals.length;
      await delivery.idle();
      const batches = delivery.batches.slice(batchesBefore);
      const postsToSockets =
        (await clients.ask<Array<{ received: number }>>({ kind: 'counts' })).reduce((n, c) => n + c.received, 0) -
        receivedBefore;
      // Stages: the send, the wait for the queue's first invocation, the scan (the first invocation:
      // it reads the audience a page at a time and enqueues the pages), then the pages' posts.
      const startOf = (b: { startedAt: number }) => performance.timeOrigin + b.startedAt;
      const [scan, ...posts] = batches;
      const postsStart = Math.min(...posts.map(startOf));
      const postsEnd = Math.max(...posts.map((b) => startOf(b) + b.ms));
      const consumerBusyMs = batches.reduce((sum, b) => sum + b.ms, 0);
      const consumerCpuMs = batches.every((b) => b.cpuMs !== undefined)
        ? batches.reduce((sum, b) => sum + b.cpuMs!, 0)
        : null;
      const messages = batches.reduce((sum, b) => sum + b.records, 0);
      const productCpuMs = clientsCpuMs === null ? null : cpuMs - clientsCpuMs;
      const last = arrivals.at(-1) ?? NaN;
      log(
        `${title}: ${arrivals.length}/${opened} delivered, last after ${Math.round(last)} ms (answer after ${Math.round(answeredMs)} ms); CPU ${Math.round(cpuMs)} ms, of it the clients ${clientsCpuMs ?? '?'} ms and the consumers ${consumerCpuMs ?? '?'} ms`,
      );
      return {
        recipientCount,
        delivered: arrivals.length,
        missed,
        firstDeliveryMs: round(arrivals[0] ?? NaN),
        p50DeliveryMs: round(percentile(arrivals, 50)),
        p95DeliveryMs: round(percentile(arrivals, 95)),
        lastDeliveryMs: round(last),
        answerMs: round(answeredMs),
        targetAnswerMs: TARGET_SEND_ANSWER_MS,
        targetLastDeliveryMs: TARGET_BROADCAST_LAST_MS,
        // What the cost model reads (scripts/cost-model/figures.ts): billed function time is the send
        // plus every consumer invocation.
        functionMs: round(answeredMs + consumerBusyMs),
        postsPerSocket: round(postsToSockets / opened),
        queueMessages: messages,
        invocations: batches.length,
        stages: {
          answerMs: round(answeredMs),
          toFirstInvocationMs: round(startOf(scan) - sentAt),
          scanMs: round(scan.ms),
          postMessages: posts.length,
          postInvocationMs: posts.map((b) => round(b.ms)),
          postInvocationCpuMs: posts.map((b) => (b.cpuMs === undefined ? null : round(b.cpuMs))),
          postsWallMs: round(postsEnd - postsStart),
          processCpuMs: round(cpuMs),
          processCpuMsPerSocket: round(cpuMs / Math.max(1, arrivals.length)),
          // The simulated browsers' thread: not the product (on AWS they are the users' machines).
          clientsCpuMs,
          // Everything but the clients: the local server and @connections endpoint, the queue, the
          // consumers' environments (SDK posts, reads), Node's and V8's own threads.
          productCpuMs: productCpuMs === null ? null : round(productCpuMs),
          productCpuMsPerSocket: productCpuMs === null ? null : round(productCpuMs / Math.max(1, arrivals.length)),
          // The bench's own thread: the local server (the send's handler, the queue, and the
          // @connections endpoint every post passes through, API Gateway's part on AWS).
          serverThreadCpuMs: serverCpuMs,
          serverThreadCpuMsPerSocket: serverCpuMs === null ? null : round(serverCpuMs / Math.max(1, arrivals.length)),
          consumerCpuMs,
          consumerCpuMsPerSocket: consumerCpuMs === null ? null : round(consumerCpuMs / Math.max(1, arrivals.length)),
          lastDeliveryAfterLastPostMs: round(last - (postsEnd - sentAt)),
        },
        met: missed === 0 && last <= TARGET_BROADCAST_LAST_MS && answeredMs <= TARGET_SEND_ANSWER_MS,
        // The queue's side: what docs/performance.md scales to 100,000 sockets.
        queue: {
          pageSize: DELIVERY_PAGE_SIZE,
          consumerInvocations: batches.length,
          messages,
          consumerBusyMs: round(consumerBusyMs),
          maxInvocationMs: round(Math.max(...batches.map((b) => b.ms))),
          // Busy time per socket reached: the scans, count reads and posts together.
          perPostMs: round(consumerBusyMs / Math.max(1, arrivals.length)),
          // A page message's whole cost (one scan + one post of DELIVERY_PAGE_SIZE sockets).
          perPageMs: round((consumerBusyMs / Math.max(1, arrivals.length)) * DELIVERY_PAGE_SIZE),
          deadLetters: delivery.deadLetters.length,
        },
      };
    };

    log('broadcasting to every advertiser …');
    const first = await broadcast('전체 공지 (벤치마크)');
    // The same again in the same environments, now that their code has run once: what a broadcast
    // costs in environments kept warm by earlier ones.
    const again = await broadcast('전체 공지 (벤치마크, 두 번째)');

    // Direct notifications to sampled users, a few in flight: request → that user's socket.
    log(`sending ${DIRECT_SAMPLES} direct notifications, ${DIRECT_CONCURRENCY} in flight …`);
    const sample = Array.from({ length: DIRECT_SAMPLES }, (_, i) => (i * 7919) % opened);
    const latencies: number[] = [];
    let directMissed = 0;
    await inParallel(sample, DIRECT_CONCURRENCY, async (socket, i) => {
      const started = now();
      const { groupId: id } = await send(userIds[socket], `개별 알림 ${i}`);
      const [arrived] = await clients.ask<Array<number | null>>({
        kind: 'arrivals',
        id,
        sockets: [socket],
        timeoutMs: 10_000,
      });
      if (arrived === null) directMissed++;
      else latencies.push(arrived - started);
    });
    latencies.sort((a, b) => a - b);
    const counts = await clients.ask<Array<{ notifications: number }>>({ kind: 'counts' });
    const sampled = new Set(sample);
    const others = counts.filter((_, i) => !sampled.has(i)).reduce((n, c) => n + c.notifications, 0);

    const result = {
      connections: opened,
      setupMs: Math.round(setupMs),
      clientsInOwnThread: true,
      consumerEnvironments: { threads: true, warmed: environments, warmMs: round(warmMs) },
      broadcast: first,
      broadcastAgain: again,
      direct: {
        samples: DIRECT_SAMPLES,
        inFlight: DIRECT_CONCURRENCY,
        delivered: latencies.length,
        missed: directMissed,
        p50Ms: round(percentile(latencies, 50)),
        p95Ms: round(percentile(latencies, 95)),
        maxMs: round(latencies.at(-1) ?? NaN),
        targetP95Ms: TARGET_DIRECT_P95_MS,
        met: directMissed === 0 && percentile(latencies, 95) <= TARGET_DIRECT_P95_MS,
        // Only the two broadcasts may reach a user who was not sent a direct one.
        strayDeliveries: others - 2 * (opened - sampled.size),
      },
      at: new Date().toISOString(),
      machine: machineFacts(loadAtStart),
    };
    return result;
  } finally {
    await clients.ask({ kind: 'close' }).catch(() => undefined);
    await clients.stop();
    await stack.stop();
  }
}

/** BENCH_CPU_PROFILE=<file>: a CPU profile of this (the server's) thread from a send to its last delivery. */
async function startProfile() {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
