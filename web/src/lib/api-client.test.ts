import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthSession } from '#shared/schemas/auth';
import { ApiError, LOGIN_MESSAGE_KEY, api, errorMessage, refreshSession, setSessionEndedHandler } from './api-client';
import { applyAuthSession, getAccessToken, getSessionState, resetSessionForTests } from './session-store';

// fetch is this unit's boundary: each test scripts the server's answers in order.
type Answer = { status: number; body?: unknown };
const json = (status: number, body: unknown): Answer => ({ status, body });
const ok = (data: unknown) => json(200, { success: true, data });
const fail = (status: number, code: string, error: string) => json(status, { success: false, code, error });

const session = (token: string): AuthSession => ({
  user: {
    id: 'u1',
    email: 'kim',
    role: 'user',
    fullName: '김광고',
    phone: null,
    status: 'active',
    isActive: true,
    permissions: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    lastLoginAt: null,
  },
  tokens: { accessToken: token, refreshToken: 'r', expiresIn: 900 },
  actingAs: null,
});

let answers: Answer[];
let fetchMock: ReturnType<typeof vi.fn>;
let sessionEnded: ReturnType<typeof vi.fn<() => void>>;

const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: url as string,
    method: (init as RequestInit).method,
    headers: (init as RequestInit).headers as Record<string, string>,
    body: (init as RequestInit).body,
  }));

beforeEach(() => {
  answers = [];
  fetchMock = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('unexpected fetch');
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), { status: next.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  sessionEnded = vi.fn<() => void>();
  setSessionEndedHandler(sessionEnded);
  sessionStorage.clear();
  resetSessionForTests();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('api.call (a route of the contract)', () => {
  it("sends the route key's method to its path with the params filled in and encoded", async () => {
    applyAuthSession(session('t1'));
    answers.push(ok({ id: 'a/b c' }), ok({ deleted: true }));

    await api.call('PUT /api/slots/{id}/fill', { path: { id: 'a/b c?#' }, body: { keyword: '신발' } });
    await api.call('DELETE /api/admin/field-configs/{key}', { path: { key: '상품 URL' } });

    expect(calls()[0]).toMatchObject({
      url: '/api/slots/a%2Fb%20c%3F%23/fill',
      method: 'PUT',
      body: JSON.stringify({ keyword: '신발' }),
    });
    expect(calls()[0].headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer t1',
    });
    expect(calls()[1]).toMatchObject({ url: '/api/admin/field-configs/%EC%83%81%ED%92%88%20URL', method: 'DELETE' });
    expect(calls()[1].body).toBeUndefined();
    expect(calls()[1].headers['Content-Type']).toBeUndefined();
  });

  it('appends the query (encoded, empty values left out) and sends no body on a GET', async () => {
    applyAuthSession(session('t1'));
    answers.push(ok({ items: [] }));

    await api.call('GET /api/slots', {
      query: { page: 2, status: 'active', search: '나이키 & 아디다스', dateFrom: undefined, searchType: 'keyword' },
    });

    const url = new URL(calls()[0].url, 'http://x');
    expect(url.pathname).toBe('/api/slots');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      status: 'active',
      search: '나이키 & 아디다스',
      searchType: 'keyword',
    });
    expect(calls()[0]).toMatchObject({ method: 'GET', body: undefined });
  });

  it('a money call carries its Idempotency-Key; a credential call carries no bearer token', async () => {
    applyAuthSession(session('t1'));
    answers.push(ok({ id: 's1' }), ok(session('t2')));

    await api.call('POST /api/slots', { body: { keyword: 'k' }, idempotencyKey: 'key-9' });
    await api.call('POST /api/auth/login', { body: { email: 'a', password: 'b' } });

    expect(calls()[0]).toMatchObject({ url: '/api/slots', method: 'POST' });
    expect(calls()[0].headers).toMatchObject({ 'Idempotency-Key': 'key-9', Authorization: 'Bearer t1' });
    expect(calls()[1]).toMatchObject({ url: '/api/auth/login', method: 'POST' });
    expect(calls()[1].headers.Authorization).toBeUndefined();
  });
});

