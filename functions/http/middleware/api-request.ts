import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { RouteContract } from '#shared/contract/route';
import type { Caller } from '../../domain/auth/tokens';
import type { WorkerIdentity } from '../../domain/rank-measurement/worker-auth';

/** What an op learns about its request besides its input. */
export interface RequestContext {
  /** The signed-in caller, or null on a public route called without a valid token. */
  caller: Caller | null;
  /** The signed-in caller; a 401 when there is none. */
  readonly user: Caller;
  /** The rank-check worker whose API key called a `worker` route (null elsewhere). */
  worker: WorkerIdentity | null;
  requestId: string;
  ip: string;
  userAgent: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  cookies: Record<string, string>;
  /**
   * The `Idempotency-Key` header scoped to the caller (functions/http/middleware/idempotency.ts): what
   * features record, so the same header from two people is two keys. A retry returns the first answer.
   */
  idempotencyKey?: string;
  route: RouteContract;
}

/**
 * What the API middlewares share about one request: the request context the op gets, filled step by
 * step (caller and worker: authenticate; idempotencyKey; input: parseInput; replay: idempotency).
 * resolveRoute creates it on `request.context.api` (middy's way to hand values to the handler; a
 * fresh Lambda context per invocation).
 */
export interface ApiState extends RequestContext {
  input?: { path: unknown; query: unknown; body: unknown };
  /** The first answer of a retried keyed write: sent again instead of running the op. */
  replay?: ApiAnswer;
  /** The `Idempotency-Key` header as sent. */
  idempotencyHeader?: string;
  /** This request holds its key's binding (it runs, renewing its mark); the key is settled once it answers. */
  keyHolder?: { holder: string; stop: () => void };
}

/** A status and an envelope body: what the op step answers and the envelope step serializes. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  cookies?: string[];
  headers?: Record<string, string>;
}

export type ApiResult = ApiAnswer | APIGatewayProxyStructuredResultV2;
export interface ApiContext extends Context {
  api?: ApiState;
}
export type ApiRequest = Request<APIGatewayProxyEventV2, ApiResult, Error, ApiContext>;
export type ApiMiddleware = MiddlewareObj<APIGatewayProxyEventV2, ApiResult, Error, ApiContext>;

/** The request's state; only steps after resolveRoute call this. */
export const stateOf = (request: { context: ApiContext }): ApiState => request.context.api!;

export function lowerCaseHeaders(headers: APIGatewayProxyEventV2['headers']): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? '']));
}
