import type { ErrorCode, FieldIssue } from '#shared/api';
import type { AnswerOf, RequestOf, Route } from '#shared/contract/index';
import { authMessages } from '#shared/messages/auth';
import { commonMessages } from '#shared/messages/common';
import { SETTINGS_CHANGED_EVENT } from './app-settings';
import { applyAuthSession, clearSession, getAccessToken, getSessionState, setEnrolmentRequired } from './session-store';

/**
 * The one HTTP client (bulletproof-react: one client in lib). It speaks the API envelope
 * (`{ success, data }`, or `{ success: false, error, code }`), carries the in-memory bearer token,
 * refreshes it once on a 401 and applies the session rule: a 401 or 403 from a call outside /auth
 * ends the session with a message the login page shows.
 *
 * A call names a route of the contract (shared/contract) by its key, `api.call('GET /api/slots/{id}',
 * { path: { id } })`: params, query and body are typed from the route's input schemas and the answer
 * from its answer type, so a renamed or removed route fails to compile. The contract is imported as
 * types only (no schema enters the bundle): the method and path are read from the key string.
 */

/** The routes the web calls: every route but the rank workers' (they sign in with an API key). */
type WebRoute = Exclude<Route, { access: 'worker' }>;
type RouteTable = { [R in WebRoute as `${R['method']} ${R['path']}`]: R };
/** `GET /api/slots/{id}`: a route's method and path, as the contract's `routeKey` spells it. */
export type RouteKey = keyof RouteTable;
/** The `data` of a route's success envelope. */
export type AnswerTo<K extends RouteKey> = AnswerOf<RouteTable[K]>;

// A part the route has no schema for may not be sent; one whose fields are all optional may be left out.
type Empty = Record<never, never>;
type Part<N extends string, T> = [T] extends [undefined]
  ? { [P in N]?: never }
  : undefined extends T
    ? { [P in N]?: T }
    : Empty extends T
      ? { [P in N]?: T }
      : { [P in N]: T };
type Sent<K extends RouteKey> = RequestOf<RouteTable[K]>;
/** What one call sends: the route's path params, query and body (as before parsing), and call options. */
export type CallInput<K extends RouteKey> = Part<'path', Sent<K>['path']> &
  Part<'query', Sent<K>['query']> &
  Part<'body', Sent<K>['body']> &
  CallOptions;
type CallArgs<K extends RouteKey> = Empty extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

const AUTH_TIMEOUT_MS = 15_000;
const DEFAULT_TIMEOUT_MS = 30_000;

/** sessionStorage key of the message the login page shows after a forced sign-out. */
export const LOGIN_MESSAGE_KEY = 'simple-slot.login-message';

/** Calls that check credentials: a 401 there means "wrong credentials", never "session ended". */
const CREDENTIAL_ROUTES = new Set<RouteKey>([
  'POST /api/auth/login',
  'POST /api/auth/login/second-factor',
  'POST /api/auth/register',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
]);
const isAuthRoute = (key: RouteKey) => key.includes(' /api/auth/');

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

/**
 * The message to show for a failed action: the server's Korean text when it sent one (it says best
 * what was wrong), the timeout or network text when no answer came, else the screen's own fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.fromServer || error.status === 0 ? error.message : fallback;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  headers?: Record<string, string>;
  /** Sent as `Idempotency-Key`: money calls set it so a retry never moves money twice. */
  idempotencyKey?: string;
  /** Defaults: 15 s for /auth calls, 30 s otherwise. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

interface RequestOptions extends CallOptions {
  path?: Record<string, unknown>;
  query?: Query;
  body?: unknown;
}

/** A fresh key for one money action; reuse the same key when retrying that action. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

let onSessionEnded: () => void = () => window.location.assign('/login');

/** The app wires this to its router so the redirect to /login is a client-side navigation. */
export function setSessionEndedHandler(handler: () => void) {
  onSessionEnded = handler;
}

/** The forced sign-out message the login page shows (read it, then clear it once shown). */
export const peekLoginMessage = (): string | null => sessionStorage.getItem(LOGIN_MESSAGE_KEY);

export const clearLoginMessage = () => sessionStorage.removeItem(LOGIN_MESSAGE_KEY);

/** The route's path with its `{param}`s filled in (encoded) and the query appended. */
function buildUrl(key: RouteKey, { path, query }: RequestOptions): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  const filled = key
    .slice(key.indexOf(' ') + 1)
    .replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(path?.[name])));
  return `${filled}${search ? `?${search}` : ''}`;
}