describe('api client', () => {
  it('unwraps the envelope and sends the bearer token under /api', async () => {
    applyAuthSession(session('t1'));
    answers.push(ok({ amount: 5000 }));

    await expect(api.call('GET /api/cash/balance')).resolves.toEqual({ amount: 5000 });

    expect(calls()[0].url).toBe('/api/cash/balance');
    expect(calls()[0].headers.Authorization).toBe('Bearer t1');
  });

  it('turns an error envelope into an ApiError with the server text', async () => {
    applyAuthSession(session('t1'));
    answers.push({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION',
        error: '입력값을 확인해주세요.',
        details: [{ field: 'fullName', message: '이름을 입력해주세요.' }],
      },
    });

    const error = await api.call('PUT /api/auth/profile', { body: { fullName: '' } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION', status: 400, message: '입력값을 확인해주세요.' });
    expect((error as ApiError).fieldIssues).toEqual([{ field: 'fullName', message: '이름을 입력해주세요.' }]);
  });

  it('sends the Idempotency-Key header when asked', async () => {
    applyAuthSession(session('t1'));
    answers.push(ok({ id: 'c1' }));

    await api.call('POST /api/cash/charge-requests', {
      body: { amount: 10000, depositAt: '2026-01-01 10:00', accountHolder: '김광고' },
      idempotencyKey: 'key-1',
    });

    expect(calls()[0].headers['Idempotency-Key']).toBe('key-1');
  });

  it('on a 401 refreshes once and retries with the new token', async () => {
    applyAuthSession(session('old'));
    answers.push(fail(401, 'UNAUTHORIZED', '인증이 필요합니다.'), ok(session('new')), ok({ amount: 1 }));

    await expect(api.call('GET /api/cash/balance')).resolves.toEqual({ amount: 1 });

    expect(calls().map((c) => c.url)).toEqual(['/api/cash/balance', '/api/auth/refresh', '/api/cash/balance']);
    expect(calls()[2].headers.Authorization).toBe('Bearer new');
    expect(getAccessToken()).toBe('new');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('shares one refresh between calls that fail together', async () => {
    applyAuthSession(session('old'));
    answers.push(fail(401, 'UNAUTHORIZED', 'x'), fail(401, 'UNAUTHORIZED', 'x'), ok(session('new')), ok(1), ok(2));

    await Promise.all([api.call('GET /api/cash/balance'), api.call('GET /api/slots/count')]);

    expect(calls().filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('when the refresh is refused: clears the session, keeps the expiry message and goes to /login', async () => {
    applyAuthSession(session('old'));
    answers.push(fail(401, 'UNAUTHORIZED', 'x'), fail(401, 'UNAUTHORIZED', 'x'), {
      status: 200,
      body: { success: true, data: null },
    });

    await expect(api.call('GET /api/cash/balance')).rejects.toBeInstanceOf(ApiError);
    await flush();

    expect(getSessionState().status).toBe('anonymous');
    expect(sessionStorage.getItem(LOGIN_MESSAGE_KEY)).toBe('인증이 만료되었습니다. 다시 로그인해주세요.');
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    // The refresh cookie is revoked so a reload does not sign the session back in.
    expect(calls().at(-1)?.url).toBe('/api/auth/logout');
  });

  it('when the retry is still 401: applies the same rule', async () => {
    applyAuthSession(session('old'));
    answers.push(fail(401, 'UNAUTHORIZED', 'x'), ok(session('new')), fail(401, 'UNAUTHORIZED', 'x'), ok(null));

    await expect(api.call('GET /api/slots')).rejects.toMatchObject({ status: 401 });
    await flush();

    expect(getSessionState().status).toBe('anonymous');
    expect(sessionStorage.getItem(LOGIN_MESSAGE_KEY)).toBe('인증이 만료되었습니다. 다시 로그인해주세요.');
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('on a 403 outside /auth: ends the session with the no-permission message', async () => {
    applyAuthSession(session('t1'));
    answers.push(fail(403, 'FORBIDDEN', '권한이 없습니다.'), ok(null));

    await expect(api.call('GET /api/users')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await flush();

    expect(getSessionState().status).toBe('anonymous');
    expect(sessionStorage.getItem(LOGIN_MESSAGE_KEY)).toBe('접근 권한이 없습니다. 다시 로그인해주세요.');
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a wrong password at login is an error for the form, not a session end', async () => {
    answers.push(fail(401, 'UNAUTHORIZED', '아이디 또는 비밀번호가 올바르지 않습니다.'));

    await expect(api.call('POST /api/auth/login', { body: { email: 'a', password: 'b' } })).rejects.toMatchObject({
      message: '아이디 또는 비밀번호가 올바르지 않습니다.',
    });

    expect(calls()).toHaveLength(1);
    expect(sessionEnded).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(LOGIN_MESSAGE_KEY)).toBeNull();
  });

  it('a 403 under /auth (after a fresh token) stays with the caller', async () => {
    applyAuthSession(session('t1'));
    answers.push(fail(403, 'FORBIDDEN', '개발자 계정만 사용자 전환을 할 수 있습니다.'));

    await expect(api.call('POST /api/auth/switch-user', { body: { targetUserId: 'x' } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });

    expect(getSessionState().status).toBe('authenticated');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('refreshes one tab at a time: waits while another tab holds the refresh lock', async () => {
    // A minimal Web Locks manager: one holder per name, the others queue (as across real tabs).
    const queue: Array<() => void> = [];
    let held = false;
    const release = () => {
      held = false;
      queue.shift()?.();
    };
    const acquire = () =>
      new Promise<void>((resolve) =>
        held ? queue.push(() => ((held = true), resolve())) : ((held = true), resolve()),
      );
    const request = vi.fn(async (_name: string, callback: () => Promise<unknown>) => {
      await acquire();
      try {
        return await callback();
      } finally {
        release();
      }
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      await acquire(); // another tab is refreshing right now
      answers.push(ok(session('mine')));

      const pending = refreshSession();
      await flush();
      expect(request).toHaveBeenCalledWith('simple-slot-refresh', expect.any(Function));
      expect(fetchMock).not.toHaveBeenCalled();

      release(); // the other tab got its answer (and the rotated cookie)
      await expect(pending).resolves.toMatchObject({ tokens: { accessToken: 'mine' } });
      expect(calls().map((c) => c.url)).toEqual(['/api/auth/refresh']);
      expect(getAccessToken()).toBe('mine');
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('refreshSession resolves null when the server refuses the cookie', async () => {
    answers.push(fail(401, 'UNAUTHORIZED', 'x'));
    await expect(refreshSession()).resolves.toBeNull();
  });

  it('gives up on auth calls after 15 seconds with the timeout message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );

    const pending = api.call('POST /api/auth/login', { body: { email: 'a', password: 'b' } }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(15_000);

    expect(await pending).toMatchObject({
      code: 'TIMEOUT',
      message: '서버 응답 시간이 초과되었습니다. 잠시 후 다시 시도해주세요.',
    });
  });

  it('reports a network failure in Korean', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.call('GET /api/system-settings')).rejects.toMatchObject({
      code: 'NETWORK',
      message: '서버와의 통신 중 오류가 발생했습니다.',
    });
  });

  it('errorMessage prefers the server text, keeps timeout and network texts, else uses the fallback', () => {
    expect(errorMessage(new ApiError('CONFLICT', 409, '이미 사용 중인 아이디입니다.', undefined, true), 'x')).toBe(
      '이미 사용 중인 아이디입니다.',
    );
    expect(
      errorMessage(new ApiError('TIMEOUT', 0, '서버 응답 시간이 초과되었습니다. 잠시 후 다시 시도해주세요.'), 'x'),
    ).toBe('서버 응답 시간이 초과되었습니다. 잠시 후 다시 시도해주세요.');
    expect(
      errorMessage(new ApiError('INTERNAL', 502, '서버 오류가 발생했습니다.'), '업데이트 중 오류가 발생했습니다.'),
    ).toBe('업데이트 중 오류가 발생했습니다.');
    expect(errorMessage(new Error('boom'), '로그인 중 오류가 발생했습니다.')).toBe('로그인 중 오류가 발생했습니다.');
  });
});
