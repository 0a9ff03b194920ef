import {
  ApiError,
  createApiClient,
  readAnswer,
  type AnswerAt,
  type CallArgsAt,
  type CallInputAt,
  type RequestInput,
  type RouteKeyOf,
  type WebRoute,
} from '#shared/api-client';
import { authMessages } from '#shared/messages/auth';
import { SETTINGS_CHANGED_EVENT } from './app-settings';
import { applyAuthSession, clearSession, getAccessToken, getSessionState, setEnrolmentRequired } from './session-store';
import { SESSION_HINT_COOKIE } from '#shared/session-hint';

export { ApiError } from '#shared/api-client';

/**
 * The SPA's HTTP client: the shared typed client (shared/api-client.ts: route keys, URLs, the envelope,
 * timeouts) plus what only a browser session needs. It carries the in-memory bearer token, refreshes it
 * once on a 401 and applies the session rule: a 401 or 403 from a call outside /auth ends the session
 * with a message the login page shows.
 *
 * A call names a route of the contract by its key, `api.call('GET /api/slots/{id}', { path: { id } })`;
 * a session may call every route but the rank workers' (they sign in with an API key).
 */

/** `GET /api/slots/{id}`: a route's method and path, as the contract's `routeKey` spells it. */
export type RouteKey = RouteKeyOf<WebRoute>;
/** The `data` of a route's success envelope. */
export type AnswerTo<K extends RouteKey> = AnswerAt<WebRoute, K>;
/** What one call sends: the route's path params, query and body (as before parsing), and call options. */
export type CallInput<K extends RouteKey> = CallInputAt<WebRoute, K>;

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
const isAuthRoute = (key: string) => key.includes(' /api/auth/');

/**
 * The message to show for a failed action: the server's Korean text when it sent one (it says best
 * what was wrong), the timeout or network text when no answer came, else the screen's own fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.fromServer || error.status === 0 ? error.message : fallback;
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

const core = createApiClient<WebRoute>({
  timeoutMs: (key) => (isAuthRoute(key) ? AUTH_TIMEOUT_MS : DEFAULT_TIMEOUT_MS),
  init: { credentials: 'same-origin' },
});

// The session code below works on erased inputs: `api.call` has checked them against the route.
const sendRoute = core.fetch as (key: RouteKey, input: RequestInput) => Promise<Response>;

function send(key: RouteKey, options: RequestInput, token: string | null): Promise<Response> {
  const headers = token ? { ...options.headers, Authorization: `Bearer ${token}` } : options.headers;
  return sendRoute(key, { ...options, headers });
}

/** The shared unwrap, plus what an error means to the app as a whole. */
async function unwrap<T>(response: Response): Promise<T> {
  const outcome = await readAnswer<T>(response);
  if (outcome.ok) return outcome.data;
  // Maintenance began after the settings were read: re-read them now, so the app shows the
  // maintenance page instead of failing action by action.
  if ((outcome.error.code as string) === 'MAINTENANCE' && typeof window !== 'undefined') {
    window.dispatchEvent(new Event(SETTINGS_CHANGED_EVENT));
  }
  // The factor became required mid-session (or was reset): the app turns to the enrolment.
  if (outcome.error.code === 'SECOND_FACTOR_ENROLMENT') setEnrolmentRequired(true);
  throw outcome.error;
}

type AuthSession = AnswerTo<'POST /api/auth/refresh'>;

let refreshing: Promise<AuthSession | null> | null = null;

/** Web Locks name under which the tabs of this origin take turns to refresh. */
const REFRESH_LOCK = 'simple-slot-refresh';

/**
 * Runs `work` while holding the cross-tab refresh lock. All tabs share one cookie that every refresh
 * rotates, so a tab that waits its turn then sends the cookie the previous tab just received, never
 * a spent one. Without the Web Locks API only the in-tab sharing of `refreshSession` applies.
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks: LockManager | undefined = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

const hintPattern = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=1(?:;|$)`);

/** Whether this browser holds a refresh cookie worth trading (its readable hint is set with it). */
export const hasSessionHint = (): boolean => typeof document !== 'undefined' && hintPattern.test(document.cookie);

/** A refused refresh: the cookie is spent, so the next load need not ask again. */
function forgetSessionHint() {
  if (typeof document !== 'undefined') document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
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
      forgetSessionHint();
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

async function request<T>(key: RouteKey, options: RequestInput, steppedUp = false): Promise<T> {
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
  call: <K extends RouteKey>(key: K, ...[input]: CallArgsAt<WebRoute, K>): Promise<AnswerTo<K>> =>
    request(key, (input ?? {}) as RequestInput),
};
