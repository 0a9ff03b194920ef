import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { statusOfCode, VIEWER_IP_HEADER, type ApiFailure, type ErrorCode, type FieldIssue } from '#shared/api';
import { accessMessages } from '#shared/messages/access';
import { commonMessages } from '#shared/messages/common';
import { maintenanceText } from '#shared/messages/settings';
import { labelOf } from '#shared/zod';
import {
  routeKey,
  type Access,
  type AnswerOf,
  type InputOf,
  type RouteContract,
  type RouteInput,
} from '#shared/contract/route';
import { DomainError, ForbiddenError, ThrottledError, UnauthorizedError, ValidationError } from '#commons/errors';
import { verifyAccessToken, type Caller } from '../domain/auth/tokens';
import type { WorkerIdentity } from '../domain/rank/worker-auth';
import { rankAuthMessages } from '#shared/messages/rank-auth';
import { bindIdempotencyKey, rememberAnswer } from '../domain/idempotency/request-keys';
import { currentCaller } from '../domain/auth/active-account';
import { isTransientFailure } from '#commons/store-errors';
import { getSettings } from '../domain/settings/settings-service';
import { parseCookies } from './cookies';
import { logger } from '#commons/logger';
import { withDeadline } from '#commons/deadline';
import { cleanTexts } from '#commons/clean-text';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '#commons/json-depth';
// --- origin lock (infra issue 16): one import and the first lines of `core` below ---
import { originAllowed } from './origin-lock';

/**
 * The one adapter between API Gateway (HTTP API v2 events) and domain code. A group handler lists
 * its ops; the contract (shared/contract) says which op a route key runs, who may call it, the zod
 * schemas its input is parsed with and its answer's type. Each op makes one domain call and returns
 * data; typed domain errors become the design §5 envelope with the matching status.
 */
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
  headers: Record<string, string>;
  cookies: Record<string, string>;
  /** `Idempotency-Key` header: money and bulk calls return the first answer on a retry. */
  idempotencyKey?: string;
  route: RouteContract;
}

/** What a reply with a status of 400 or more says in the design §5 error envelope. */
export interface ReplyError {
  code: ErrorCode;
  /** Korean, shown to people. */
  message: string;
}

export class HttpReply<T = unknown> {
  constructor(
    readonly data: T,
    readonly status = 200,
    readonly cookies: string[] = [],
    readonly headers: Record<string, string> = {},
    readonly error?: ReplyError,
  ) {}
}

/**
 * Data with a status other than 200, or cookies/headers to set. A status of 400 or more answers the
 * §5 error envelope: `error` and `code` from `opts.error`, the data as `details` (for answers whose
 * status no ErrorCode maps to, such as the health check's 503).
 */
export const reply = <T>(
  data: T,
  opts: { status?: number; cookies?: string[]; headers?: Record<string, string>; error?: ReplyError } = {},
) => new HttpReply<T>(data, opts.status, opts.cookies, opts.headers, opts.error);

function replyBody(result: HttpReply): unknown {
  if (result.status < 400) return { success: true, data: result.data };
  const body: ApiFailure = {
    success: false,
    error: result.error?.message ?? commonMessages.internal,
    code: result.error?.code ?? 'INTERNAL',
    ...(result.data !== undefined && result.data !== null ? { details: result.data } : {}),
  };
  return body;
}

/** One op of a group: its route's parsed input in, its route's answer (or a reply carrying it) out. */
export type Op<R extends RouteContract> = (
  input: InputOf<R>,
  ctx: RequestContext,
) => Promise<AnswerOf<R> | HttpReply<AnswerOf<R>>>;

type AnyOp = (input: { path: unknown; query: unknown; body: unknown }, ctx: RequestContext) => Promise<unknown>;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function envelope(
  status: number,
  body: unknown,
  extra?: { cookies?: string[]; headers?: Record<string, string> },
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { ...jsonHeaders, ...extra?.headers },
    ...(extra?.cookies?.length ? { cookies: extra.cookies } : {}),
    body: JSON.stringify(body),
  };
}

export function failure(err: DomainError): APIGatewayProxyStructuredResultV2 {
  const body: ApiFailure = {
    success: false,
    error: err.message,
    code: err.code,
    ...(err.details !== undefined ? { details: err.details } : {}),
  };
  const headers =
    err instanceof ThrottledError && err.retryAfterSeconds
      ? { 'retry-after': String(err.retryAfterSeconds) }
      : undefined;
  return envelope(statusOfCode[err.code], body, { headers });
}

function parsePart(schema: RouteInput[keyof RouteInput], value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((i) => ({
    field: i.path.join('.'),
    label: labelOf(i.path),
    message: i.message,
  }));
  // The first issue's text is the headline: it already names the field in Korean.
  throw new ValidationError(issues[0]?.message ?? commonMessages.validation, issues);
}

/**
 * The `Idempotency-Key` header: 1–200 printable ASCII characters. A longer or stranger key is refused
 * here with a 400 before any domain code builds a store key from it (an oversized key would make the
 * store refuse the write, a 500). An absent header means no key.
 */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,200}$/;

