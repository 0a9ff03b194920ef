import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { VIEWER_IP_HEADER } from '#shared/api';
import { accessMessages } from '#shared/messages/access';
import { commonMessages } from '#shared/messages/common';
import { slotRoutes } from '#shared/contract/routes/slots';
import { slotAdminRoutes } from '#shared/contract/routes/slot-admin';
import { apiEvent, lambdaContext, pipeline } from '../../../test/support/api-pipeline';
import type { ApiContext, ApiResult, RequestContext } from './api-request';
import { resolveRoute } from './resolve-route';

const call = pipeline(slotRoutes, []);

/** The request context an op of this group would get for these headers. */
async function contextFor(headers: Record<string, string>): Promise<RequestContext> {
  let seen: RequestContext | undefined;
  const handler = middy<APIGatewayProxyEventV2, ApiResult, Error, ApiContext>(
    async (_event: APIGatewayProxyEventV2, context: ApiContext) => {
      seen = context.api;
      return { status: 200, body: null };
    },
  ).use(resolveRoute(slotRoutes));
  await handler(apiEvent({ route: slotRoutes[0], headers }), lambdaContext());
  return seen!;
}

describe('resolveRoute', () => {
  it('runs the op of the route the route key names', async () => {
    for (const route of slotRoutes) expect((await call({ route })).body.data.op).toBe(route.op);
  });

  it('answers 404 in Korean to a route key this group does not serve', async () => {
    const res = await call({ route: slotAdminRoutes[0] });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: commonMessages.routeNotFound, code: 'NOT_FOUND' });
  });

  it('gives the op the viewer’s address CloudFront passes, lower-cased headers and cookies', async () => {
    const ctx = await contextFor({ [VIEWER_IP_HEADER]: '203.0.113.7', 'X-Custom': 'v', Cookie: 'a=1; b=2' });
    expect(ctx).toMatchObject({ ip: '203.0.113.7', cookies: { a: '1', b: '2' }, caller: null, worker: null });
    expect(ctx.headers['x-custom']).toBe('v');
    expect((await contextFor({})).ip).toBe('127.0.0.1');
  });

  it('answers 401 when an op asks for the user and nobody is signed in', async () => {
    const ctx = await contextFor({});
    expect(() => ctx.user).toThrow(accessMessages.noToken);
  });
});
