import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/roles';
import { accessMessages } from '#shared/messages/access';
import { onlyAdministratorsText } from '#shared/messages/settings';
import { settingsRoutes } from '#shared/contract/routes/settings';
import { userRoutes } from '#shared/contract/routes/users';
import { fieldConfigRoutes } from '#shared/contract/routes/field-configs';
import { slotRoutes } from '#shared/contract/routes/slots';
import type { RouteContract } from '#shared/contract/route';
import { apiEvent, lambdaContext } from '../../../test/support/api-pipeline';
import type { ApiContext, ApiMiddleware, ApiResult } from './api-request';
import { authorize } from './authorize';
import { envelope } from './envelope';
import { resolveRoute } from './resolve-route';

const routes = [...settingsRoutes, ...userRoutes, ...fieldConfigRoutes, ...slotRoutes];
const byOp = (list: readonly RouteContract[], op: string) => list.find((r) => r.op === op)!;

/** What authenticate leaves for authorize: a caller of this role (a developer acting as a user is a user). */
const signedIn = (role: Role): ApiMiddleware => ({
  before: (request) => {
    request.context.api!.caller = { userId: `u-${role}`, role, sessionId: 's', actorId: null };
  },
});

async function statusOf(route: RouteContract, role: Role) {
  const handler = middy<APIGatewayProxyEventV2, ApiResult, Error, ApiContext>(async () => ({
    status: 200,
    body: { success: true, data: 'ran' },
  })).use([envelope, resolveRoute(routes), signedIn(role), authorize]);
  const res = (await handler(apiEvent({ route }), lambdaContext())) as { statusCode: number; body: string };
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('authorize', () => {
  it('lets each role through exactly the access levels it holds', async () => {
    const [user, operator, developer] = [
      byOp(slotRoutes, 'list'),
      byOp(userRoutes, 'list'),
      byOp(fieldConfigRoutes, 'replace'),
    ];
    const seen = [];
    for (const role of ['user', 'operator', 'developer'] as const)
      for (const route of [user, operator, developer]) seen.push((await statusOf(route, role)).status);
    expect(seen).toEqual([200, 403, 403, 200, 200, 403, 200, 200, 200]);
  });

  it('refuses with the access level’s Korean text', async () => {
    expect((await statusOf(byOp(userRoutes, 'list'), 'user')).body).toEqual({
      success: false,
      error: accessMessages.operatorsOnly,
      code: 'FORBIDDEN',
    });
    expect((await statusOf(byOp(fieldConfigRoutes, 'replace'), 'operator')).body.error).toBe(
      accessMessages.developersOnly,
    );
  });

  it('refuses with the route’s own `forbidden` text where the contract gives one (settings writes)', async () => {
    const updateAll = byOp(settingsRoutes, 'updateAll');
    expect(updateAll.forbidden).toBe(onlyAdministratorsText);
    expect((await statusOf(updateAll, 'user')).body.error).toBe('관리자만 설정을 변경할 수 있습니다.');
    expect((await statusOf(updateAll, 'operator')).status).toBe(200);
  });
});