function idempotencyKeyOf(headers: Record<string, string>): string | undefined {
  if (!('idempotency-key' in headers)) return undefined;
  const key = headers['idempotency-key'];
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ValidationError(commonMessages.idempotencyKeyInvalid, [
      { field: 'Idempotency-Key', label: 'Idempotency-Key', message: commonMessages.idempotencyKeyInvalid },
    ]);
  }
  return key;
}

/**
 * The largest body any op needs (a 1,000-row bulk registration is about 300 KB). Bigger ones are
 * refused with 413 in the envelope before parsing; API Gateway itself answers 413 past 6 MB. A body
 * nested deeper than MAX_JSON_DEPTH is refused (400) before parsing too: no parsing work is done on it.
 */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

function parseBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw, 'utf8') > MAX_REQUEST_BODY_BYTES)
    throw new DomainError('PAYLOAD_TOO_LARGE', commonMessages.payloadTooLarge);
  if (!raw.trim()) return {};
  if (nestsDeeperThan(raw)) throw new ValidationError(commonMessages.nestedTooDeep(MAX_JSON_DEPTH));
  try {
    return JSON.parse(raw);
  } catch {
    throw new ValidationError(commonMessages.invalidJson);
  }
}

const forbiddenMessage: Record<Access, string> = {
  public: '',
  user: accessMessages.noPermission,
  operator: accessMessages.operatorsOnly,
  developer: accessMessages.developersOnly,
  worker: accessMessages.noPermission,
};

/**
 * Who is calling, as the account and session records say now (domain/auth/active-account.ts): a token
 * whose account was deactivated or deleted, or whose session ended (logout, switch-back), is a 401 on
 * every route, reads included; the route's access is judged by the account's CURRENT role, so a
 * demoted operator's old token gets the 403 of a user. Reads may use a status a few seconds old
 * (CALLER_STATUS_CACHE_MS); writes read it consistently. Switch-back needs only the session and the
 * acting developer to be live (`session: 'actorOnly'`): it is how a developer leaves a user
 * deactivated meanwhile. A route's own `forbidden` text wins over the access level's.
 */
async function authenticate(route: RouteContract, headers: Record<string, string>): Promise<Caller | null> {
  const access = route.access;
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  if (access === 'public') {
    // Public routes may still use a valid token (logout); a bad or ended one is simply ignored.
    const token = bearer ? await verifyAccessToken(bearer).catch(() => null) : null;
    return token ? currentCaller(token).catch(() => null) : null;
  }
  if (access === 'worker') {
    // A worker route takes a worker key only: a signed-in person's token is refused (403), no key is 401.
    if (!headers['x-api-key'] && bearer) {
      const person = await verifyAccessToken(bearer).catch(() => null);
      if (person) throw new ForbiddenError(rankAuthMessages.workerRouteForUsers);
    }
    return null;
  }
  if (!bearer) throw new UnauthorizedError(accessMessages.noToken);
  const caller = await currentCaller(await verifyAccessToken(bearer), {
    fresh: route.method !== 'GET',
    actorOnly: route.session === 'actorOnly',
  });
  const allowed =
    access === 'user' ||
    (access === 'operator' && (caller.role === 'operator' || caller.role === 'developer')) ||
    (access === 'developer' && caller.role === 'developer');
  if (!allowed) throw new ForbiddenError(route.forbidden ?? forbiddenMessage[access]);
  return caller;
}

/**
 * maintenanceMode (issue 11): ordinary users, and anyone not signed in, may read (the SPA shows its
 * maintenance page) but not write; operators and developers keep working, and so does a developer
 * switched into a user's account (the acting person is a developer). Checked here, once, for every
 * non-GET route but those marked `maintenance: 'open'` (signing in to read, refreshing, leaving,
 * switching back); settings are the 10 s cached copy, so it costs no extra read.
 */
async function assertNotInMaintenance(route: RouteContract, caller: Caller | null): Promise<void> {
  if (route.method === 'GET' || route.maintenance === 'open') return;
  if (caller && (caller.role !== 'user' || caller.actorId)) return;
  if ((await getSettings()).maintenanceMode) throw new DomainError('MAINTENANCE', maintenanceText);
}

/**
 * The caller's address. Behind CloudFront, API Gateway's sourceIp is the edge server, shared by every
 * user of that edge (most Korean users share one), so per-IP login throttling would lock them all
 * out together; the distribution's viewer-request function passes the real one in VIEWER_IP_HEADER.
 */
export function clientIp(headers: Record<string, string>, sourceIp: string | undefined): string {
  return headers[VIEWER_IP_HEADER] || sourceIp || '0.0.0.0';
}

function lowerCaseHeaders(headers: APIGatewayProxyEventV2['headers']): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? '']));
}

/**
 * Builds the Lambda handler of one resource group from its route file (shared/contract/routes/<group>.ts).
 * The ops must be exactly those the group's routes list, each typed by its route's input and answer
 * (the type says so), so a route without code or code without a route can't ship; the bundle holds
 * this group's routes only.
 */
