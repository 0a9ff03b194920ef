import type { ErrorCode, FieldIssue } from '#shared/api';
import { authMessages } from '#shared/messages/auth';
import { commonMessages } from '#shared/messages/common';
import type { AuthSession } from '#shared/schemas/auth';
import { SETTINGS_CHANGED_EVENT } from './app-settings';
import { applyAuthSession, clearSession, getAccessToken, getSessionState } from './session-store';

/**
 * The one HTTP client (bulletproof-react: one client in lib). It speaks the API envelope
 * (design §5), carries the in-memory bearer token, refreshes it once on a 401 and applies the
 * spec's session rule: a 401 or 403 from a call outside /auth ends the session with a message the
 * login page shows (advertiser §4 Session, §8).
 */

export const API_BASE = '/api';
const AUTH_TIMEOUT_MS = 15_000;
const DEFAULT_TIMEOUT_MS = 30_000;

/** sessionStorage key of the message the login page shows after a forced sign-out. */
export const LOGIN_MESSAGE_KEY = 'simple-slot.login-message';

/** Calls that check credentials: a 401 there means "wrong credentials", never "session ended". */
const CREDENTIAL_PATHS = new Set(['/auth/login', '/auth/register', '/auth/refresh', '/auth/logout']);
const isAuthPath = (path: string) => path.startsWith('/auth/');

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
 * The message to show for a failed action: the server's Korean text when it sent one, the timeout
 * or network text when no answer came, else the screen's own fallback (spec §8: "the server's error
 * text is shown when present").
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.fromServer || error.status === 0 ? error.message : fallback;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  /** Sent as `Idempotency-Key`: money calls set it so a retry never moves money twice. */
  idempotencyKey?: string;
  /** Defaults: 15 s for /auth calls (spec §7), 30 s otherwise. */
  timeoutMs?: number;
  signal?: AbortSignal;
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

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(),
    options.timeoutMs ?? (isAuthPath(path) ? AUTH_TIMEOUT_MS : DEFAULT_TIMEOUT_MS),
  );
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
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
    const response = await send('/auth/refresh', { method: 'POST' }, null);
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

/** The spec's rule: drop the session, keep the reason for the login page, go to /login. */
function endSession(message: string) {
  if (ending) return;
  ending = true;
  sessionStorage.setItem(LOGIN_MESSAGE_KEY, message);
  clearSession();
  // Revoke the refresh cookie too, or a reload would sign the same session straight back in.
  void fetch(`${API_BASE}/auth/logout`, { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
  queueMicrotask(() => {
    ending = false;
    onSessionEnded();
  });
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const credentialCall = CREDENTIAL_PATHS.has(path);
  const hadSession = getSessionState().status === 'authenticated';
  let response = await send(path, options, credentialCall ? null : getAccessToken());

  if (response.status === 401 && !credentialCall && hadSession) {
    // Access tokens live 15 minutes: one silent refresh, then one retry.
    // A refresh that fails for other reasons (network, 500) throws: the session may still be fine.
    const refreshed = await refreshSession();
    if (!refreshed) {
      const error = await unwrap<never>(response).catch((e: unknown) => e);
      endSession(authMessages.sessionExpired);
      throw error;
    }
    response = await send(path, options, getAccessToken());
  }

  // Under /auth a 401/403 after a fresh token is about the request (e.g. a wrong current password).
  if (!isAuthPath(path) && hadSession && (response.status === 401 || response.status === 403)) {
    const error = await unwrap<never>(response).catch((e: unknown) => e);
    endSession(response.status === 401 ? authMessages.sessionExpired : authMessages.noPermission);
    throw error;
  }
  return unwrap<T>(response);
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
