import { ApiError, bearer, createApiClient, signIn } from '../../shared/api-client';

/**
 * The integration tests' client of the real HTTP server. `call` is the raw probe: any method and path,
 * a malformed body, the answer whole with its cookies (what a test of refusals needs). `as(token)` is the
 * shared typed client (routes by key, answers typed) for the calls a test makes on the way.
 */
export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
}

export function apiClient(baseUrl: string) {
  async function call<T = any>(
    method: string,
    path: string,
    opts: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<CallResult<T>> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(opts.body !== undefined || opts.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers, setCookies: res.headers.getSetCookie() };
  }

  const anonymous = createApiClient({ baseUrl });

  async function login(email: string, password: string) {
    const session = await signIn(anonymous, email, password).catch((err: unknown) => {
      const why = err instanceof ApiError ? `${err.status} ${err.code} ${err.message}` : String(err);
      throw new Error(`login failed for ${email}: ${why}`);
    });
    return { token: session.tokens.accessToken, refreshToken: session.tokens.refreshToken, user: session.user };
  }

  /** The typed client, signed in with `token` (or anonymous). */
  const as = (token?: string) => (token ? createApiClient({ baseUrl, headers: () => bearer(token) }) : anonymous);

  return { call, login, as };
}