export function defineGroup<const R extends readonly RouteContract[]>(
  groupRoutes: R,
  ops: { [K in R[number]['op']]: Op<Extract<R[number], { op: K }>> },
  /** The worker-key check (domain/rank/worker-auth.ts), passed only by the group with worker routes: no other bundle carries it. */
  opts: { authenticateWorker?: (key: string | undefined) => Promise<WorkerIdentity> } = {},
) {
  const { authenticateWorker } = opts;
  if (groupRoutes.some((r) => r.access === 'worker') && !authenticateWorker)
    throw new Error('a group with worker routes needs authenticateWorker');
  const byKey = new Map<string, { route: RouteContract; run: AnyOp }>();
  for (const route of groupRoutes) byKey.set(routeKey(route), { route, run: (ops as Record<string, AnyOp>)[route.op] });

  const core = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    logger.appendKeys({ requestId, routeKey: event.routeKey });
    // --- origin lock (infra issue 16): refuse requests that did not come through CloudFront ---
    const throughCloudFront = await originAllowed(lowerCaseHeaders(event.headers)).catch((error: unknown) => {
      logger.error('origin lock: secret unreadable', { error: error as Error });
      return null;
    });
    if (throughCloudFront === null) return failure(new DomainError('INTERNAL', commonMessages.internal));
    if (!throughCloudFront) {
      logger.warn('request refused: not through CloudFront');
      return failure(new ForbiddenError(commonMessages.originRefused));
    }
    // --- end origin lock ---
    const entry = byKey.get(event.routeKey);
    if (!entry) return failure(new DomainError('NOT_FOUND', commonMessages.routeNotFound));
    try {
      const headers = lowerCaseHeaders(event.headers);
      const caller = await authenticate(entry.route, headers);
      // Worker routes (issue 12): the key in `x-api-key`, one domain call (401 unknown or revoked).
      const worker = entry.route.access === 'worker' ? await authenticateWorker!(headers['x-api-key']) : null;
      await assertNotInMaintenance(entry.route, caller);
      if (caller) logger.appendKeys({ userId: caller.userId, ...(caller.actorId ? { actorId: caller.actorId } : {}) });
      const ctx: RequestContext = {
        caller,
        worker,
        get user() {
          if (!caller) throw new UnauthorizedError(accessMessages.noToken);
          return caller;
        },
        requestId,
        ip: clientIp(headers, event.requestContext?.http?.sourceIp),
        userAgent: event.requestContext?.http?.userAgent ?? headers['user-agent'] ?? '',
        headers,
        cookies: parseCookies(event.cookies, headers.cookie),
        idempotencyKey: idempotencyKeyOf(headers),
        route: entry.route,
      };
      const { run } = entry;
      const spec = entry.route.input ?? {};
      // Control characters, lone surrogates and bidi overrides never reach a schema or the store.
      const input = {
        path: parsePart(spec.path, event.pathParameters ?? {}),
        query: parsePart(spec.query, cleanTexts(event.queryStringParameters ?? {})),
        body: spec.body ? parsePart(spec.body, cleanTexts(parseBody(event))) : undefined,
      };
      // A key already used for another request is refused before the op runs (422, one place); the
      // same request again hears the first one's answer.
      const keyed =
        ctx.idempotencyKey && caller && entry.route.method !== 'GET'
          ? { userId: caller.userId, key: ctx.idempotencyKey }
          : undefined;
      if (keyed) {
        const { replay } = await bindIdempotencyKey({
          ...keyed,
          routeKey: routeKey(entry.route),
          request: { path: input.path, query: input.query, body: input.body },
        });
        if (replay) return envelope(replay.status, replay.body, { headers: { 'idempotent-replayed': 'true' } });
      }
      // Retries and waits inside the op end before the function's own timeout.
      const timeLeft = context?.getRemainingTimeInMillis?.();
      const result = await (timeLeft === undefined
        ? run(input, ctx)
        : withDeadline(Date.now() + timeLeft, () => run(input, ctx)));
      const answer =
        result instanceof HttpReply
          ? { status: result.status, body: replyBody(result) }
          : { status: 200, body: { success: true, data: result ?? null } };
      // Only a success without cookies is kept: a session is never handed out twice.
      if (keyed && answer.status < 300 && !(result instanceof HttpReply && result.cookies.length))
        await rememberAnswer({ ...keyed, answer });
      return result instanceof HttpReply
        ? envelope(answer.status, answer.body, result)
        : envelope(answer.status, answer.body);
    } catch (err) {
      if (err instanceof DomainError) {
        if (err.code !== 'VALIDATION') logger.info('request refused', { code: err.code, reason: err.message });
        return failure(err);
      }
      if (isTransientFailure(err)) {
        logger.warn('store busy', { error: err as Error });
        // The same answer the retry policy gives when its budget runs out: busy, come back in a second.
        return failure(new ThrottledError(commonMessages.busy, 1));
      }
      logger.error('unhandled error', { error: err as Error });
      return failure(new DomainError('INTERNAL', commonMessages.internal));
    } finally {
      logger.removeKeys(['userId', 'actorId']);
    }
  };

  return middy(core).use(injectLambdaContext(logger, { resetKeys: true }));
}
