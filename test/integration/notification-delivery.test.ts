import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';

/**
 * A broadcast's delivery through the notification-delivery work queue, on the
 * real local product: the operator's send answers at once, the queue's consumer (the same handler
 * Lambda runs behind SQS) posts each role-user socket ONE message with the notification and the
 * user's count, retries posts API Gateway throttles (429), forgets gone sockets (410), and a
 * message it can never handle ends in the dead-letter queue.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
type Account = { id: string; token: string };
let operator: Account;
const users: Account[] = [];

async function account(email: string, role: 'user' | 'operator' = 'user'): Promise<Account> {
  const { id } = await stack.createUser({ email, password: 'pass1234', fullName: `${email} 님`, role });
  return { id, token: (await api.login(email, 'pass1234')).token };
}

async function start(threads: boolean) {
  // Failed records come back after 50 ms here (AWS: the visibility timeout), so DLQ paths run quickly.
  stack = await startLocalStack({ web: false, workQueues: { retryDelayMs: 50, threads } });
  api = apiClient(stack.url);
  users.length = 0;
  operator = await account('deliveryop', 'operator');
  for (const name of ['dana', 'eli', 'fay']) users.push(await account(name));
  // The app loads each badge when it starts: that fixes the account's broadcast base (its count is known).
  for (const u of users) await unread(u);
}

const queue = () => stack.workQueues.get('notification-delivery')!;
const broadcast = (title: string) =>
  api.call('POST', '/api/notifications', {
    token: operator.token,
    body: { title, message: '전체', recipientId: 'all' },
  });
const unread = async (who: Account) =>
  (await api.call('GET', '/api/notifications/unread-count', { token: who.token })).body.data.count as number;

function open(token: string): Promise<WebSocket & { inbox: any[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${stack.url.replace('http', 'ws')}/ws?token=${token}`) as WebSocket & { inbox: any[] };
    ws.inbox = [];
    ws.on('message', (data) => ws.inbox.push(JSON.parse(String(data))));
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

/** Connection items of sockets that are no longer there (API Gateway answers 410 for each). */
async function goneConnections(count: number, prefix: string) {
  const { batchWriteAll } = await import('../../functions/storage/item-io');
  const { keys, ttlIn } = await import('../../functions/storage/keys');
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  // The items $connect writes (connectionOpeningsStore.add), in batches: the sockets themselves never existed.
  await batchWriteAll(
    ids.map((connectionId) => ({
      PutRequest: {
        Item: {
          ...keys.connection(connectionId),
          ...keys.connectionOfUser(`${prefix}-user`, connectionId),
          ...keys.connectionsOfAudience('users', connectionId),
          entity: 'connection',
          connectionId,
          userId: `${prefix}-user`,
          role: 'user',
          connectedAt: new Date().toISOString(),
          ttl: ttlIn(3600),
        },
      },
    })),
  );
  return ids;
}

async function connectionsLeft(ids: string[]) {
  const { db, tableName } = await import('../../functions/storage/client');
  const { BatchGetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('../../functions/storage/keys');
  let left = 0;
  for (let i = 0; i < ids.length; i += 100) {
    const out = await db().send(
      new BatchGetCommand({
        RequestItems: { [tableName()]: { Keys: ids.slice(i, i + 100).map((id) => keys.connection(id)) } },
      }),
    );
    left += out.Responses?.[tableName()]?.length ?? 0;
  }
  return left;
}

// Both ways local mode runs a consumer: on the server's thread, and in execution environments of
// its own (worker threads, as Lambda; what the broadcast bench uses). The handler is the same.
describe.each([
  { mode: 'consumer on the server thread', threads: false },
  { mode: 'consumer in worker threads', threads: true },
])('broadcast delivery through the work queue ($mode)', { timeout: 90_000 }, ({ threads }) => {
  beforeAll(() => start(threads));
  afterAll(() => stack?.stop());

  it('the send answers before delivery ends; every socket then gets exactly one post with the notification and its count; gone sockets are forgotten', async () => {
    const gone = await goneConnections(700, 'gone-a');
    const [d1, d2, e, op] = await Promise.all([
      open(users[0].token),
      open(users[0].token),
      open(users[1].token),
      open(operator.token),
    ]);
    const res = await broadcast('큐로 전달');
    expect(res.status).toBe(201);
    // 703 role-user connections (two pages): the answer came while they were still being delivered.
    expect(queue().depth).toBeGreaterThan(0);
    await queue().idle();

    for (const [ws, who] of [
      [d1, users[0]],
      [d2, users[0]],
      [e, users[1]],
    ] as const) {
      await expect.poll(() => ws.inbox.length).toBe(1);
      expect(ws.inbox[0]).toMatchObject({
        type: 'new_notification',
        data: { id: res.body.data.groupId, title: '큐로 전달', recipient_id: 'all' },
        unread: { count: await unread(who) },
      });
    }
    expect(op.inbox).toEqual([]);
    expect(await connectionsLeft(gone)).toBe(0);
    expect(queue().deadLetters).toEqual([]);
    // Each invocation ran where the mode says: a thread of its own reports its own CPU time.
    expect(queue().batches.every((b) => (b.cpuMs !== undefined) === threads)).toBe(true);
    for (const ws of [d1, d2, e, op]) ws.close();
  });

  it('posts API Gateway throttles (429) go back to the queue and arrive once the rate allows', async () => {
    const [d, f] = await Promise.all([open(users[0].token), open(users[2].token)]);
    stack.setPostRateLimit(0);
    const throttledBefore = stack.throttledPosts();
    try {
      const res = await broadcast('조절된 전송');
      expect(res.status).toBe(201);
      // Refused (after the SDK's own retries), then the page is queued again for later.
      await expect.poll(() => stack.throttledPosts() - throttledBefore, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(d.inbox).toEqual([]);
      stack.setPostRateLimit(undefined);
      await queue().idle();
      for (const ws of [d, f]) {
        await expect.poll(() => ws.inbox.length).toBe(1);
        expect(ws.inbox[0]).toMatchObject({ type: 'new_notification', data: { id: res.body.data.groupId } });
      }
      expect(queue().deadLetters).toEqual([]);
    } finally {
      stack.setPostRateLimit(undefined);
      for (const ws of [d, f]) ws.close();
    }
  });

  it('a message the consumer can never handle lands in the dead-letter queue after maxReceiveCount receives', async () => {
    const { workQueue } = await import('../../functions/adapters/work-queue');
    const { findWorkQueue } = await import('../../infra/work-queues');
    await workQueue<unknown>('notification-delivery').send([{ body: { kind: 'unknown-step' } }]);
    await queue().idle();
    const max = findWorkQueue('notification-delivery')!.maxReceiveCount;
    expect(queue().deadLetters).toHaveLength(1);
    expect(queue().deadLetters[0]).toMatchObject({ body: JSON.stringify({ kind: 'unknown-step' }), receiveCount: max });
    // The queue still works after it.
    const d = await open(users[0].token);
    const res = await broadcast('다음 전송');
    await expect.poll(() => d.inbox.map((m) => m.data.id)).toEqual([res.body.data.groupId]);
    d.close();
  });
});
