import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { issueEmptySlots } from '../../functions/domain/slots/registration';
import { addKstDays, kstToday } from '../../shared/kst';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { balanceOf, newAccount, row } from '../support/slots';

/** User management (list, create, edit, delete, switch user, the refusals) and deactivation taking effect at once. */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;
let developer: { id: string; token: string };

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '운영자박' });
  const dev = await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
  developer = { id: dev.user.id, token: dev.token };
});
afterAll(() => stack?.stop());

const call = (method: string, path: string, token: string, body?: unknown) => api.call(method, path, { token, body });
const stats = async () => (await call('GET', '/api/users/stats', operator.token)).body.data;
const list = async (query = '', token = operator.token) => (await call('GET', `/api/users${query}`, token)).body.data;
let seq = 0;
const newId = (prefix = 'member') => `${prefix}${Date.now().toString(36)}${++seq}`;
const addUser = async (body: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/users', operator.token, {
    email: newId(),
    password: 'secret12',
    fullName: '새회원',
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body.data;
};
const userItem = async (id: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(id), ConsistentRead: true }))).Item;

describe('POST /api/users', () => {
  it('creates a user (always role user), counts and logs it; the new user can sign in', async () => {
    const before = await stats();
    const email = newId('Kim');
    const res = await call('POST', '/api/users', operator.token, {
      email,
      password: 'secret12',
      fullName: ' 김회원 ',
      role: 'developer',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      email,
      fullName: '김회원',
      role: 'user',
      isActive: true,
      allocated_slots: 0,
      used_slots: 0,
    });
    expect(await stats()).toEqual({
      total: before.total + 1,
      active: before.active + 1,
      inactive: before.inactive,
      byRole: { ...before.byRole, user: before.byRole.user + 1 },
    });
    const logs = (await call('GET', `/api/users/${res.body.data.id}/logs`, operator.token)).body.data;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'create', actorId: operator.id, actorName: '운영자박' });
    expect(logs[0].changes).toContainEqual({ field: 'role', old: null, new: 'user' });
    expect((await api.login(email, 'secret12')).user.role).toBe('user');
  });

  it('refuses bad input with the spec text and writes nothing', async () => {
    const before = await stats();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: '', password: 'secret12', fullName: '이름' }, '필수 항목을 모두 입력해주세요.'],
      [{ email: newId(), password: '', fullName: '이름' }, '필수 항목을 모두 입력해주세요.'],
      [{ email: newId(), password: 'secret12', fullName: '  ' }, '필수 항목을 모두 입력해주세요.'],
      [{ password: 'secret12', fullName: '이름' }, '필수 항목을 모두 입력해주세요.'],
      [{ email: 'kim.lee', password: 'secret12', fullName: '이름' }, '아이디는 영문과 숫자만 사용할 수 있습니다.'],
      [{ email: newId(), password: '12345', fullName: '이름' }, '비밀번호는 최소 6자 이상이어야 합니다.'],
    ];
    for (const [body, text] of cases) {
      const res = await call('POST', '/api/users', operator.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(text);
    }
    const taken = await call('POST', '/api/users', operator.token, {
      email: operator.email.toUpperCase(),
      password: 'secret12',
      fullName: '중복',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('이미 사용 중인 아이디입니다.');
    expect(await stats()).toEqual(before);
  });

  it('is for operators and developers: a user gets 403 on every route and nothing is written', async () => {
    const user = await newAccount(stack);
    const before = await stats();
    const tries: Array<[string, string, unknown?]> = [
      ['GET', '/api/users'],
      ['GET', '/api/users/stats'],
      ['GET', `/api/users/${operator.id}`],
      ['GET', `/api/users/${operator.id}/logs`],
      ['POST', '/api/users', { email: newId(), password: 'secret12', fullName: '몰래' }],
      ['PUT', `/api/users/${operator.id}`, { isActive: false }],
      ['DELETE', `/api/users/${operator.id}`],
    ];
    for (const [method, path, body] of tries) {
      const res = await call(method, path, user.token, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe('접근 권한이 없습니다. 운영자와 개발자만 사용할 수 있습니다.');
    }
    expect(await stats()).toEqual(before);
    expect((await userItem(operator.id))?.isActive).toBe(true);
  });
});

