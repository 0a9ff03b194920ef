import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPrivateKey, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { VIEWER_IP_HEADER } from '../../shared/api';

let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
const dev = localStackDefaults;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  await stack.createUser({ email: 'advertiser1', password: 'secret12', fullName: '김광고' });
});
afterAll(() => stack?.stop());

const refreshCookieOf = (setCookies: string[]) => setCookies.find((c) => c.startsWith('ss_refresh='))!;

describe('sign-in', () => {
  it('signs in the bootstrap developer with the spec shape and an HttpOnly refresh cookie', async () => {
    const res = await api.call('POST', '/api/auth/login', {
      body: { email: dev.developerId, password: dev.developerPassword },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toMatchObject({
      email: dev.developerId,
      role: 'developer',
      isActive: true,
      permissions: [],
    });
    expect(res.body.data.user).not.toHaveProperty('passwordHash');
    expect(res.body.data.tokens.accessToken.split('.')).toHaveLength(3);
    const cookie = refreshCookieOf(res.setCookies);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
  });

  it('records lastLoginAt', async () => {
    const { token } = await api.login('advertiser1', 'secret12');
    const me = await api.call('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    expect(Date.now() - Date.parse(me.body.data.lastLoginAt)).toBeLessThan(60_000);
  });

  it('answers a wrong password and an unknown id with the same Korean message', async () => {
    const wrong = await api.call('POST', '/api/auth/login', { body: { email: 'advertiser1', password: 'nope-nope' } });
    const unknown = await api.call('POST', '/api/auth/login', { body: { email: 'ghost', password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      success: false,
      error: '아이디 또는 비밀번호가 올바르지 않습니다.',
      code: 'UNAUTHORIZED',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('names the missing field in Korean and writes nothing', async () => {
    const res = await api.call('POST', '/api/auth/login', { body: { email: 'advertiser1' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION');
    expect(res.body.error).toBe('아이디와 비밀번호를 입력해주세요.');
    expect(res.body.details).toEqual([expect.objectContaining({ field: 'password', label: '비밀번호' })]);
  });

  it('rejects a body that is not JSON', async () => {
    const res = await api.call('POST', '/api/auth/login', { rawBody: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('요청 본문이 올바른 JSON 형식이 아닙니다.');
  });

  it('throttles an id after repeated failures, even with the right password', async () => {
    await stack.createUser({ email: 'victim', password: 'rightpass', fullName: '피해자' });
    for (let i = 0; i < 5; i++) {
      const r = await api.call('POST', '/api/auth/login', { body: { email: 'victim', password: `wrong${i}` } });
      expect(r.status).toBe(401);
    }
    const locked = await api.call('POST', '/api/auth/login', { body: { email: 'victim', password: 'rightpass' } });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^로그인 시도가 너무 많습니다\. \d+초 후에 다시 시도해주세요\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('throttles per viewer address behind CloudFront, not per edge server', async () => {
    const viaEdge = (address: string, email: string, password: string) =>
      api.call('POST', '/api/auth/login', { body: { email, password }, headers: { [VIEWER_IP_HEADER]: address } });
    // 20 failures from one viewer (each on a different id, so only the address limit is reached).
    for (let i = 0; i < 20; i++) expect((await viaEdge('203.0.113.7', `probe${i}`, 'wrong-pass')).status).toBe(401);
    // The address is slowed, not locked: a colleague with the right password waits
    // seconds (at most 30 s however many typos), never the 15 minutes an id at an address gets.
    const slowed = await viaEdge('203.0.113.7', 'advertiser1', 'secret12');
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(5);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 300));
    expect((await viaEdge('203.0.113.7', 'advertiser1', 'secret12')).status).toBe(200);
    // Another user of the same edge server (same sourceIp here) still signs in.
    expect((await viaEdge('198.51.100.20', 'advertiser1', 'secret12')).status).toBe(200);
  });

  it('counts parallel guesses before checking them: a burst gets no more than the allowance evaluated', async () => {
    await stack.createUser({ email: 'burst-target', password: 'rightpass', fullName: '동시공격' });
    const from = (address: string, password: string) =>
      api.call('POST', '/api/auth/login', {
        body: { email: 'burst-target', password },
        headers: { [VIEWER_IP_HEADER]: address },
      });
    // The right password under the allowance still signs in, and starts the id over.
    await from('192.0.2.10', 'wrong-once');
    expect((await from('192.0.2.10', 'rightpass')).status).toBe(200);

    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => from('192.0.2.10', `guess${i}`)));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    const refused = burst.find((r) => r.status === 429)!;
    expect(refused.body.error).toMatch(/^로그인 시도가 너무 많습니다\. \d+초 후에 다시 시도해주세요\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Locked now, even with the right password; the address only counted its 5 evaluated failures (+1).
    expect((await from('192.0.2.10', 'rightpass')).status).toBe(429);
    expect(
      (
        await api.call('POST', '/api/auth/login', {
          body: { email: 'advertiser1', password: 'secret12' },
          headers: { [VIEWER_IP_HEADER]: '192.0.2.10' },
        })
      ).status,
    ).toBe(200);
  });

  it('a guesser at one address cannot lock the owner out: the owner signs in from elsewhere', async () => {
    const { id } = await stack.createUser({ email: 'target2', password: 'rightpass', fullName: '표적' });
    expect(id).toBeTruthy();
    const from = (address: string, password: string) =>
      api.call('POST', '/api/auth/login', {
        body: { email: 'target2', password },
        headers: { [VIEWER_IP_HEADER]: address },
      });
    for (let i = 0; i < 8; i++) await from('198.51.100.66', `guess${i}`);
    expect((await from('198.51.100.66', 'rightpass')).status).toBe(429);
    expect((await from('203.0.113.200', 'rightpass')).status).toBe(200);
  });

  it('a guesser rotating addresses meets a short back-off per id, never a long lockout', async () => {
    await stack.createUser({ email: 'target3', password: 'rightpass', fullName: '분산공격' });
    const from = (address: string, password: string) =>
      api.call('POST', '/api/auth/login', {
        body: { email: 'target3', password },
        headers: { [VIEWER_IP_HEADER]: address },
      });
    // 50 failures from 50 addresses: each address is far below its own limits.
    for (let i = 0; i < 50; i++)
      expect((await from(`10.9.${Math.floor(i / 200)}.${i % 200}`, `guess${i}`)).status).toBe(401);
    const slowed = await from('10.9.9.9', 'guess-next');
    expect(slowed.status).toBe(429);
    const wait = Number(slowed.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
  });

  it('answers a deactivated account exactly like a wrong password', async () => {
    const { id } = await stack.createUser({ email: 'sleeper', password: 'rightpass', fullName: '휴면' });
    const { usersStore } = await import('../../functions/storage/users');
    await usersStore.update(id, { isActive: false });
    const right = await api.call('POST', '/api/auth/login', { body: { email: 'sleeper', password: 'rightpass' } });
    const wrong = await api.call('POST', '/api/auth/login', { body: { email: 'sleeper', password: 'wrongpass' } });
    const unknown = await api.call('POST', '/api/auth/login', {
      body: { email: 'nobody-here', password: 'rightpass' },
    });
    for (const res of [right, wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        code: 'UNAUTHORIZED',
        error: '아이디 또는 비밀번호가 올바르지 않습니다.',
      });
    }
  });

  it('lets many users behind one office address sign in at once', async () => {
    const users = Array.from({ length: 25 }, (_, i) => `office${i}`);
    await Promise.all(users.map((email) => stack.createUser({ email, password: 'officepass', fullName: '사무실' })));
    const signIns = await Promise.all(
      users.map((email) =>
        api.call('POST', '/api/auth/login', {
          body: { email, password: 'officepass' },
          headers: { [VIEWER_IP_HEADER]: '192.0.2.77' },
        }),
      ),
    );
    expect(signIns.map((r) => r.status)).toEqual(users.map(() => 200));
  });
});

describe('tokens', () => {
  it('refuses a missing, tampered, foreign-key or wrong-audience token with 401', async () => {
    const { token } = await api.login('advertiser1', 'secret12');
    expect((await api.call('GET', '/api/auth/me')).status).toBe(401);

    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'developer' })).toString('base64url')}.${s}`;
    const res = await api.call('GET', '/api/auth/me', { token: tampered });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('인증이 만료되었습니다. 다시 로그인해주세요.');

    // Signed by a key that is not ours.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = sign(h, payload, privateKey);
    expect((await api.call('GET', '/api/auth/me', { token: forged })).status).toBe(401);

    // Our key, but for another audience, and an expired one.
    const ours = createPrivateKey(readFileSync(process.env.SIGNING_KEY_FILE!));
    expect(
      (await api.call('GET', '/api/auth/me', { token: sign(h, { ...payload, aud: 'someone-else' }, ours) })).status,
    ).toBe(401);
    const past = Math.floor(Date.now() / 1000) - 3600;
    expect(
      (await api.call('GET', '/api/auth/me', { token: sign(h, { ...payload, iat: past - 900, exp: past }, ours) }))
        .status,
    ).toBe(401);
    // Our key and every other claim right, but no expiry: it would never end.
    const { exp: _exp, ...forever } = payload;
    expect((await api.call('GET', '/api/auth/me', { token: sign(h, forever, ours) })).status).toBe(401);
    // Our key, but a lifetime no token of ours has: ten years from now, or 15 minutes from a year ahead.
    const now = Math.floor(Date.now() / 1000);
    const decade = { ...payload, iat: now, exp: now + 10 * 365 * 86_400 };
    expect((await api.call('GET', '/api/auth/me', { token: sign(h, decade, ours) })).status).toBe(401);
    const later = { ...payload, iat: now + 365 * 86_400, exp: now + 365 * 86_400 + 900 };
    expect((await api.call('GET', '/api/auth/me', { token: sign(h, later, ours) })).status).toBe(401);
    // Sanity: the same signing path with good claims is accepted, so the refusals above are real.
    expect((await api.call('GET', '/api/auth/me', { token: sign(h, payload, ours) })).status).toBe(200);
  });

  it('rotates refresh tokens and revokes the family when an old one is replayed', async () => {
    const login = await api.call('POST', '/api/auth/login', { body: { email: 'advertiser1', password: 'secret12' } });
    const first = login.body.data.tokens.refreshToken;

    // The SPA path: the cookie alone.
    const viaCookie = await api.call('POST', '/api/auth/refresh', { headers: { cookie: `ss_refresh=${first}` } });
    expect(viaCookie.status).toBe(200);
    const second = viaCookie.body.data.tokens.refreshToken;
    expect(second).not.toBe(first);
    expect(refreshCookieOf(viaCookie.setCookies)).toContain(second);

    // Replaying the first token after the grace window is theft: refused, and the whole family dies with it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
    try {
      const replay = await api.call('POST', '/api/auth/refresh', { body: { refreshToken: first } });
      expect(replay.status).toBe(401);
      const afterReplay = await api.call('POST', '/api/auth/refresh', { body: { refreshToken: second } });
      expect(afterReplay.status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('two tabs refreshing with the same cookie at once both keep the session', async () => {
    const { refreshToken } = await api.login('advertiser1', 'secret12');
    const cookie = { cookie: `ss_refresh=${refreshToken}` };
    const [a, b] = await Promise.all([
      api.call('POST', '/api/auth/refresh', { headers: cookie }),
      api.call('POST', '/api/auth/refresh', { headers: cookie }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [nextA, nextB] = [a.body.data.tokens.refreshToken, b.body.data.tokens.refreshToken];
    expect(nextA).not.toBe(nextB);
    // Not treated as theft: the family lives on, whichever cookie the browser kept.
    expect((await api.call('POST', '/api/auth/refresh', { body: { refreshToken: nextA } })).status).toBe(200);
    expect((await api.call('POST', '/api/auth/refresh', { body: { refreshToken: nextB } })).status).toBe(200);
  });

  it('the grace window never revives a family that was signed out', async () => {
    const { refreshToken: first } = await api.login('advertiser1', 'secret12');
    const rotated = await api.call('POST', '/api/auth/refresh', { body: { refreshToken: first } });
    expect(rotated.status).toBe(200);
    await api.call('POST', '/api/auth/logout', { body: { refreshToken: rotated.body.data.tokens.refreshToken } });
    expect((await api.call('POST', '/api/auth/refresh', { body: { refreshToken: first } })).status).toBe(401);
  });

  it('logout revokes the refresh token and clears the cookie', async () => {
    const { refreshToken } = await api.login('advertiser1', 'secret12');
    const out = await api.call('POST', '/api/auth/logout', { body: { refreshToken } });
    expect(out.status).toBe(200);
    expect(refreshCookieOf(out.setCookies)).toMatch(/Max-Age=0/);
    expect((await api.call('POST', '/api/auth/refresh', { body: { refreshToken } })).status).toBe(401);
  });
});

describe('profile and password', () => {
  it('stores names without control characters, lone surrogates or bidi overrides', async () => {
    await stack.createUser({ email: 'cleanname', password: 'oldpass1', fullName: '이름' });
    const { token } = await api.login('cleanname', 'oldpass1');
    const res = await api.call('PUT', '/api/auth/profile', {
      token,
      rawBody: JSON.stringify({ fullName: '홍\u0000길\u202E동\ud800' }),
    });
    expect(res.status).toBe(200);
    expect((await api.call('GET', '/api/auth/me', { token })).body.data.fullName).toBe('홍길동');
  });

  it('changes only the full name, then the password in the spec order of checks', async () => {
    await stack.createUser({ email: 'profileuser', password: 'oldpass1', fullName: '이전이름' });
    const { token } = await api.login('profileuser', 'oldpass1');

    const renamed = await api.call('PUT', '/api/auth/profile', {
      token,
      body: { fullName: '새이름', role: 'developer' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ fullName: '새이름', role: 'user' });

    const mismatch = await api.call('PUT', '/api/auth/profile', {
      token,
      body: { fullName: '새이름', password: 'abc', confirmPassword: 'abd' },
    });
    expect(mismatch.body.error).toBe('새 비밀번호가 일치하지 않습니다.');
    const short = await api.call('PUT', '/api/auth/profile', {
      token,
      body: { fullName: '새이름', password: 'abc', confirmPassword: 'abc' },
    });
    expect(short.body.error).toBe('비밀번호는 최소 6자 이상이어야 합니다.');
    const noCurrent = await api.call('PUT', '/api/auth/profile', {
      token,
      body: { fullName: '새이름', password: 'newpass1', confirmPassword: 'newpass1' },
    });
    expect(noCurrent.body.error).toBe('현재 비밀번호를 입력해주세요.');
    const wrongCurrent = await api.call('PUT', '/api/auth/profile', {
      token,
      body: { fullName: '새이름', password: 'newpass1', confirmPassword: 'newpass1', currentPassword: 'bad' },
    });
    expect(wrongCurrent.status).toBe(400);
    // None of the refused requests changed the password.
    await api.login('profileuser', 'oldpass1');

    const ok = await api.call('PUT', '/api/auth/profile', {
      token,
      body: { fullName: '새이름', password: 'newpass1', confirmPassword: 'newpass1', currentPassword: 'oldpass1' },
    });
    expect(ok.status).toBe(200);
    await api.login('profileuser', 'newpass1');
  });

  it('change-password requires the current password', async () => {
    await stack.createUser({ email: 'pwuser', password: 'first111', fullName: '비번' });
    const { token } = await api.login('pwuser', 'first111');
    expect(
      (
        await api.call('PUT', '/api/auth/change-password', {
          token,
          body: { currentPassword: 'zzzzzz', password: 'second22' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.call('PUT', '/api/auth/change-password', {
          token,
          body: { currentPassword: 'first111', password: 'second22' },
        })
      ).status,
    ).toBe(200);
    await api.login('pwuser', 'second22');
  });

  it('a password change ends the other sessions and keeps the current one', async () => {
    await stack.createUser({ email: 'twodevices', password: 'first111', fullName: '두기기' });
    const here = await api.login('twodevices', 'first111');
    const there = await api.login('twodevices', 'first111');

    const changed = await api.call('PUT', '/api/auth/change-password', {
      token: here.token,
      body: { currentPassword: 'first111', password: 'second22' },
    });
    expect(changed.status).toBe(200);

    const elsewhere = await api.call('POST', '/api/auth/refresh', { body: { refreshToken: there.refreshToken } });
    expect(elsewhere.status).toBe(401);
    expect((await api.call('POST', '/api/auth/refresh', { body: { refreshToken: here.refreshToken } })).status).toBe(
      200,
    );
  });

  it('a password change on the profile ends the other sessions too; a name change does not', async () => {
    await stack.createUser({ email: 'threedevices', password: 'first111', fullName: '세기기' });
    const here = await api.login('threedevices', 'first111');
    const there = await api.login('threedevices', 'first111');

    const renamed = await api.call('PUT', '/api/auth/profile', { token: here.token, body: { fullName: '이름만' } });
    expect(renamed.status).toBe(200);
    const stillThere = await api.call('POST', '/api/auth/refresh', { body: { refreshToken: there.refreshToken } });
    expect(stillThere.status).toBe(200);

    const changed = await api.call('PUT', '/api/auth/profile', {
      token: here.token,
      body: { fullName: '이름만', password: 'second22', confirmPassword: 'second22', currentPassword: 'first111' },
    });
    expect(changed.status).toBe(200);
    expect(
      (
        await api.call('POST', '/api/auth/refresh', {
          body: { refreshToken: stillThere.body.data.tokens.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect((await api.call('POST', '/api/auth/refresh', { body: { refreshToken: here.refreshToken } })).status).toBe(
      200,
    );
  });

  it('refuses a confirmation sent without a new password with the mismatch message', async () => {
    await stack.createUser({ email: 'confirmonly', password: 'first111', fullName: '확인만' });
    const { token } = await api.login('confirmonly', 'first111');
    const res = await api.call('PUT', '/api/auth/profile', {
      token,
      body: { fullName: '바뀐이름', password: '', confirmPassword: 'second22' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('새 비밀번호가 일치하지 않습니다.');
    expect((await api.call('GET', '/api/auth/me', { token })).body.data.fullName).toBe('확인만');
  });
});

describe('registration', () => {
  it('registers a user when registration is enabled and refuses a taken id', async () => {
    const res = await api.call('POST', '/api/auth/register', {
      body: { email: 'newbie1', password: 'newbie11', fullName: '신규' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: 'newbie1', role: 'user' });
    const again = await api.call('POST', '/api/auth/register', {
      body: { email: 'NEWBIE1', password: 'newbie11', fullName: '신규' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('이미 사용 중인 아이디입니다.');
  });

  it('takes at most 10 sign-ups an hour from one address; another address still signs up', async () => {
    const signUp = (email: string, address: string) =>
      api.call('POST', '/api/auth/register', {
        body: { email, password: 'newbie11', fullName: '신규' },
        headers: { [VIEWER_IP_HEADER]: address },
      });
    const burst = await Promise.all(Array.from({ length: 14 }, (_, i) => signUp(`bulkjoin${i}`, '192.0.2.150')));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 201 || s === 200)).toHaveLength(10);
    const refused = burst.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0].body.error).toBe('짧은 시간에 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
    // The refused ones were not created: their ids are still free.
    const refusedIds = burst.map((r, i) => (r.status === 429 ? `bulkjoin${i}` : null)).filter(Boolean) as string[];
    const retry = await signUp(refusedIds[0], '198.51.100.151');
    expect([200, 201]).toContain(retry.status);
  });

  it('refuses ids with other than letters and digits', async () => {
    const res = await api.call('POST', '/api/auth/register', {
      body: { email: 'bad id!', password: 'newbie11', fullName: '신규' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('아이디는 영문과 숫자만 사용할 수 있습니다.');
  });
});

describe('developer user-switch', () => {
  it('lets a developer act as a user and switch back; never for users or onto oneself', async () => {
    const devSession = await api.login(dev.developerId, dev.developerPassword);
    const target = await api.login('advertiser1', 'secret12');

    const self = await api.call('POST', '/api/auth/switch-user', {
      token: devSession.token,
      body: { targetUserId: devSession.user.id },
    });
    expect(self.status).toBe(400);
    const byUser = await api.call('POST', '/api/auth/switch-user', {
      token: target.token,
      body: { targetUserId: devSession.user.id },
    });
    expect(byUser.status).toBe(403);
    expect(byUser.body.error).toBe('개발자 계정만 사용자 전환을 할 수 있습니다.');

    const switched = await api.call('POST', '/api/auth/switch-user', {
      token: devSession.token,
      body: { targetUserId: target.user.id },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.data.user.email).toBe('advertiser1');
    expect(switched.body.data.actingAs).toMatchObject({ developerEmail: dev.developerId });

    const me = await api.call('GET', '/api/auth/me', { token: switched.body.data.tokens.accessToken });
    expect(me.body.data.actingAs.developerEmail).toBe(dev.developerId);

    const back = await api.call('POST', '/api/auth/switch-back', { token: switched.body.data.tokens.accessToken });
    expect(back.status).toBe(200);
    expect(back.body.data.user.role).toBe('developer');
    expect(back.body.data.actingAs).toBeNull();
    // The switched session is over.
    expect(
      (await api.call('POST', '/api/auth/refresh', { body: { refreshToken: switched.body.data.tokens.refreshToken } }))
        .status,
    ).toBe(401);
  });

  it('a switch token leads back once, and never after its session was logged out', async () => {
    const devSession = await api.login(dev.developerId, dev.developerPassword);
    const target = await api.login('advertiser1', 'secret12');
    const switchTo = async () => {
      const res = await api.call('POST', '/api/auth/switch-user', {
        token: (await api.login(dev.developerId, dev.developerPassword)).token,
        body: { targetUserId: target.user.id },
      });
      return res.body.data.tokens as { accessToken: string; refreshToken: string };
    };
    expect(devSession.user.role).toBe('developer');

    // Used once: the same token cannot switch back again (a leaked copy gives nothing).
    const first = await switchTo();
    expect((await api.call('POST', '/api/auth/switch-back', { token: first.accessToken })).status).toBe(200);
    const replay = await api.call('POST', '/api/auth/switch-back', { token: first.accessToken });
    expect(replay.status).toBe(401);
    expect(replay.body.data).toBeUndefined();

    // Logged out: the still-unexpired access token cannot switch back.
    const second = await switchTo();
    await api.call('POST', '/api/auth/logout', { body: { refreshToken: second.refreshToken } });
    for (let i = 0; i < 3; i++) {
      const res = await api.call('POST', '/api/auth/switch-back', { token: second.accessToken });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('인증이 만료되었습니다. 다시 로그인해주세요.');
    }
  });

  it('a plain session cannot switch back', async () => {
    const { token } = await api.login('advertiser1', 'secret12');
    const res = await api.call('POST', '/api/auth/switch-back', { token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('원래 계정 정보를 찾을 수 없습니다.');
  });
});

describe('system settings and routing', () => {
  it('serves the defaults by category, by category and by key', async () => {
    const all = await api.call('GET', '/api/system-settings');
    expect(all.body.data.business).toMatchObject({
      useCashSystem: true,
      defaultSlotPrice: 50000,
      maxSlotsPerUser: 100,
      slotOperationMode: 'normal',
    });
    expect(all.body.data.theme).toMatchObject({
      siteName: 'Simple Slot',
      globalTheme: 'simple',
      globalLayout: 'classic',
    });
    expect((await api.call('GET', '/api/system-settings/category/feature')).body.data).toMatchObject({
      notificationDuration: 5000,
    });
    expect((await api.call('GET', '/api/system-settings/key/minCashCharge')).body.data).toEqual({
      key: 'minCashCharge',
      value: 10000,
      category: 'business',
    });
    const unknown = await api.call('GET', '/api/system-settings/key/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('존재하지 않는 설정입니다.');
  });

  it('answers unknown api paths with a Korean 404 and wrong methods with 405', async () => {
    expect((await api.call('GET', '/api/nowhere')).body.error).toBe('요청한 주소를 찾을 수 없습니다.');
    expect((await api.call('DELETE', '/api/auth/login')).status).toBe(405);
  });

  it('reports health with the store reachable', async () => {
    const res = await api.call('GET', '/api/health');
    expect(res.body.data).toMatchObject({ status: 'ok', store: 'reachable' });
  });
});

function sign(header: string, payload: object, key: KeyObject) {
  const input = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key).toString('base64url')}`;
}
