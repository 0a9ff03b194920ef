import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, routeUrl, type WorkerRoute } from './api-client';

// fetch is this unit's boundary: each test scripts the server's answer.
type Sent = { url: string; method: string; headers: Record<string, string>; body?: string };

function scripted(...answers: Array<() => Response | Promise<Response>>) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: String(url),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: init?.body as string | undefined,
    });
    const next = answers.shift();
    if (!next) throw new Error('unexpected fetch');
    return next();
  });
  return { sent, fetch: fetch as unknown as typeof globalThis.fetch };
}

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.useRealTimers();
});

describe('routeUrl', () => {
  it('fills each {param} encoded and appends the query, leaving empty values out', () => {
    expect(routeUrl('DELETE /api/admin/field-configs/{key}', { path: { key: '상품 URL/2?#' } })).toBe(
      '/api/admin/field-configs/%EC%83%81%ED%92%88%20URL%2F2%3F%23',
    );
    const url = new URL(
      routeUrl('GET /api/slots', {
        query: { page: 2, search: '나이키 & 아디다스', status: '', dateFrom: undefined, userId: null, all: false },
      }),
      'http://x',
    );
    expect(url.pathname).toBe('/api/slots');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', search: '나이키 & 아디다스', all: 'false' });
  });

  it('refuses a key whose param was not given rather than ask for the id "undefined"', () => {
    expect(() => routeUrl('GET /api/slots/{id}', { path: {} })).toThrow('{id}');
  });
});

describe('createApiClient', () => {
  it("sends the key's method to the base URL's path, with the client's headers read at each call", async () => {
    let key = 'first-key';
    const { sent, fetch } = scripted(json(200, { success: true, data: { items: [], nextCursor: null } }), () =>
      json(200, { success: true, data: { held: ['p1'], lost: [] } })(),
    );
    const worker = createApiClient<WorkerRoute>({
      baseUrl: 'http://localhost:3000/',
      headers: () => ({ 'x-api-key': key }),
      fetch,
    });

    await worker.call('GET /api/rank/work', { query: { limit: 10, cursor: undefined } });
    key = 'second-key';
    const leases = await worker.call('POST /api/rank/leases', {
      body: { worker: 'w1', pairIds: ['p1'] },
      idempotencyKey: 'k-1',
    });

    expect(leases).toEqual({ held: ['p1'], lost: [] });
    expect(sent[0]).toMatchObject({ url: 'http://localhost:3000/api/rank/work?limit=10', method: 'GET' });
    expect(sent[0].headers).toEqual({ Accept: 'application/json', 'x-api-key': 'first-key' });
    expect(sent[0].body).toBeUndefined();
    expect(sent[1]).toMatchObject({
      url: 'http://localhost:3000/api/rank/leases',
      method: 'POST',
      body: JSON.stringify({ worker: 'w1', pairIds: ['p1'] }),
    });
    expect(sent[1].headers).toEqual({
      Accept: 'application/json',
      'x-api-key': 'second-key',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k-1',
    });
  });

  it('turns an error envelope into an ApiError with the code, status, Korean text and details', async () => {
    const details = [{ field: 'amount', message: '금액을 입력해주세요.' }];
    const { fetch } = scripted(
      json(400, { success: false, code: 'VALIDATION', error: '입력값을 확인해주세요.', details }),
    );
    const client = createApiClient({ fetch });

    const error = await client
      .call('POST /api/cash/charge-requests', { body: { amount: 0, depositAt: 'x', accountHolder: 'y' } })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION',
      status: 400,
      message: '입력값을 확인해주세요.',
      fromServer: true,
    });
    expect((error as ApiError).fieldIssues).toEqual(details);
  });

  it("an HTML error page (a gateway's, not ours) becomes a Korean error by its status", async () => {
    const page = () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 });
    const missing = () => new Response('<html>Not Found</html>', { status: 404 });
    const { fetch } = scripted(page, missing);
    const client = createApiClient({ fetch });

    await expect(client.call('GET /api/cash/balance')).rejects.toMatchObject({
      code: 'INTERNAL',
      status: 502,
      message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
      fromServer: false,
    });
    await expect(client.call('GET /api/slots/{id}', { path: { id: 's1' } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: '요청한 항목을 찾을 수 없습니다.',
    });
  });

  it('send returns a refused answer with its status and error instead of throwing', async () => {
    const { fetch } = scripted(
      json(409, { success: false, code: 'CONFLICT', error: '슬롯 한도를 넘었습니다.' }),
      json(201, { success: true, data: { id: 's9' } }),
    );
    const client = createApiClient({ fetch });
    const body = { keyword: '신발', url: 'https://www.coupang.com/vp/products/1' };

    const refused = await client.send('POST /api/slots', { body });
    const created = await client.send('POST /api/slots', { body });

    expect(refused).toMatchObject({ ok: false, status: 409, error: { code: 'CONFLICT' } });
    expect(refused.body).toEqual({ success: false, code: 'CONFLICT', error: '슬롯 한도를 넘었습니다.' });
    expect(created).toMatchObject({ ok: true, status: 201, data: { id: 's9' } });
  });

  it('gives up after the time limit with the Korean timeout text', async () => {
    vi.useFakeTimers();
    const hang = (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const client = createApiClient({ fetch: hang as typeof globalThis.fetch, timeoutMs: 5_000 });

    const pending = client.call('GET /api/health').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);

    expect(await pending).toMatchObject({
      code: 'TIMEOUT',
      status: 0,
      message: '서버 응답 시간이 초과되었습니다. 잠시 후 다시 시도해주세요.',
    });
  });

  it('reports a failed connection as NETWORK in Korean', async () => {
    const { fetch } = scripted(() => Promise.reject(new TypeError('fetch failed')));
    await expect(createApiClient({ fetch }).call('GET /api/health')).rejects.toMatchObject({
      code: 'NETWORK',
      status: 0,
      message: '서버와의 통신 중 오류가 발생했습니다.',
    });
  });

  it('a worker client can name only the worker routes', () => {
    const worker = createApiClient<WorkerRoute>({ fetch: scripted().fetch });
    // @ts-expect-error: a person's route is not the worker's to call
    const call = () => worker.call('GET /api/cash/balance');
    expect(typeof call).toBe('function');
  });
});