describe('GET /api/users', () => {
  it('pages newest first with search, role and status filters and each user’s slot counters', async () => {
    const tag = newId('Zeta');
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await addUser({ email: `${tag}n${i}`, fullName: `제타${i}` }));
    await call('PUT', `/api/users/${made[1].id}`, operator.token, { isActive: false });
    await call('PUT', `/api/users/${made[2].id}`, operator.token, { role: 'operator' });

    const search = await list(`?search=${tag.toLowerCase()}&limit=2&page=1`);
    expect(search.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(search.users.map((u: { email: string }) => u.email)).toEqual([`${tag}n4`, `${tag}n3`]);
    const page3 = await list(`?search=${tag.toUpperCase()}&limit=2&page=3`);
    expect(page3.users.map((u: { email: string }) => u.email)).toEqual([`${tag}n0`]);
    expect((await list(`?search=제타3`)).users.map((u: { id: string }) => u.id)).toEqual([made[3].id]);
    expect((await list(`?search=${tag}&status=inactive`)).users.map((u: { id: string }) => u.id)).toEqual([made[1].id]);
    expect((await list(`?search=${tag}&status=active`)).pagination.total).toBe(4);
    expect((await list(`?search=${tag}&role=operator`)).users.map((u: { id: string }) => u.id)).toEqual([made[2].id]);
    expect((await list(`?search=${tag}&role=admin`)).users.map((u: { id: string }) => u.id)).toEqual([made[2].id]);
    const row0 = (await list(`?search=${tag}n0`)).users[0];
    expect(Object.keys(row0).sort()).toEqual(
      [
        'allocated_slots',
        'createdAt',
        'email',
        'fullName',
        'id',
        'isActive',
        'lastLoginAt',
        'phone',
        'role',
        'status',
        'used_slots',
      ].sort(),
    );
    expect((await list()).pagination.limit).toBe(50);
    const bad = await call('GET', '/api/users?limit=0', operator.token);
    expect(bad.status).toBe(400);
  });

  it('shows each user’s allocated and used slots from the counters', async () => {
    const adv = await newAccount(stack, { balance: 200_000, name: '슬롯보유자' });
    for (const n of [1, 2]) expect((await call('POST', '/api/slots', adv.token, row(n))).status).toBe(201);
    // Pre-allocated empty slots count as allocated, not used.
    await issueEmptySlots({ userId: adv.id, count: 3, startDate: kstToday(), endDate: addKstDays(kstToday(), 9) });
    const found = (await list(`?search=${adv.email}`)).users[0];
    expect(found).toMatchObject({ id: adv.id, allocated_slots: 5, used_slots: 2 });
    expect((await call('GET', `/api/users/${adv.id}`, operator.token)).body.data).toMatchObject({
      allocated_slots: 5,
      used_slots: 2,
      fullName: '슬롯보유자',
    });
    const missing = await call('GET', '/api/users/NOPE', operator.token);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('사용자를 찾을 수 없습니다.');
  });
});