async function send(key: RouteKey, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(),
    options.timeoutMs ?? (isAuthRoute(key) ? AUTH_TIMEOUT_MS : DEFAULT_TIMEOUT_MS),
  );
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  try {
    return await fetch(buildUrl(key, options), {
      method: key.slice(0, key.indexOf(' ')),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (timeout.signal.aborted) throw new ApiError('TIMEOUT', 0, authMessages.loginTimeout);
    if (options.signal?.aborted) throw error;
    throw new ApiError('NETWORK', 0, commonMessages.network);
  } finally {
    clearTimeout(timer);
  }
}

const codeOfStatus = (status: number): ErrorCode =>
  status === 400
    ? 'VALIDATION'
    : status === 401
      ? 'UNAUTHORIZED'
      : status === 403
        ? 'FORBIDDEN'
        : status === 404
          ? 'NOT_FOUND'
          : status === 409
            ? 'CONFLICT'
            : status === 422
              ? 'IDEMPOTENCY_MISMATCH'
              : status === 413
                ? 'PAYLOAD_TOO_LARGE'
                : status === 402
                  ? 'INSUFFICIENT_BALANCE'
                  : status === 429
                    ? 'THROTTLED'
                    : 'INTERNAL';

/** Unwraps `{success, data}`; anything else (error envelope, HTML error page) becomes an ApiError. */
async function unwrap<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok && body && typeof body === 'object' && (body as { success?: unknown }).success === true) {
    return (body as { data: T }).data;
  }
  if (body && typeof body === 'object' && (body as { success?: unknown }).success === false) {
    const failure = body as { error?: string; code?: ErrorCode; details?: unknown };
    // Maintenance began after the settings were read: re-read them now, so the app shows the
    // maintenance page instead of failing action by action.
    if ((failure.code as string) === 'MAINTENANCE' && typeof window !== 'undefined') {
      window.dispatchEvent(new Event(SETTINGS_CHANGED_EVENT));
    }
    // The factor became required mid-session (or was reset): the app turns to the enrolment.
    if (failure.code === 'SECOND_FACTOR_ENROLMENT') setEnrolmentRequired(true);
    return Promise.reject(
      new ApiError(
        failure.code ?? codeOfStatus(response.status),
        response.status,
        failure.error || commonMessages.internal,
        failure.details,
        !!failure.error,
      ),
    );
  }
  if (response.ok) return body as T;
  const code = codeOfStatus(response.status);
  const message =
    code === 'NOT_FOUND'
      ? commonMessages.notFound
      : code === 'INTERNAL'
        ? commonMessages.internal
        : commonMessages.network;
  return Promise.reject(new ApiError(code, response.status, message));
}

type AuthSession = AnswerTo<'POST /api/auth/refresh'>;

let refreshing: Promise<AuthSession | null> | null = null;

/** Web Locks name under which the tabs of this origin take turns to refresh. */
export const REFRESH_LOCK = 'simple-slot-refresh';

/**
 * Runs `work` while holding the cross-tab refresh lock. All tabs share one cookie that every refresh
 * rotates, so a tab that waits its turn then sends the cookie the previous tab just received, never
 * a spent one. Without the Web Locks API only the in-tab sharing of `refreshSession` applies.
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks: LockManager | undefined = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

/**
 * Trades the HttpOnly refresh cookie for a new session. Concurrent callers in a tab share one
 * request, and tabs take turns (`oneTabAtATime`): the server rotates the cookie on every use and
 * treats late reuse of an old one as theft.
 * Resolves null when the server refuses (no session); throws on network failure or timeout.
 */
export function refreshSession(): Promise<AuthSession | null> {
  refreshing ??= oneTabAtATime(async () => {
    const response = await send('POST /api/auth/refresh', {}, null);
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel().catch(() => undefined);
      return null;
    }
    const session = await unwrap<AuthSession>(response);
    applyAuthSession(session);
    return session;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let ending = false;

/** The session rule: drop the session, keep the reason for the login page, go to /login. */
function endSession(message: string) {
  if (ending) return;
  ending = true;
  sessionStorage.setItem(LOGIN_MESSAGE_KEY, message);
  clearSession();
  // Revoke the refresh cookie too, or a reload would sign the same session straight back in.
  void send('POST /api/auth/logout', {}, null).catch(() => undefined);
  queueMicrotask(() => {
    ending = false;
    onSessionEnded();
  });
}

type StepUpPrompt = () => Promise<boolean>;
let stepUpPrompt: StepUpPrompt | null = null;

/**
 * The app mounts the dialog that asks for a fresh code (features/second-factor) and registers it
 * here: a call answered `STEP_UP_REQUIRED` opens it, and once the code is accepted (true) the call
 * is sent once more. Without one, or when the person cancels, the call fails with the server's text.
 */
export function setStepUpPrompt(prompt: StepUpPrompt | null) {
  stepUpPrompt = prompt;
}

/** The second-factor refusals are about the act, not the session: they never sign anyone out. */
const isSecondFactorRefusal = (error: unknown) =>
  error instanceof ApiError && (error.code === 'SECOND_FACTOR_ENROLMENT' || error.code === 'STEP_UP_REQUIRED');

async function request<T>(key: RouteKey, options: RequestOptions, steppedUp = false): Promise<T> {
  const credentialCall = CREDENTIAL_ROUTES.has(key);
  const hadSession = getSessionState().status === 'authenticated';
  let response = await send(key, options, credentialCall ? null : getAccessToken());

  if (response.status === 401 && !credentialCall && hadSession) {
    // Access tokens live 15 minutes: one silent refresh, then one retry.
    // A refresh that fails for other reasons (network, 500) throws: the session may still be fine.
    const refreshed = await refreshSession();
    if (!refreshed) {
      const error = await unwrap<never>(response).catch((e: unknown) => e);
      endSession(authMessages.sessionExpired);
      throw error;
    }
    response = await send(key, options, getAccessToken());
  }

  if (response.status === 403 && hadSession) {
    const error = await unwrap<never>(response).catch((e: unknown) => e);
    if (error instanceof ApiError && error.code === 'STEP_UP_REQUIRED' && !steppedUp && stepUpPrompt) {
      if (await stepUpPrompt()) return request<T>(key, options, true);
    }
    if (!isSecondFactorRefusal(error) && !isAuthRoute(key)) endSession(authMessages.noPermission);
    throw error;
  }
  // Under /auth a 401/403 after a fresh token is about the request (e.g. a wrong current password).
  if (!isAuthRoute(key) && hadSession && response.status === 401) {
    const error = await unwrap<never>(response).catch((e: unknown) => e);
    endSession(authMessages.sessionExpired);
    throw error;
  }
  return unwrap<T>(response);
}

export const api = {
  /** Calls one route of the contract: `api.call('PUT /api/slots/{id}/fill', { path: { id }, body })`. */
  call: <K extends RouteKey>(key: K, ...[input]: CallArgs<K>): Promise<AnswerTo<K>> =>
    request(key, (input ?? {}) as RequestOptions),
};
