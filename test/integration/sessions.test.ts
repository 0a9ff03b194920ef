import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { VIEWER_IP_HEADER } from '../../shared/api';
import { db, tableName } from '../../functions/storage/client';
import { openSocket as openStackSocket } from '../support/sockets';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';

/**
 * Sessions a person can see and end (내 정보), and the operator's "end every session" of a customer:
 * only the caller's own sessions are listed and can be ended, 'end all others' keeps the one in hand,
 * an ended session's tokens stop and its socket closes, and the operator route follows the role
 * rules of the other user writes.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let n = 0;

const PASSWORD = 'sess1234';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Signed {
  token: string;
  refreshToken: string;
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
});
afterAll(() => stack?.stop());

async function account(role: 'user' | 'operator' | 'developer' = 'user') {
  const email = `sess${Date.now().toString(36)}${++n}`;
  const { id } = await stack.createUser({ email, password: PASSWORD, fullName: `세션${n}`, role });
  return { id, email };
}

async function signIn(email: string, from: { ua?: string; ip?: string } = {}): Promise<Signed> {
  const res = await api.call('POST', '/api/auth/login', {
    body: { email, password: PASSWORD },
    headers: { 'user-agent': from.ua ?? 'vitest', [VIEWER_IP_HEADER]: from.ip ?? '203.0.113.1' },
  });
  expect(res.status).toBe(200);
  return { token: res.body.data.tokens.accessToken, refreshToken: res.body.data.tokens.refreshToken };
}

const sessionsOf = async (s: Signed) => {
  const res = await api.call('GET', '/api/auth/sessions', { token: s.token });
  expect(res.status).toBe(200);
  return res.body.data as Array<Record<string, any>>;
};
const me = async (s: Signed) => (await api.call('GET', '/api/auth/me', { token: s.token })).status;
const refresh = (s: Signed, ip = '203.0.113.1') =>
  api.call('POST', '/api/auth/refresh', {
    body: { refreshToken: s.refreshToken },
    headers: { [VIEWER_IP_HEADER]: ip },
  });
const currentId = async (s: Signed) => (await sessionsOf(s)).find((x) => x.current)!.id as string;

/** Every item of the table, to show a refused request wrote nothing. */
const scanAll = async () => {
  const items: unknown[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
};

const openSocket = (token: string) => openStackSocket(stack.url, token);

describe('the session list (GET /api/auth/sessions)', () => {
  it('lists only the caller’s own live sessions, with browser, address, sign-in time and the current one marked', async () => {
    const owner = await account();
    const other = await account();
    const pc = await signIn(owner.email, { ua: WINDOWS_CHROME, ip: '198.51.100.7' });
    const phone = await signIn(owner.email, { ua: IPHONE_SAFARI, ip: '198.51.100.8' });
    const ended = await signIn(owner.email);
    await api.call('POST', '/api/auth/logout', { body: { refreshToken: ended.refreshToken } });
    await signIn(other.email, { ua: WINDOWS_CHROME });

    const list = await sessionsOf(phone);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      current: true,
      userAgent: IPHONE_SAFARI,
      ip: '198.51.100.8',
      lastUsedAt: null,
      developerSwitch: false,
    });
    expect(list[1]).toMatchObject({ current: false, userAgent: WINDOWS_CHROME, ip: '198.51.100.7' });
    expect(Date.now() - Date.parse(list[1].signedInAt)).toBeLessThan(60_000);
    // The other account's session and the logged-out one are not there; each side sees its own.
    expect((await sessionsOf(pc)).map((s) => s.id).sort()).toEqual(list.map((s) => s.id).sort());
  });

  it('"last used" moves with a refresh (and its address), never with an ordinary call', async () => {
    const owner = await account();
    const s = await signIn(owner.email, { ip: '198.51.100.20' });
    for (let i = 0; i < 3; i++) expect(await me(s)).toBe(200);
    expect((await sessionsOf(s))[0].lastUsedAt).toBeNull();

    const res = await refresh(s, '198.51.100.21');
    expect(res.status).toBe(200);
    const renewed = { token: res.body.data.tokens.accessToken, refreshToken: res.body.data.tokens.refreshToken };
    const [row] = await sessionsOf(renewed);
    expect(row.current).toBe(true);
    expect(Date.now() - Date.parse(row.lastUsedAt)).toBeLessThan(60_000);
    expect(row.ip).toBe('198.51.100.21');
  });
});

