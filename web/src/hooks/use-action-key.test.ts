import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useActionKey } from './use-action-key';

/** What the server sees: the Idempotency-Key each attempt of a call carried. */
function recorder() {
  const sent: string[] = [];
  return {
    sent,
    fail: (key: string) => {
      sent.push(key);
      return Promise.reject(new Error('answer lost'));
    },
    succeed: (key: string) => {
      sent.push(key);
      return Promise.resolve('ok');
    },
    refuse: (key: string) => {
      sent.push(key);
      return Promise.reject(new ApiError('INSUFFICIENT_BALANCE', 402, '잔액이 부족합니다.'));
    },
    serverError: (key: string) => {
      sent.push(key);
      return Promise.reject(new ApiError('INTERNAL', 503, '잠시 후 다시 시도해주세요.'));
    },
  };
}

afterEach(() => sessionStorage.clear());

describe('useActionKey', () => {
  it('a retry of the same values after a failure carries the same key, so the server answers the first call', async () => {
    const { result } = renderHook(() => useActionKey());
    const server = recorder();
    const values = { keyword: '무선 이어폰', url: 'https://www.coupang.com/vp/products/1' };
    await act(() => expect(result.current.send(values, server.fail)).rejects.toThrow('answer lost'));
    // The form re-reads its values into a new object, in another key order: still the same action.
    await act(() => result.current.send({ url: values.url, keyword: values.keyword }, server.succeed));
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]).toBe(server.sent[0]);
  });

  it('changed values are another action with a new key', async () => {
    const { result } = renderHook(() => useActionKey());
    const server = recorder();
    await act(() => expect(result.current.send({ price: 50000 }, server.fail)).rejects.toThrow());
    await act(() => expect(result.current.send({ price: 60000 }, server.fail)).rejects.toThrow());
    expect(server.sent[1]).not.toBe(server.sent[0]);
    // Going back to values that failed without an answer retries that call, never a second one.
    await act(() => result.current.send({ price: 50000 }, server.succeed));
    expect(server.sent[2]).toBe(server.sent[0]);
  });

  it('after a success the same values again are a new action with a new key', async () => {
    const { result } = renderHook(() => useActionKey());
    const server = recorder();
    await act(() => result.current.send({ amount: 10000 }, server.succeed));
    await act(() => result.current.send({ amount: 10000 }, server.succeed));
    expect(server.sent[1]).not.toBe(server.sent[0]);
  });

  it('keeps its keys across renders and gives each form its own', async () => {
    const first = renderHook(() => useActionKey());
    const key = first.result.current.keyFor({ rows: 3 });
    first.rerender();
    expect(first.result.current.keyFor({ rows: 3 })).toBe(key);
    const other = renderHook(() => useActionKey());
    expect(other.result.current.keyFor({ rows: 3 })).not.toBe(key);
  });

  it('a refusal (4xx) ends the intent: the same values next time get a new key; a 5xx keeps it', async () => {
    const { result } = renderHook(() => useActionKey());
    const server = recorder();
    const values = { keyword: '캠핑의자' };
    await act(() => expect(result.current.send(values, server.serverError)).rejects.toThrow());
    await act(() => expect(result.current.send(values, server.refuse)).rejects.toThrow('잔액이 부족합니다.'));
    await act(() => result.current.send(values, server.succeed));
    expect(server.sent[1]).toBe(server.sent[0]);
    expect(server.sent[2]).not.toBe(server.sent[1]);
  });

  it('with persistAs, a reload (a new page with the same tab) keeps the key until an answer arrives', async () => {
    const server = recorder();
    const values = { keyword: '캠핑의자', url: 'https://www.coupang.com/vp/products/1' };
    const before = renderHook(() => useActionKey({ persistAs: 'register-slot:u1' }));
    await act(() => expect(before.result.current.send(values, server.fail)).rejects.toThrow('answer lost'));
    before.unmount();
    // The page is loaded again: nothing of the first page's memory is left, the tab's session storage is.
    const after = renderHook(() => useActionKey({ persistAs: 'register-slot:u1' }));
    await act(() => after.result.current.send(values, server.succeed));
    expect(server.sent[1]).toBe(server.sent[0]);
    // The answer arrived: the next registration of the same values is a new one.
    expect(after.result.current.keyFor(values)).not.toBe(server.sent[0]);
    // Another user in the same tab never shares a key, and the tab holds no values in clear.
    const other = renderHook(() => useActionKey({ persistAs: 'register-slot:u2' }));
    expect(other.result.current.keyFor(values)).not.toBe(after.result.current.keyFor(values));
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('캠핑의자');
  });
});
