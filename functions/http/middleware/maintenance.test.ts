import { beforeAll, describe, expect, it } from 'vitest';
import { maintenanceText } from '#shared/messages/settings';
import type { RouteContract } from '#shared/contract/route';
import { authRoutes } from '#shared/contract/routes/auth';
import { rankRoutes } from '#shared/contract/routes/rank';
import { slotRoutes } from '#shared/contract/routes/slots';
import { pipeline, useTestTable } from '../../../test/support/api-pipeline';
import * as Auth from '../../domain/auth/auth-service';
import { verifyAccessToken } from '../../domain/auth/tokens';
import { authenticateWorker } from '../../domain/rank-measurement/worker-auth';
import { createWorkerKey } from '../../domain/rank-measurement/worker-keys';
import { updateSetting } from '../../domain/settings/settings-writes';
import { authenticate } from './authenticate';
import { maintenance } from './maintenance';
import type { AuthSession } from '#shared/schemas/auth';

const byOp = (routes: readonly RouteContract[], op: string) => routes.find((r) => r.op === op)!;
const [login, register, switchBack] = ['login', 'register', 'switchBack'].map((op) => byOp(authRoutes, op));
const [listSlots, createSlot] = ['list', 'create'].map((op) => byOp(slotRoutes, op));
const call = pipeline([...authRoutes, ...slotRoutes], [authenticate(), maintenance]);

const tokens: Record<'user' | 'operator' | 'developer', string> = { user: '', operator: '', developer: '' };

beforeAll(async () => {
  await useTestTable();
  for (const role of ['user', 'operator', 'developer'] as const) {
    await Auth.createUser({ loginId: `maint${role}`, password: 'pass1234', fullName: role, role });
    const session = (await Auth.login({ email: `maint${role}`, password: 'pass1234' }, '127.0.0.1')) as AuthSession;
    tokens[role] = session.tokens.accessToken;
  }
  // maintenanceMode on, as an operator sets it on the settings page (the 10 s cache is this process's)
  await updateSetting(await verifyAccessToken(tokens.developer), 'maintenanceMode', true);
});

const as = (role: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[role]}` });

describe('maintenance', () => {
  it('refuses an ordinary user’s write and an anonymous one with 503 and the Korean notice', async () => {
    for (const request of [{ route: createSlot, headers: as('user') }, { route: register }]) {
      const res = await call(request);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, error: maintenanceText, code: 'MAINTENANCE' });
    }
    expect(maintenanceText).toBe('현재 시스템 점검 중입니다. 잠시 후 다시 시도해주세요.');
  });

  it('refuses a public sign-up during maintenance whoever’s token comes with it (staff work on staff routes)', async () => {
    for (const role of ['operator', 'developer'] as const) {
      const res = await call({ route: register, headers: as(role) });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, error: maintenanceText, code: 'MAINTENANCE' });
    }
  });

  it('passes a route the contract marks `maintenance: open` (signing in, switching back)', async () => {
    expect([login.maintenance, switchBack.maintenance, register.maintenance]).toEqual(['open', 'open', undefined]);
    expect((await call({ route: login })).status).toBe(200);
    expect((await call({ route: switchBack, headers: as('user') })).status).toBe(200);
  });

  it('passes reads, and staff writes', async () => {
    expect((await call({ route: listSlots, headers: as('user') })).status).toBe(200);
    expect((await call({ route: createSlot, headers: as('operator') })).status).toBe(200);
    expect((await call({ route: createSlot, headers: as('developer') })).status).toBe(200);
  });

  it('passes a developer acting as a user (the acting person is staff)', async () => {
    const developer = await verifyAccessToken(tokens.developer);
    const target = await Auth.createUser({ loginId: 'maintacted', password: 'pass1234', fullName: 't', role: 'user' });
    const acting = (await Auth.switchUser(developer, target.id)).tokens.accessToken;
    expect((await call({ route: createSlot, headers: { authorization: `Bearer ${acting}` } })).status).toBe(200);
  });

  it('passes the rank worker’s checks (the product’s machine, not a customer)', async () => {
    const postChecks = byOp(rankRoutes, 'observations');
    const developer = await verifyAccessToken(tokens.developer);
    const { key } = await createWorkerKey(developer, { name: '점검 중 수집기' });
    const callAsWorker = pipeline(rankRoutes, [authenticate({ authenticateWorker }), maintenance]);
    const res = await callAsWorker({ route: postChecks, headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(res.body.data.worker).toMatchObject({ name: '점검 중 수집기' });
  });
});