describe('ending sessions of one’s own account', () => {
  it('refuses to end another account’s session (404, nothing written); that session goes on', async () => {
    const owner = await account();
    const victim = await account();
    const mine = await signIn(owner.email);
    const theirs = await signIn(victim.email);
    const theirId = await currentId(theirs);

    const before = await scanAll();
    const res = await api.call('DELETE', `/api/auth/sessions/${theirId}`, { token: mine.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', error: expect.stringContaining('세션') });
    expect(await scanAll()).toEqual(before);
    expect(await me(theirs)).toBe(200);
    expect((await refresh(theirs)).status).toBe(200);
  });

  it('ends one session: its refresh token and access token stop at once, its socket closes; the caller’s goes on', async () => {
    const owner = await account();
    const here = await signIn(owner.email);
    const there = await signIn(owner.email);
    const socket = await openSocket(there.token);
    const thereId = await currentId(there);

    const res = await api.call('DELETE', `/api/auth/sessions/${thereId}`, { token: here.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ended: 1 });

    expect(await me(there)).toBe(401);
    expect((await refresh(there)).status).toBe(401);
    await socket.closed;
    await expect(openSocket(there.token)).rejects.toThrow('HTTP 401');
    expect(await me(here)).toBe(200);
    expect((await sessionsOf(here)).map((s) => s.id)).not.toContain(thereId);
    // Ending it again finds nothing left to end.
    expect((await api.call('DELETE', `/api/auth/sessions/${thereId}`, { token: here.token })).status).toBe(404);
  });

  it("'end all others' ends every other session and keeps the current one", async () => {
    const owner = await account();
    const here = await signIn(owner.email);
    const others = [await signIn(owner.email), await signIn(owner.email)];
    const bystander = await signIn((await account()).email);

    const res = await api.call('POST', '/api/auth/sessions/end-others', { token: here.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ended: 2 });

    expect(await me(here)).toBe(200);
    expect((await refresh(here)).status).toBe(200);
    for (const s of others) {
      expect(await me(s)).toBe(401);
      expect((await refresh(s)).status).toBe(401);
    }
    expect(await me(bystander)).toBe(200);
  });
});

describe('an operator ends every session of a user (POST /api/users/{id}/sessions/end)', () => {
  it('ends the customer’s sessions and sockets; the operator’s own go on', async () => {
    const operator = await account('operator');
    const customer = await account();
    const op = await signIn(operator.email);
    const a = await signIn(customer.email);
    const b = await signIn(customer.email);
    const socket = await openSocket(a.token);

    const res = await api.call('POST', `/api/users/${customer.id}/sessions/end`, { token: op.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ended: 2 });
    for (const s of [a, b]) {
      expect(await me(s)).toBe(401);
      expect((await refresh(s)).status).toBe(401);
    }
    await socket.closed;
    expect(await me(op)).toBe(200);
  });

  it('refuses advertisers, staff ending a developer’s sessions unless the caller is a developer, and one’s own', async () => {
    const operator = await account('operator');
    const advertiser = await account();
    const developer = await account('developer');
    const customer = await account();
    const op = await signIn(operator.email);
    const adv = await signIn(advertiser.email);
    const devSession = await signIn(developer.email);
    await signIn(customer.email);

    const before = await scanAll();
    const byAdvertiser = await api.call('POST', `/api/users/${customer.id}/sessions/end`, { token: adv.token });
    expect(byAdvertiser.status).toBe(403);
    const onDeveloper = await api.call('POST', `/api/users/${developer.id}/sessions/end`, { token: op.token });
    expect(onDeveloper.status).toBe(403);
    expect(onDeveloper.body.error).toBe('개발자 계정의 세션은 개발자만 종료할 수 있습니다.');
    const own = await api.call('POST', `/api/users/${operator.id}/sessions/end`, { token: op.token });
    expect(own.status).toBe(403);
    const unknown = await api.call('POST', '/api/users/no-such-user/sessions/end', { token: op.token });
    expect(unknown.status).toBe(404);
    expect(await scanAll()).toEqual(before);
    expect(await me(devSession)).toBe(200);

    // A developer may end another developer's sessions.
    const boot = await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
    const byDeveloper = await api.call('POST', `/api/users/${developer.id}/sessions/end`, { token: boot.token });
    expect(byDeveloper.status).toBe(200);
    expect(byDeveloper.body.data).toEqual({ ended: 1 });
    expect(await me(devSession)).toBe(401);
  });
});
