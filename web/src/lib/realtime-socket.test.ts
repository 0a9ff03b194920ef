import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeSocket, reconnectDelay, type RealtimeDeps } from './realtime-socket';
import { FakeWebSocket } from './testing/fake-websocket';

/** A JWT-shaped token whose payload carries `exp` (seconds). */
const token = (name: string, expSeconds = Math.floor(Date.now() / 1000) + 900) =>
  `h.${btoa(JSON.stringify({ sub: name, exp: expSeconds })).replace(/=+$/, '')}.s`;

let current: string | null;
let tokenListeners: Set<() => void>;
let refreshes: number;
let restore: () => void;

function makeSocket(overrides: Partial<RealtimeDeps> = {}) {
  return new RealtimeSocket({
    createSocket: (url) => new WebSocket(url),
    getToken: () => current,
    refreshToken: async () => {
      refreshes += 1;
    },
    subscribeToken: (listener) => {
      tokenListeners.add(listener);
      return () => tokenListeners.delete(listener);
    },
    now: () => Date.now(),
    ...overrides,
  });
}

const setToken = (next: string | null) => {
  current = next;
  for (const listener of tokenListeners) listener();
};

beforeEach(() => {
  vi.useFakeTimers();
  restore = FakeWebSocket.install();
  current = token('u1');
  tokenListeners = new Set();
  refreshes = 0;
});
afterEach(() => {
  restore();
  vi.useRealTimers();
});

describe('realtime socket', () => {
  it('opens one same-origin /ws socket with the access token while a lease is held, and closes with the last lease', async () => {
    const socket = makeSocket();
    const releaseA = socket.acquire();
    const releaseB = socket.acquire();
    expect(FakeWebSocket.instances).toHaveLength(1);
    const ws = FakeWebSocket.latest()!;
    expect(ws.url).toBe(`ws://${window.location.host}/ws?token=${encodeURIComponent(current!)}`);
    expect(socket.getStatus()).toBe('closed');
    ws.serverOpen();
    expect(socket.getStatus()).toBe('open');
    releaseA();
    expect(ws.closedByClient).toBe(false);
    releaseB();
    await Promise.resolve();
    expect(ws.closedByClient).toBe(true);
    expect(socket.getStatus()).toBe('closed');
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('keeps the socket when the last holder lets go and takes it again in the same task (a remount)', async () => {
    const socket = makeSocket();
    const first = socket.acquire();
    const ws = FakeWebSocket.latest()!;
    ws.serverOpen();
    first();
    const second = socket.acquire();
    await Promise.resolve();
    expect(FakeWebSocket.instances).toEqual([ws]);
    expect(ws.closedByClient).toBe(false);
    expect(socket.getStatus()).toBe('open');
    second();
    await Promise.resolve();
    expect(ws.closedByClient).toBe(true);
    // Signed in again later: the released socket listens to the session no more.
    setToken(token('u2'));
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(tokenListeners.size).toBe(0);
  });

  it('hands pushed messages to the subscribers of their type and ignores junk', () => {
    const socket = makeSocket();
    socket.acquire();
    const ws = FakeWebSocket.latest()!;
    ws.serverOpen();
    const got: unknown[] = [];
    const all: string[] = [];
    const off = socket.subscribe('new_notification', (data) => got.push(data));
    socket.subscribeAll((m) => all.push(m.type));
    ws.serverPush({ type: 'new_notification', data: { id: 'n1' } });
    ws.serverPush({ type: 'unread_count', data: { count: 2 } });
    ws.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    off();
    ws.serverPush({ type: 'new_notification', data: { id: 'n2' } });
    expect(got).toEqual([{ id: 'n1' }]);
    expect(all).toEqual(['new_notification', 'unread_count', 'new_notification']);
  });

  it('reconnects after a drop with a 1 s → 5 s backoff, and starts over once connected', () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
    const socket = makeSocket();
    socket.acquire();
    FakeWebSocket.latest()!.serverClose();
    for (const wait of [1000, 2000, 4000, 5000, 5000]) {
      const before = FakeWebSocket.instances.length;
      vi.advanceTimersByTime(wait - 1);
      expect(FakeWebSocket.instances).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
      FakeWebSocket.latest()!.serverClose();
    }
    // A successful connect resets the delay to 1 s.
    vi.advanceTimersByTime(5000);
    FakeWebSocket.latest()!.serverOpen();
    const count = FakeWebSocket.instances.length;
    FakeWebSocket.latest()!.serverClose();
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(count + 1);
  });

  it('reconnects at once with the fresh token after a token refresh', () => {
    const socket = makeSocket();
    socket.acquire();
    const first = FakeWebSocket.latest()!;
    first.serverOpen();
    const fresh = token('u1-refreshed');
    setToken(fresh);
    expect(first.closedByClient).toBe(true);
    expect(FakeWebSocket.latest()!.token).toBe(fresh);
    // Signed out: nothing opens.
    setToken(null);
    vi.advanceTimersByTime(20_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('refreshes an expired token before connecting instead of knocking with it', async () => {
    current = token('old', Math.floor(Date.now() / 1000) - 10);
    const socket = makeSocket({
      refreshToken: async () => {
        refreshes += 1;
        setToken(token('new'));
      },
    });
    socket.acquire();
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes).toBe(1);
    expect(FakeWebSocket.instances.map((ws) => ws.token)).toEqual([current]);
  });

  it('send works only while open', () => {
    const socket = makeSocket();
    socket.acquire();
    expect(socket.send({ action: 'ping' })).toBe(false);
    FakeWebSocket.latest()!.serverOpen();
    expect(socket.send({ action: 'ping' })).toBe(true);
    expect(FakeWebSocket.latest()!.sent).toEqual(['{"action":"ping"}']);
  });
});
