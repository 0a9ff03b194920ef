import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { VIEWER_IP_HEADER } from '../../shared/api';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { CALLER_STATUS_CACHE_MS } from '../../functions/domain/auth/active-account';
import { resetSettings, setSetting } from '../support/slots';

/**
 * Token lifetime: an access token stops when its session or account
 * does, on HTTP (reads and writes) and on the WebSocket (`$connect` refused, an open socket closed
 * and no longer fed staff pushes). Writes and `$connect` read the status consistently, so they stop
 * at once; reads may use a status up to CALLER_STATUS_CACHE_MS old, so they are polled for that
 * long plus a margin (the documented bound, docs/security.md).
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let developerToken: string;
let n = 0;

interface Account {
  id: string;
  email: string;
  token: string;
  refreshToken: string;
  ip: string;
}

const PASSWORD = 'life1234';
/** Past the cache bound: a read must be refused by then. */
const BOUND = { timeout: CALLER_STATUS_CACHE_MS + 3000, interval: 200 };

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  developerToken = (await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword)).token;
  await setSetting('chatEnabled', true); // customers write to support only while chat is on
});
afterAll(async () => {
  await resetSettings('chatEnabled');
  await stack?.stop();
});

async function account(role: 'user' | 'operator' = 'user'): Promise<Account> {
  const email = `life${Date.now().toString(36)}${++n}`;
  const { id } = await stack.createUser({ email, password: PASSWORD, fullName: `수명${n}`, role });
  const session = await api.login(email, PASSWORD);
  return { id, email, token: session.token, refreshToken: session.refreshToken, ip: `198.51.100.${n}` };
}

const call = (method: string, path: string, token: string, body?: unknown) =>
  api.call(method, path, { token, body, headers: { [VIEWER_IP_HEADER]: `203.0.113.${n}` } });
const statusOf = async (method: string, path: string, token: string, body?: unknown) =>
  (await call(method, path, token, body)).status;
const testNotice = (token: string) => call('POST', '/api/notifications/test', token, { title: '수명 확인' });

interface Socket {
  ws: WebSocket;
  inbox: Array<{ type: string; data: unknown }>;
  closed: Promise<number>;
}

