import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { AnswerOf, InputOf, RouteContract } from '#shared/contract/route';
import { logger } from '#commons/logger';
import { withDeadline } from '#commons/deadline';
import { tracer } from '#commons/tracer';
import type { HttpReply } from './reply';
import type { ApiAnswer, ApiContext, ApiResult, ApiState, RequestContext } from './middleware/api-request';
import { compress, negotiateEncoding } from './middleware/compress';
import { envelope, toAnswer } from './middleware/envelope';
import { observe } from './middleware/observe';
import { originLock } from './middleware/origin-lock';
import { resolveRoute } from './middleware/resolve-route';
import { authenticate, type AuthenticateOptions } from './middleware/authenticate';
import { authorize } from './middleware/authorize';
import { maintenance } from './middleware/maintenance';
import { secondFactorGate } from './middleware/second-factor-gate';
import { idempotency, idempotencyKey } from './middleware/idempotency';
import { parseInput } from './middleware/parse-input';

export { reply } from './reply';
export { MAX_REQUEST_BODY_BYTES } from './middleware/parse-input';
export type { RequestContext } from './middleware/api-request';

/**
 * The one adapter between API Gateway (HTTP API v2 events) and domain code: a pipeline of middy
 * middlewares (./middleware), each driven by the route's contract (shared/contract) alone, then the
 * op. A group handler lists its ops; each makes one domain call and returns data; typed domain
 * errors become the API envelope (shared/api.ts) with the matching status.
 */

/** One op of a group: its route's parsed input in, its route's answer (or a reply carrying it) out. */
export type Op<R extends RouteContract> = (
  input: InputOf<R>,
  ctx: RequestContext,
) => Promise<AnswerOf<R> | HttpReply<AnswerOf<R>>>;

type AnyOp = (input: ApiState['input'], ctx: RequestContext) => Promise<unknown>;

/** A group with worker routes must pass the worker-key check (the type says so); no other group carries it. */
type WorkerOptions<R extends readonly RouteContract[]> = [Extract<R[number], { access: 'worker' }>] extends [never]
  ? [opts?: AuthenticateOptions]
  : [opts: Required<AuthenticateOptions>];

/**
 * Builds the Lambda handler of one resource group from its route file (shared/contract/routes/<group>.ts).
 * The ops must be exactly those the group's routes list, each typed by its route's input and answer
 * (the type says so), so a route without code or code without a route can't ship; the bundle holds
 * this group's routes only.
 */
export function defineGroup<const R extends readonly RouteContract[]>(
  groupRoutes: R,
  ops: { [K in R[number]['op']]: Op<Extract<R[number], { op: K }>> },
  ...[opts = {}]: WorkerOptions<R>
) {
  const runOp = async (_event: APIGatewayProxyEventV2, context: ApiContext): Promise<ApiAnswer> => {
    const state = context.api!;
    if (state.replay) return state.replay;
    const run = (ops as Record<string, AnyOp>)[state.route.op];
    // Retries and waits inside the op end before the function's own timeout.
    const timeLeft = context?.getRemainingTimeInMillis?.();
    const result = await (timeLeft === undefined
      ? run(state.input, state)
      : withDeadline(Date.now() + timeLeft, () => run(state.input, state)));
    return toAnswer(result);
  };

  return middy<APIGatewayProxyEventV2, ApiResult, Error, ApiContext>(runOp).use([
    injectLambdaContext(logger, { resetKeys: true }),
    captureLambdaHandler(tracer, { captureResponse: false }),
    observe(groupRoutes[0]?.group ?? 'unknown'),
    negotiateEncoding,
    compress,
    envelope,
    originLock,
    resolveRoute(groupRoutes),
    authenticate(opts),
    authorize,
    secondFactorGate,
    maintenance,
    idempotencyKey,
    parseInput,
    idempotency,
  ]);
}
