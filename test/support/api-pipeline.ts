import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { inject } from 'vitest';
import { applyLocalEnvironment } from '../../infra/local/environment';
import { ensureTable } from '../../infra/local/dynamodb-local';
import { placeSigningKey } from './signing-key';
import type { RouteContract } from '../../shared/contract/route';
import type {
  ApiAnswer,
  ApiContext,
  ApiMiddleware,
  ApiResult,
  ApiState,
} from '../../functions/http/middleware/api-request';
import { envelope } from '../../functions/http/middleware/envelope';
import { resolveRoute } from '../../functions/http/middleware/resolve-route';

/**
 * Runs API middlewares the way defineGroup does (functions/http/api-handler.ts): a real middy
 * pipeline framed by the envelope, whose op answers what the steps before it learned about the
 * request, so a test reads one step's effect from a real response.
 */
export function pipeline(
  routes: readonly RouteContract[],
  steps: ApiMiddleware[],
  op: (state: ApiState) => Promise<ApiAnswer> = async ({ caller, worker, idempotencyKey, input, route }) => ({
    status: 200,
    body: { success: true, data: { op: route.op, caller, worker, idempotencyKey, input } },
  }),
) {
  // as defineGroup's op step: a replayed answer instead of running the op
  const run = async (_event: APIGatewayProxyEventV2, context: ApiContext) => context.api!.replay ?? op(context.api!);
  const handler = middy<APIGatewayProxyEventV2, ApiResult, Error, ApiContext>(run).use([
    envelope,
    resolveRoute(routes),
    ...steps,
  ]);
  return async (request: Partial<RouteRequest> & { route: RouteContract }) => {
    const res = (await handler(apiEvent(request), lambdaContext())) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };
    return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) };
  };
}

interface RouteRequest {
  route: RouteContract;
  headers: Record<string, string>;
  pathParameters: Record<string, string>;
  query: Record<string, string>;
  body: string;
}

/** An HTTP API v2 event for one route of the contract. */
export function apiEvent(r: Partial<RouteRequest> & { route: RouteContract }): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: `${r.route.method} ${r.route.path}`,
    rawPath: r.route.path,
    rawQueryString: new URLSearchParams(r.query ?? {}).toString(),
    headers: r.headers ?? {},
    queryStringParameters: r.query,
    pathParameters: r.pathParameters,
    body: r.body,
    isBase64Encoded: false,
    requestContext: {
      requestId: randomUUID(),
      http: { method: r.route.method, path: r.route.path, sourceIp: '127.0.0.1', userAgent: 'vitest' },
    },
  } as unknown as APIGatewayProxyEventV2;
}

export function lambdaContext(): ApiContext {
  return {
    functionName: 'simple-slot-test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:simple-slot-test',
    memoryLimitInMB: '128',
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 10_000,
  } as unknown as ApiContext;
}

/** This test file's own table in the run's DynamoDB Local, and the environment the domain reads. */
export async function useTestTable(): Promise<void> {
  const dynamoEndpoint = inject('dynamoEndpoint');
  const tableName = `t-${randomUUID()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'simple-slot-middleware-'));
  applyLocalEnvironment({ dataDir, tableName, dynamoEndpoint, port: 0 });
  placeSigningKey();
  await ensureTable(dynamoEndpoint, tableName);
}
