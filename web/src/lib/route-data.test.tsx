import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeCacheKey, useRoute, useRouteMutation } from './route-data';

/** The generic data layer: one cache entry per route + input, changes re-read the routes they name. */
const json = (body: unknown) =>
  new Response(JSON.stringify({ success: true, data: body }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

let names: string[];
let fetchMock: ReturnType<typeof vi.fn>;
const requests = (path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === 'GET' && String(url).startsWith(path));

beforeEach(() => {
  names = ['회원1'];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST' && url === '/api/users') {
      names.push((JSON.parse(String(init.body)) as { fullName: string }).fullName);
      return json({ id: 'new' });
    }
    if (url.startsWith('/api/users')) return json({ users: names.map((fullName) => ({ fullName })) });
    if (url === '/api/cash/balance') return json({ amount: 5000 });
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const wrap = (children: ReactNode) =>
  render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>);

function UserList({ search, label }: { search?: string; label: string }) {
  const { data } = useRoute('GET /api/users', { query: { search, page: 1 } });
  return <p aria-label={label}>{data?.users.map((u) => u.fullName).join(',') ?? '…'}</p>;
}

function Balance() {
  const { data } = useRoute('GET /api/cash/balance');
  return <p aria-label="잔액">{data?.amount ?? '…'}</p>;
}

function AddUser() {
  const { trigger } = useRouteMutation('POST /api/users', { invalidates: ['GET /api/users'] });
  return (
    <button
      type="button"
      onClick={() =>
        void trigger({ body: { email: 'new1', password: 'Password1!', fullName: '새회원', role: 'user' } })
      }
    >
      추가
    </button>
  );
}

describe('route data', () => {
  it('equal inputs share one cache entry and one request, whatever their field order', async () => {
    expect(routeCacheKey('GET /api/users', { query: { search: 'a', page: 1 } })).toEqual(
      routeCacheKey('GET /api/users', { query: { search: 'a', page: 1 } }),
    );
    function Reordered() {
      const { data } = useRoute('GET /api/users', { query: { page: 1, search: 'kim' } });
      return <p aria-label="둘째">{data?.users.length ?? '…'}</p>;
    }
    wrap(
      <>
        <UserList search="kim" label="첫째" />
        <Reordered />
      </>,
    );
    expect(await screen.findByLabelText('첫째')).toHaveTextContent('회원1');
    expect(screen.getByLabelText('둘째')).toHaveTextContent('1');
    expect(requests('/api/users')).toHaveLength(1);
  });

  it('after a create every list of the named route shows the new row, and other routes are not read again', async () => {
    wrap(
      <>
        <UserList label="전체" />
        <UserList search="회원" label="검색" />
        <Balance />
        <AddUser />
      </>,
    );
    await waitFor(() => expect(screen.getByLabelText('검색')).toHaveTextContent('회원1'));
    expect(screen.getByLabelText('전체')).toHaveTextContent('회원1');
    await waitFor(() => expect(screen.getByLabelText('잔액')).toHaveTextContent('5000'));

    await userEvent.click(screen.getByRole('button', { name: '추가' }));

    await waitFor(() => expect(screen.getByLabelText('전체')).toHaveTextContent('회원1,새회원'));
    expect(screen.getByLabelText('검색')).toHaveTextContent('회원1,새회원');
    expect(requests('/api/cash/balance')).toHaveLength(1);
  });

  it('a null input fetches nothing until it is given', async () => {
    function Maybe({ id }: { id: string | null }) {
      const { data } = useRoute('GET /api/users/{id}', id ? { path: { id } } : null);
      return <p aria-label="통계">{data ? '있음' : '없음'}</p>;
    }
    const { rerender } = wrap(<Maybe id={null} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByLabelText('통계')).toHaveTextContent('없음');
    expect(fetchMock).not.toHaveBeenCalled();

    rerender(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <Maybe id="u1" />
      </SWRConfig>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/users/u1', expect.anything()));
  });
});
