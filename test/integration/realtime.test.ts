import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';

let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let userId: string;
let token: string;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  userId = (await stack.createUser({ email: 'wsuser', password: 'wspass12', fullName: '소켓' })).id;
  token = (await api.login('wsuser', 'wspass12')).token;
});
afterAll(() => stack?.stop());

const wsUrl = (query: string) => `${stack.url.replace('http', 'ws')}/ws${query}`;

function open(query: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(query));
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

const nextMessage = (ws: WebSocket) =>
  new Promise<any>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));

describe('WebSocket /ws', () => {
  it('refuses a connection without a token or with a bad one', async () => {
    await expect(open('')).rejects.toThrow('HTTP 401');
    await expect(open('?token=not-a-jwt')).rejects.toThrow('HTTP 401');
  });

  it('answers a ping through the @connections endpoint the AWS SDK posts to', async () => {
    const ws = await open(`?token=${token}`);
    const reply = nextMessage(ws);
    ws.send(JSON.stringify({ type: 'ping' }));
    expect(await reply).toMatchObject({ type: 'pong' });
    ws.close();
  });

  it('pushes to every open connection of a user, and forgets a connection that is gone (410)', async () => {
    const { pushToUser } = await import('../../functions/adapters/push');
    const { connectionsStore, connectionOpeningsStore } = await import('../../functions/storage/connections');
    const a = await open(`?token=${token}`);
    const b = await open(`?token=${token}`);
    await expect.poll(async () => (await connectionsStore.ofUser(userId)).length).toBe(2);

    const got = Promise.all([nextMessage(a), nextMessage(b)]);
    expect(await pushToUser(userId, { type: 'unread_count', data: { count: 3 } })).toBe(2);
    expect(await got).toEqual([
      { type: 'unread_count', data: { count: 3 } },
      { type: 'unread_count', data: { count: 3 } },
    ]);

    // A connection whose socket vanished without $disconnect (as when a client loses its network):
    // the record is still there, the endpoint answers 410, and the push removes the record.
    await connectionOpeningsStore.add('vanished-connection', userId, 'user');
    expect(await pushToUser(userId, { type: 'unread_count', data: { count: 4 } })).toBe(2);
    expect((await connectionsStore.ofUser(userId)).map((c) => c.connectionId)).not.toContain('vanished-connection');

    a.close();
    b.close();
    // $disconnect removes the records.
    await expect.poll(async () => (await connectionsStore.ofUser(userId)).length).toBe(0);
  });

  it('the management endpoint answers 410 GoneException for an unknown connection', async () => {
    const res = await fetch(`${stack.url}/_local/ws/@connections/nope`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(410);
    expect(res.headers.get('x-amzn-errortype')).toBe('GoneException');
  });
});
