/** A tiny client for integration tests: the real HTTP server, JSON in and out, cookies visible. */
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

  async function login(email: string, password: string): Promise<{ token: string; refreshToken: string; user: any }> {
    const res = await call('POST', '/api/auth/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return {
      token: res.body.data.tokens.accessToken,
      refreshToken: res.body.data.tokens.refreshToken,
      user: res.body.data.user,
    };
  }

  return { call, login };
}