describe('PUT /api/users/{id} and DELETE /api/users/{id}', () => {
  it('changes only what was sent, logs old → new, keeps the password when blank, and keeps the counts exact', async () => {
    const u = await addUser({ fullName: '이전이름' });
    const before = await stats();
    const res = await call('PUT', `/api/users/${u.id}`, operator.token, { fullName: '새이름', password: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fullName: '새이름', role: 'user', isActive: true });
    expect(await stats()).toEqual(before);
    await api.login(u.email, 'secret12');

    await call('PUT', `/api/users/${u.id}`, operator.token, { isActive: false });
    expect(await stats()).toMatchObject({
      total: before.total,
      active: before.active - 1,
      inactive: before.inactive + 1,
    });
    await call('PUT', `/api/users/${u.id}`, operator.token, { isActive: true, role: 'operator' });
    expect(await stats()).toEqual({
      ...before,
      byRole: { ...before.byRole, user: before.byRole.user - 1, operator: before.byRole.operator + 1 },
    });
    await call('PUT', `/api/users/${u.id}`, operator.token, { role: 'user', password: 'newpass99' });
    expect(await stats()).toEqual(before);
    await api.login(u.email, 'newpass99');

    const logs = (await call('GET', `/api/users/${u.id}/logs`, operator.token)).body.data;
    expect(logs.map((l: { action: string }) => l.action)).toEqual([
      'update',
      'reactivate',
      'deactivate',
      'update',
      'create',
    ]);
    expect(logs[4 - 1].changes).toEqual([{ field: 'fullName', old: '이전이름', new: '새이름' }]);
    expect(logs[1].changes).toEqual([
      { field: 'role', old: 'user', new: 'operator' },
      { field: 'isActive', old: false, new: true },
    ]);
    expect(logs[0].changes).toEqual([
      { field: 'role', old: 'operator', new: 'user' },
      { field: 'password', old: '********', new: '********' },
    ]);
    expect(JSON.stringify(logs)).not.toContain('newpass99');

    const short = await call('PUT', `/api/users/${u.id}`, operator.token, { password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('비밀번호는 최소 6자 이상이어야 합니다.');
    const blankName = await call('PUT', `/api/users/${u.id}`, operator.token, { fullName: ' ' });
    expect(blankName.status).toBe(400);
    expect(blankName.body.error).toBe('필수 항목을 모두 입력해주세요.');
    expect((await call('GET', `/api/users/${u.id}/logs`, operator.token)).body.data).toHaveLength(5);
  });

  it('enforces the role rules: developers only make or change developers; nobody demotes, deactivates or deletes themselves', async () => {
    const u = await addUser();
    const before = await stats();
    const refused: Array<[string, string, string, unknown, string]> = [
      [
        'operator promotes to developer',
        'PUT',
        `/api/users/${u.id}`,
        { role: 'developer' },
        '개발자 역할은 개발자만 부여하거나 변경할 수 있습니다.',
      ],
      [
        'operator edits a developer',
        'PUT',
        `/api/users/${developer.id}`,
        { fullName: '바꿈' },
        '개발자 역할은 개발자만 부여하거나 변경할 수 있습니다.',
      ],
      [
        'operator deactivates a developer',
        'PUT',
        `/api/users/${developer.id}`,
        { isActive: false },
        '개발자 역할은 개발자만 부여하거나 변경할 수 있습니다.',
      ],
      [
        'operator deletes a developer',
        'DELETE',
        `/api/users/${developer.id}`,
        undefined,
        '개발자 역할은 개발자만 부여하거나 변경할 수 있습니다.',
      ],
      [
        'operator deactivates themselves',
        'PUT',
        `/api/users/${operator.id}`,
        { isActive: false },
        '자기 자신의 역할, 활성 상태, 비밀번호는 여기서 변경할 수 없습니다.',
      ],
      [
        'operator demotes themselves',
        'PUT',
        `/api/users/${operator.id}`,
        { role: 'user' },
        '자기 자신의 역할, 활성 상태, 비밀번호는 여기서 변경할 수 없습니다.',
      ],
      [
        'operator deletes themselves',
        'DELETE',
        `/api/users/${operator.id}`,
        undefined,
        '자기 자신은 삭제할 수 없습니다.',
      ],
    ];
    for (const [what, method, path, body, text] of refused) {
      const res = await call(method, path, operator.token, body);
      expect(res.status, what).toBe(403);
      expect(res.body.error, what).toBe(text);
    }
    const devSelf = await call('PUT', `/api/users/${developer.id}`, developer.token, { role: 'operator' });
    expect(devSelf.status).toBe(403);
    expect(await stats()).toEqual(before);
    expect(await userItem(developer.id)).toMatchObject({ role: 'developer', isActive: true });
    expect(await userItem(operator.id)).toMatchObject({ role: 'operator', isActive: true });

    // A developer may make a developer; an operator may then no longer touch that account.
    const promoted = await call('PUT', `/api/users/${u.id}`, developer.token, { role: 'developer' });
    expect(promoted.body.data.role).toBe('developer');
    expect(await stats()).toMatchObject({
      byRole: { ...before.byRole, user: before.byRole.user - 1, developer: before.byRole.developer + 1 },
    });
    expect((await call('PUT', `/api/users/${u.id}`, operator.token, { role: 'user' })).status).toBe(403);
    expect((await call('PUT', `/api/users/${u.id}`, developer.token, { role: 'user' })).status).toBe(200);
    // Changing one's own name is fine.
    expect((await call('PUT', `/api/users/${operator.id}`, operator.token, { fullName: '운영자박' })).status).toBe(200);
  });

  it('soft-deletes: the user leaves the list and the counts, cannot sign in, and keeps their ledger and slots', async () => {
    const adv = await newAccount(stack, { balance: 100_000, name: '삭제될회원' });
    expect((await call('POST', '/api/slots', adv.token, row(9))).status).toBe(201);
    const balance = await balanceOf(adv.id);
    const before = await stats();
    const res = await call('DELETE', `/api/users/${adv.id}`, operator.token);
    expect(res.status).toBe(200);
    expect(await stats()).toEqual({
      ...before,
      total: before.total - 1,
      active: before.active - 1,
      byRole: { ...before.byRole, user: before.byRole.user - 1 },
    });
    expect((await list(`?search=${adv.email}`)).users).toEqual([]);
    expect((await call('GET', `/api/users/${adv.id}`, operator.token)).status).toBe(404);
    expect((await call('DELETE', `/api/users/${adv.id}`, operator.token)).status).toBe(404);
    expect((await call('PUT', `/api/users/${adv.id}`, operator.token, { isActive: true })).status).toBe(404);
    expect(await stats()).toEqual({
      ...before,
      total: before.total - 1,
      active: before.active - 1,
      byRole: { ...before.byRole, user: before.byRole.user - 1 },
    });
    const login = await api.call('POST', '/api/auth/login', { body: { email: adv.email, password: 'secret12' } });
    expect(login.status).toBe(401);
    expect(await balanceOf(adv.id)).toBe(balance);
    const slots = (await call('GET', `/api/slots?userId=${adv.id}`, operator.token)).body.data;
    expect(slots.items.length + (slots.pagination?.total ?? 0)).toBeGreaterThan(0);
    const logs = (await call('GET', `/api/users/${adv.id}/logs`, operator.token)).body.data;
    expect(logs[0]).toMatchObject({ action: 'delete', actorId: operator.id });
  });
});

describe('GET /api/users/stats', () => {
  it('counts accounts from before the counters once, at bootstrap, however often it runs', async () => {
    const before = await stats();
    const now = new Date().toISOString();
    const old = (id: string, extra: Record<string, unknown>) => ({
      ...keys.user(id),
      ...keys.userListing(now, id),
      entity: 'user',
      id,
      loginId: id,
      fullName: '옛회원',
      phone: null,
      passwordHash: 'x',
      permissions: [],
      createdAt: now,
      updatedAt: now,
      lastLoginAt: null,
      role: 'user',
      isActive: true,
      ...extra,
    });
    for (const item of [
      old('olduser1', {}),
      old('oldop1', { role: 'operator', isActive: false }),
      old('oldgone1', { isActive: false, deletedAt: now }),
    ]) {
      await db().send(new PutCommand({ TableName: tableName(), Item: item }));
    }
    const { bootstrap } = await import('../../functions/domain/bootstrap');
    await Promise.all([
      bootstrap({ loginId: localStackDefaults.developerId, password: 'x' }),
      bootstrap({ loginId: localStackDefaults.developerId, password: 'x' }),
    ]);
    await bootstrap({ loginId: localStackDefaults.developerId, password: 'x' });
    expect(await stats()).toEqual({
      total: before.total + 2,
      active: before.active + 1,
      inactive: before.inactive + 1,
      byRole: { ...before.byRole, user: before.byRole.user + 1, operator: before.byRole.operator + 1 },
    });
  });
});

describe('deactivation takes effect at once', () => {
  it('refuses the next write of a user with a live access token, ends refresh, and reactivation lets them back', async () => {
    const adv = await newAccount(stack, { balance: 200_000, name: '광고주정지' });
    const { refreshToken } = await api.login(adv.email, 'secret12');
    const balance = await balanceOf(adv.id);
    const { slotCountersStore } = await import('../../functions/storage/slot-counters');
    const slotsBefore = await slotCountersStore.ofUser(adv.id);

    expect((await call('PUT', `/api/users/${adv.id}`, operator.token, { isActive: false })).status).toBe(200);

    const slot = await call('POST', '/api/slots', adv.token, row(3));
    expect(slot.status).toBe(401);
    expect(slot.body.error).toBe('인증이 만료되었습니다. 다시 로그인해주세요.');
    const charge = await call('POST', '/api/cash/charge-requests', adv.token, {
      amount: 50_000,
      depositAt: '2025-03-01T14:30',
      accountHolder: '홍길동',
    });
    expect(charge.status).toBe(401);
    expect((await call('PUT', '/api/auth/profile', adv.token, { fullName: '바꿈' })).status).toBe(401);
    expect(await balanceOf(adv.id)).toBe(balance);
    // Reads stop too: the account's current status is checked on every request.
    expect((await call('GET', '/api/slots', adv.token)).status).toBe(401);
    expect((await slotCountersStore.ofUser(adv.id)).byStatus).toEqual(slotsBefore.byStatus);
    expect(
      (await call('GET', `/api/cash/charge-requests?userId=${adv.id}`, operator.token)).body.data.pagination.total,
    ).toBe(0);
    expect((await userItem(adv.id))?.fullName).toBe('광고주정지');

    const refreshed = await api.call('POST', '/api/auth/refresh', { body: { refreshToken } });
    expect(refreshed.status).toBe(401);
    const login = await api.call('POST', '/api/auth/login', { body: { email: adv.email, password: 'secret12' } });
    expect(login.status).toBe(401);
    // Read exactly like a wrong password (no account enumeration, docs/security.md).
    expect(login.body.error).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');

    expect((await call('PUT', `/api/users/${adv.id}`, operator.token, { isActive: true })).status).toBe(200);
    // The old refresh family stays ended; signing in again works and writes go through.
    expect((await api.call('POST', '/api/auth/refresh', { body: { refreshToken } })).status).toBe(401);
    const again = await api.login(adv.email, 'secret12');
    expect((await call('POST', '/api/slots', again.token, row(4))).status).toBe(201);
  });

  it('checks the acting developer too, and lets a developer switch back from a user deactivated meanwhile', async () => {
    const target = await newAccount(stack, { balance: 100_000, name: '전환대상' });
    const sw = await call('POST', '/api/auth/switch-user', developer.token, { targetUserId: target.id });
    expect(sw.status).toBe(200);
    const asUser = sw.body.data.tokens.accessToken;
    expect((await call('POST', '/api/slots', asUser, row(5))).status).toBe(201);
    await call('PUT', `/api/users/${target.id}`, operator.token, { isActive: false });
    expect((await call('POST', '/api/slots', asUser, row(6))).status).toBe(401);
    const back = await call('POST', '/api/auth/switch-back', asUser);
    expect(back.status).toBe(200);
    developer.token = back.body.data.tokens.accessToken;
    expect(back.body.data.user.id).toBe(developer.id);
  });

  it('a demoted operator’s token can no longer write as an operator', async () => {
    const op2 = await newAccount(stack, { role: 'operator', name: '운영자둘' });
    await call('PUT', `/api/users/${op2.id}`, operator.token, { role: 'user' });
    const res = await call('POST', '/api/users', op2.token, { email: newId(), password: 'secret12', fullName: '몰래' });
    expect(res.status).toBe(401);
  });
});