function open(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${stack.url.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`);
    const inbox: Socket['inbox'] = [];
    const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)));
    ws.on('message', (data) => inbox.push(JSON.parse(String(data))));
    ws.once('open', () => resolve({ ws, inbox, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** How `$connect` answers this token now. */
const connectAnswer = (token: string) =>
  open(token).then(
    (s) => {
      s.ws.close();
      return 'open';
    },
    (err: Error) => err.message,
  );

/** The socket is closed by the server within the bound. */
async function expectClosed(socket: Socket) {
  const outcome = await Promise.race([
    socket.closed.then(() => 'closed'),
    new Promise((r) => setTimeout(() => r('still open'), BOUND.timeout)),
  ]);
  expect(outcome).toBe('closed');
}

/** A customer writes to support: every live staff socket hears `chat_message`. */
async function customerWrites(customer: Account, content: string) {
  const res = await call('POST', '/api/chat/messages', customer.token, { content });
  expect(res.status).toBe(201);
  return res.body.data.room as { id: string };
}

describe('logout ends the session’s access tokens', () => {
  it('HTTP reads and writes answer 401, the open socket is closed and a new one refused', async () => {
    const user = await account();
    const socket = await open(user.token);
    expect(await statusOf('GET', '/api/auth/me', user.token)).toBe(200);
    expect(await statusOf('GET', '/api/cash/balance', user.token)).toBe(200);

    const out = await api.call('POST', '/api/auth/logout', { body: { refreshToken: user.refreshToken } });
    expect(out.status).toBe(200);

    const write = await testNotice(user.token);
    expect(write.status).toBe(401);
    expect(write.body.error).toBe('인증이 만료되었습니다. 다시 로그인해주세요.');
    await expect.poll(() => statusOf('GET', '/api/auth/me', user.token), BOUND).toBe(401);
    await expect.poll(() => statusOf('GET', '/api/cash/balance', user.token), BOUND).toBe(401);
    await expectClosed(socket);
    expect(await connectAnswer(user.token)).toBe('HTTP 401');
    // Signing in again starts a new session that works.
    const again = await api.login(user.email, PASSWORD);
    expect(await statusOf('GET', '/api/auth/me', again.token)).toBe(200);
  });
});

describe('switch-back ends the switched session', () => {
  it('the switched token no longer writes or reads, its socket is closed and a new one refused', async () => {
    const target = await account();
    const developer = (await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword)).token;
    const sw = await call('POST', '/api/auth/switch-user', developer, { targetUserId: target.id });
    expect(sw.status).toBe(200);
    const switched = sw.body.data.tokens.accessToken as string;
    const socket = await open(switched);
    expect((await call('GET', '/api/auth/me', switched)).body.data).toMatchObject({ id: target.id });

    const back = await call('POST', '/api/auth/switch-back', switched);
    expect(back.status).toBe(200);
    developerToken = back.body.data.tokens.accessToken;

    // The probe's finding: the switched token still wrote (201) and read after switch-back.
    expect((await testNotice(switched)).status).toBe(401);
    await expect.poll(() => statusOf('GET', '/api/auth/me', switched), BOUND).toBe(401);
    await expect.poll(() => statusOf('GET', '/api/slots', switched), BOUND).toBe(401);
    await expectClosed(socket);
    expect(await connectAnswer(switched)).toBe('HTTP 401');
    // The developer's new session works.
    expect(await statusOf('GET', '/api/users', developerToken)).toBe(200);
  });
});

describe('deactivation ends every token of the account', () => {
  it('a deactivated operator reads nothing more (users, another user’s ledger, a chat room’s context), and its socket is closed', async () => {
    const operator = await account('operator');
    const customer = await account();
    const room = await customerWrites(customer, '잔액 문의');
    const socket = await open(operator.token);
    const reads = ['/api/users', `/api/cash/transactions?userId=${customer.id}`, `/api/chat/rooms/${room.id}/context`];
    for (const path of reads) expect(await statusOf('GET', path, operator.token), path).toBe(200);

    expect(await statusOf('PUT', `/api/users/${operator.id}`, developerToken, { isActive: false })).toBe(200);

    const write = await call('POST', '/api/users', operator.token, {
      email: `life${++n}x`,
      password: PASSWORD,
      fullName: '몰래',
    });
    expect(write.status).toBe(401);
    for (const path of reads) await expect.poll(() => statusOf('GET', path, operator.token), BOUND).toBe(401);
    const read = await call('GET', '/api/users', operator.token);
    expect(read.body.error).toBe('인증이 만료되었습니다. 다시 로그인해주세요.');
    await expectClosed(socket);
    expect(socket.inbox.filter((m) => m.type === 'chat_message')).toEqual([]);
    expect(await connectAnswer(operator.token)).toBe('HTTP 401');
  });

  it('a staff socket admitted just before the change hears no more chat and is closed at the next staff push', async () => {
    const operator = await account('operator');
    const customer = await account();
    const socket = await open(operator.token);
    await customerWrites(customer, '첫 문의');
    await expect.poll(() => socket.inbox.filter((m) => m.type === 'chat_message').length).toBe(1);

    // The account changes behind the users domain's back (as when it changed while this socket was
    // being admitted), so nothing closed the socket: the staff push itself must check.
    const { usersStore } = await import('../../functions/storage/users');
    await usersStore.update(operator.id, { isActive: false });
    await new Promise((r) => setTimeout(r, CALLER_STATUS_CACHE_MS + 200));

    await customerWrites(customer, '두 번째 문의');
    await expectClosed(socket);
    expect(socket.inbox.filter((m) => m.type === 'chat_message')).toHaveLength(1);
  });
});

describe('demotion: the account’s current role counts, and its sessions end', () => {
  it('a demoted operator’s old token reads no staff data, writes nothing, and its socket is closed', async () => {
    const operator = await account('operator');
    const customer = await account();
    const socket = await open(operator.token);
    expect(await statusOf('GET', '/api/users', operator.token)).toBe(200);
    expect(await statusOf('GET', `/api/cash/transactions?userId=${customer.id}`, operator.token)).toBe(200);

    expect(await statusOf('PUT', `/api/users/${operator.id}`, developerToken, { role: 'user' })).toBe(200);

    expect(
      await statusOf('POST', '/api/notifications', operator.token, {
        title: '공지',
        message: '몰래',
        recipientId: 'all',
      }),
    ).toBe(401);
    await expect.poll(() => statusOf('GET', '/api/users', operator.token), BOUND).toBe(401);
    await expect
      .poll(() => statusOf('GET', `/api/cash/transactions?userId=${customer.id}`, operator.token), BOUND)
      .toBe(401);
    await expectClosed(socket);
    expect(await connectAnswer(operator.token)).toBe('HTTP 401');
    // Signed in again, the account is a user: staff routes answer 403.
    const again = await api.login(operator.email, PASSWORD);
    expect(again.user.role).toBe('user');
    expect(await statusOf('GET', '/api/users', again.token)).toBe(403);
  });

  it('a session kept through the demotion (a developer switched into the account) acts with the current role: 403 on staff routes, no staff pushes', async () => {
    const operator = await account('operator');
    const customer = await account();
    const developer = (await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword)).token;
    const sw = await call('POST', '/api/auth/switch-user', developer, { targetUserId: operator.id });
    expect(sw.status).toBe(200);
    const switched = sw.body.data.tokens.accessToken as string;
    expect(await statusOf('GET', '/api/users', switched)).toBe(200);
    const before = await open(switched);

    const other = (await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword)).token;
    expect(await statusOf('PUT', `/api/users/${operator.id}`, other, { role: 'user' })).toBe(200);
    developerToken = other;

    await expect.poll(() => statusOf('GET', '/api/users', switched), BOUND).toBe(403);
    const refused = await call('GET', '/api/users', switched);
    expect(refused.body.error).toBe('접근 권한이 없습니다. 운영자와 개발자만 사용할 수 있습니다.');
    expect(
      await statusOf('POST', '/api/users', switched, { email: `life${++n}y`, password: PASSWORD, fullName: '몰래' }),
    ).toBe(403);
    expect((await call('GET', '/api/auth/me', switched)).body.data).toMatchObject({ id: operator.id, role: 'user' });
    // The role change closed the socket; a new one joins as a user and hears no staff chat.
    await expectClosed(before);
    const after = await open(switched);
    await customerWrites(customer, '운영자에게만');
    await new Promise((r) => setTimeout(r, 500));
    expect(after.inbox.filter((m) => m.type === 'chat_message')).toEqual([]);
    after.ws.close();
    // The way back still works.
    const back = await call('POST', '/api/auth/switch-back', switched);
    expect(back.status).toBe(200);
    developerToken = back.body.data.tokens.accessToken;
  });
});
