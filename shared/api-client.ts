import type { ErrorCode, FieldIssue } from './api';
import type { Route } from './contract/index';
import type { AnswerOf, RequestOf, RouteContract } from './contract/route';
import { commonMessages } from './messages/common';

/**
 * The one typed client of the API, free of any environment: the SPA (web/src/lib/api-client.ts adds
 * the session), the rank worker, the scripts, the benches and the test helpers all call routes through
 * it. A call names a route of the contract by its key, `call('GET /api/slots/{id}', { path: { id } })`:
 * params, query and body are typed from the route's input schemas and the answer from its answer type,
 * so a renamed or removed route fails to compile wherever it is called. The contract is imported as
 * types only (no schema enters the SPA's bundle): the method and path are read from the key string.
 */

/** The routes a person's session may call: every route but the rank workers' (they use an API key). */
export type WebRoute = Exclude<Route, { access: 'worker' }>;
/** The routes a rank-check worker may call with its `x-api-key`, and only those. */
export type WorkerRoute = Extract<Route, { access: 'worker' }>;

type RouteTable<R extends RouteContract> = { [X in R as `${X['method']} ${X['path']}`]: X };
/** `GET /api/slots/{id}`: a route's method and path, as the contract's `routeKey` spells it. */
export type RouteKeyOf<R extends RouteContract> = keyof RouteTable<R> & string;
type RouteAt<R extends RouteContract, K extends RouteKeyOf<R>> = Extract<RouteTable<R>[K], RouteContract>;
/** The `data` of a route's success envelope. */
export type AnswerAt<R extends RouteContract, K extends RouteKeyOf<R>> = AnswerOf<RouteAt<R, K>>;

// A part the route has no schema for may not be sent; one whose fields are all optional may be left out.
type Empty = Record<never, never>;
type Part<N extends string, T> = [T] extends [undefined]
  ? { [P in N]?: never }
  : undefined extends T
    ? { [P in N]?: T }
    : Empty extends T
      ? { [P in N]?: T }
      : { [P in N]: T };
type Sent<R extends RouteContract, K extends RouteKeyOf<R>> = RequestOf<RouteAt<R, K>>;
/** What one call sends: the route's path params, query and body (as before parsing), and call options. */
export type CallInputAt<R extends RouteContract, K extends RouteKeyOf<R>> = Part<'path', Sent<R, K>['path']> &
  Part<'query', Sent<R, K>['query']> &
  Part<'body', Sent<R, K>['body']> &
  CallOptions;
/** The call's input, optional when the route needs nothing. */
export type CallArgsAt<R extends RouteContract, K extends RouteKeyOf<R>> =
  Empty extends CallInputAt<R, K> ? [input?: CallInputAt<R, K>] : [input: CallInputAt<R, K>];

interface CallOptions {
  headers?: Record<string, string>;
  /** Sent as `Idempotency-Key`: money calls set it so a retry never moves money twice. */
  idempotencyKey?: string;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** A call's input with the route's types erased (what the environment-free code works on). */
export interface RequestInput extends CallOptions {
  path?: Record<string, unknown>;
  query?: Query;
  body?: unknown;
}

export type ClientErrorCode = ErrorCode | 'NETWORK' | 'TIMEOUT';

export class ApiError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    /** HTTP status; 0 when no answer arrived (network failure, timeout). */
    readonly status: number,
    message: string,
    readonly details?: unknown,
    /** True when the message is the server's own text (an error envelope), not a client fallback. */
    readonly fromServer = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Per-field problems of a VALIDATION answer (empty otherwise). */
  get fieldIssues(): FieldIssue[] {
    return this.code === 'VALIDATION' && Array.isArray(this.details) ? (this.details as FieldIssue[]) : [];
  }
}

