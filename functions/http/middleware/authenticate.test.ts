import { beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '#shared/messages/access';
import { rankAuthMessages } from '#shared/messages/rank-auth';
import type { RouteContract } from '#shared/contract/route';
import { authRoutes } from '#shared/contract/routes/auth';
import { rankRoutes } from '#shared/contract/routes/rank';
import { pipeline, useTestTable } from '../../../test/support/api-pipeline';
import * as Auth from '../../domain/auth/auth-service';
import { verifyAccessToken, type Caller } from '../../domain/auth/tokens';
import { updateUser } from '../../domain/users/admin-changes';
import { createWorkerKey } from '../../domain/rank-measurement/worker-keys';
import { authenticateWorker } from '../../domain/rank-measurement/worker-auth';
import { authenticate } from './authenticate';
import type { AuthSession } from '#shared/schemas/auth';

const byOp = (routes: readonly RouteContract[], op: string) => routes.find((r) => r.op === op)!;
const [me, logout, switchBack] = ['me', 'logout', 'switchBack'].map((op) => byOp(authRoutes, op));
const work = byOp(rankRoutes, 'work');
const call = pipeline([...authRoutes, ...rankRoutes], [authenticate({ authenticateWorker })]);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let developer: { token: string; caller: Caller };
let user: { id: string; token: string };

async function signIn(loginId: string, role: 'user' | 'developer') {
  const created = await Auth.createUser({ loginId, password: 'pass1234', fullName: loginId, role });
  const session = (await Auth.login({ email: loginId, password: 'pass1234' }, '127.0.0.1')) as AuthSession;
  return { id: created.id, token: session.tokens.accessToken };
}

beforeAll(async () => {
  await useTestTable();
  const dev = await signIn('authdev', 'developer');
  developer = { token: dev.token, caller: await verifyAccessToken(dev.token) };
  user = await signIn('authuser', 'user');
});

describe('authenticate', () => {
  it('names the signed-in caller on a person’s route, and answers 401 in Korean without a token', async () => {
    const res = await call({ route: me, headers: bearer(user.token) });
    expect(res.status).toBe(200);
    expect(res.body.data.caller).toMatchObject({ userId: user.id, role: 'user' });
    const none = await call({ route: me });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ success: false, error: accessMessages.noToken, code: 'UNAUTHORIZED' });
  });

  it('lets a public route use a valid token and simply ignores a bad one', async () => {
    expect((await call({ route: logout, headers: bearer(user.token) })).body.data.caller.userId).toBe(user.id);
    const bad = await call({ route: logout, headers: bearer('not-a-token') });
    expect(bad.status).toBe(200);
    expect(bad.body.data.caller).toBeNull();
  });

  it('refuses a person’s token on a worker route with the route’s worker text, and takes a worker key', async () => {
    const person = await call({ route: work, headers: bearer(user.token) });
    expect(person.status).toBe(403);
    expect(person.body.error).toBe(rankAuthMessages.workerRouteForUsers);
    expect(work.forbidden).toBe(rankAuthMessages.workerRouteForUsers);
    const noKey = await call({ route: work });
    expect(noKey.status).toBe(401);
    expect(noKey.body.error).toBe(rankAuthMessages.workerKeyMissing);
    const { key, id } = await createWorkerKey(developer.caller, { name: '순위 작업자' });
    const worker = await call({ route: work, headers: { 'x-api-key': key } });
    expect(worker.status).toBe(200);
    expect(worker.body.data.worker).toMatchObject({ keyId: id });
  });

  it('on a `session: actorOnly` route accepts a developer acting as a since deactivated user; other routes refuse it', async () => {
    const target = await signIn('authtarget', 'user');
    const acting = await Auth.switchUser(developer.caller, target.id);
    await updateUser(developer.caller, target.id, { isActive: false, password: undefined });
    const token = acting.tokens.accessToken;
    expect(switchBack.session).toBe('actorOnly');
    const back = await call({ route: switchBack, headers: bearer(token) });
    expect(back.status).toBe(200);
    expect(back.body.data.caller).toMatchObject({ userId: target.id, actorId: developer.caller.userId });
    expect((await call({ route: me, headers: bearer(token) })).status).toBe(401);
  });
});