/** The route's path with its `{param}`s filled in (encoded) and the query appended (empty values left out). */
export function routeUrl(key: string, { path, query }: { path?: object; query?: object } = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  const filled = key.slice(key.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (path as Record<string, unknown> | undefined)?.[name];
    // An unfilled param would ask for the id "undefined": a caller's mistake, never a request.
    if (value === undefined || value === null) throw new Error(`${key}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  return `${filled}${search ? `?${search}` : ''}`;
}

const methodOf = (key: string) => key.slice(0, key.indexOf(' '));

/** The error code a status stands for when the answer carried none (a gateway's or proxy's page). */
const codeOfStatus = (status: number): ErrorCode =>
  (
    ({
      400: 'VALIDATION',
      401: 'UNAUTHORIZED',
      402: 'INSUFFICIENT_BALANCE',
      403: 'FORBIDDEN',
      404: 'NOT_FOUND',
      409: 'CONFLICT',
      413: 'PAYLOAD_TOO_LARGE',
      422: 'IDEMPOTENCY_MISMATCH',
      429: 'THROTTLED',
    }) as Record<number, ErrorCode>
  )[status] ?? 'INTERNAL';

/** What an answer's body says: the success data, or the error it stands for. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/**
 * Reads an answer's body (`{success, data}`, an error envelope, or anything else such as an HTML error
 * page) into its data or a typed error. Also returns the parsed body, for callers that look at it whole.
 */
export async function readAnswer<T>(response: Response): Promise<Outcome<T> & { body: unknown }> {
  if (response.status === 204) return { ok: true, data: undefined as T, body: undefined };
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page, an empty body): the status decides below; the text is kept as the body.
  }
  const body = parsed === undefined ? text : parsed;
  const envelope = parsed && typeof parsed === 'object' ? (parsed as { success?: unknown }) : undefined;
  if (response.ok && envelope?.success === true) return { ok: true, data: (body as { data: T }).data, body };
  if (envelope?.success === false) {
    const failure = body as { error?: string; code?: ErrorCode; details?: unknown };
    const error = new ApiError(
      failure.code ?? codeOfStatus(response.status),
      response.status,
      failure.error || commonMessages.internal,
      failure.details,
      !!failure.error,
    );
    return { ok: false, error, body };
  }
  if (response.ok) return { ok: true, data: parsed as T, body };
  const code = codeOfStatus(response.status);
  const message =
    code === 'NOT_FOUND'
      ? commonMessages.notFound
      : code === 'INTERNAL'
        ? commonMessages.internal
        : commonMessages.network;
  return { ok: false, error: new ApiError(code, response.status, message), body };
}

/** An answer's data, or its error thrown. */
async function unwrap<T>(response: Response): Promise<T> {
  const outcome = await readAnswer<T>(response);
  if (outcome.ok) return outcome.data;
  throw outcome.error;
}

export interface ApiClientOptions {
  /** Origin the paths are appended to: `http://localhost:3000`, or '' for the page's own origin. */
  baseUrl?: string;
  /** Headers every call carries (read at each call: a token may change), under the call's own. */
  headers?: () => Record<string, string>;
  /**
   * A call's time limit, in ms or per route key. None unless given: a bench measures the wait however long it
   * is, and each long-running client sets its own (the SPA 15 s / 30 s, the rank worker 2 min).
   */
  timeoutMs?: number | ((key: string) => number);
  /** The fetch to send with; the global one (looked up at each call) unless given. */
  fetch?: typeof fetch;
  /** Extra `fetch` options, e.g. the browser's `credentials`. */
  init?: Pick<RequestInit, 'credentials'>;
}

/** One answer as it came: its status and headers, the parsed body, and its data or error. */
type Reply<T> = Outcome<T> & { status: number; headers: Headers; body: unknown };

export interface ApiClient<R extends RouteContract> {
  /** Calls one route: its answer's data, or an ApiError (with code, status and the Korean message). */
  call<K extends RouteKeyOf<R>>(key: K, ...[input]: CallArgsAt<R, K>): Promise<AnswerAt<R, K>>;
  /**
   * Calls one route and returns the answer whatever its status, for callers that count statuses or
   * look at headers. No answer at all (network failure, timeout) is still thrown as an ApiError.
   */
  send<K extends RouteKeyOf<R>>(key: K, ...[input]: CallArgsAt<R, K>): Promise<Reply<AnswerAt<R, K>>>;
  /** The raw response of one call (for a client that decides by status before reading the body). */
  fetch<K extends RouteKeyOf<R>>(key: K, ...[input]: CallArgsAt<R, K>): Promise<Response>;
}

/**
 * A client over the routes `R` (every route unless narrowed: `createApiClient<WorkerRoute>(...)` can
 * call the worker's routes only). No answer within the time limit is a `TIMEOUT` ApiError, a failed
 * connection a `NETWORK` one; a caller's own abort is rethrown as it came.
 */
export function createApiClient<R extends RouteContract = Route>(options: ApiClientOptions = {}): ApiClient<R> {
  const base = (options.baseUrl ?? '').replace(/\/$/, '');

  async function sendRaw(key: string, input: RequestInput = {}): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...options.headers?.(),
      ...input.headers,
    };
    if (input.body !== undefined) headers['Content-Type'] = 'application/json';
    if (input.idempotencyKey) headers['Idempotency-Key'] = input.idempotencyKey;
    const url = `${base}${routeUrl(key, input)}`;

    const limit =
      input.timeoutMs ?? (typeof options.timeoutMs === 'function' ? options.timeoutMs(key) : options.timeoutMs);
    const timeout = new AbortController();
    const timer = limit === undefined ? undefined : setTimeout(() => timeout.abort(), limit);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout.signal]) : timeout.signal;
    try {
      return await (options.fetch ?? globalThis.fetch)(url, {
        method: methodOf(key),
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        ...options.init,
        signal,
      });
    } catch (error) {
      if (timeout.signal.aborted) throw new ApiError('TIMEOUT', 0, commonMessages.timeout);
      if (input.signal?.aborted) throw error;
      throw new ApiError('NETWORK', 0, commonMessages.network);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    fetch: (key, ...[input]) => sendRaw(key, input as RequestInput),
    call: async (key, ...[input]) => unwrap(await sendRaw(key, input as RequestInput)),
    send: async (key, ...[input]) => {
      const response = await sendRaw(key, input as RequestInput);
      const outcome = await readAnswer<never>(response);
      return { ...outcome, status: response.status, headers: response.headers };
    },
  };
}

type SignedIn = Extract<AnswerAt<Route, 'POST /api/auth/login'>, { tokens: unknown }>;

/**
 * Signs in with an id and password, for the scripts, benches and tests: the session, or an error when the
 * account asks for a second factor (their accounts have none; the SPA handles that step on its own).
 */
export async function signIn(client: ApiClient<Route>, loginId: string, password: string): Promise<SignedIn> {
  const answer = await client.call('POST /api/auth/login', { body: { email: loginId, password } });
  if (!('tokens' in answer)) throw new Error(`${loginId}: this account asks for a second factor at sign-in`);
  return answer;
}

/** The `Authorization` header of a signed-in call. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A client that carries the session of an account signed in with its password (scripts, benches, tests). */
export async function signedInClient(
  options: ApiClientOptions,
  loginId: string,
  password: string,
): Promise<{ client: ApiClient<Route>; session: SignedIn }> {
  const session = await signIn(createApiClient(options), loginId, password);
  const client = createApiClient({
    ...options,
    headers: () => ({ ...options.headers?.(), ...bearer(session.tokens.accessToken) }),
  });
  return { client, session };
}
