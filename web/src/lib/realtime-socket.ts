import { useSyncExternalStore } from 'react';
import { refreshSession } from './api-client';
import { getAccessToken, subscribeSession } from './session-store';

/**
 * The app's one realtime socket: same-origin `/ws?token=<access token>`, server pushes
 * `{ type, data }`. Shared infrastructure: notifications use it now, chat later. The app decides who
 * connects (role users only for notifications) by holding a lease (`acquireRealtime`); the socket
 * lives while any lease is held. Reconnects without limit, waiting 1 s up to 5 s, and
 * opens with a fresh token after the session's token changes, because the server checks the token
 * only at connect.
 */
export type RealtimeStatus = 'open' | 'closed';
export interface RealtimeMessage<T = unknown> {
  type: string;
  data: T;
  /** A push may carry more beside `data` (a `new_notification` its recipient's `unread` count): handlers read it here. */
  [field: string]: unknown;
}
type Handler<T = unknown> = (data: T, message: RealtimeMessage<T>) => void;

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 5_000;
/** A token this close to its expiry is refreshed before a connect (the server would refuse it). */
const EXPIRY_MARGIN_MS = 30_000;

/** The delay before reconnect attempt n (0-based): 1 s, 2 s, 4 s, then 5 s. */
export const reconnectDelay = (attempt: number) => Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);

function realtimeUrl(token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`;
}

/** The `exp` of a JWT in ms, or null when it cannot be read (then the server decides). */
function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

export interface RealtimeDeps {
  createSocket: (url: string) => WebSocket;
  getToken: () => string | null;
  refreshToken: () => Promise<unknown>;
  subscribeToken: (listener: () => void) => () => void;
  now: () => number;
}

export class RealtimeSocket {
  private socket: WebSocket | null = null;
  private socketToken: string | null = null;
  private leases = 0;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribeToken: (() => void) | null = null;
  private status: RealtimeStatus = 'closed';
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly anyHandlers = new Set<(message: RealtimeMessage) => void>();
  private readonly statusListeners = new Set<() => void>();
  /** Connects made in this page's life (diagnostics). */
  connects = 0;

  constructor(private readonly deps: RealtimeDeps) {}

  /**
   * Holds the socket open until the returned release is called (leases are counted). The last release
   * shuts down at the end of the task: a holder that remounts at once (StrictMode's second effect run,
   * a keyed remount) keeps the same socket instead of aborting one and opening another.
   */
  acquire(): () => void {
    this.leases += 1;
    if (this.leases === 1) {
      this.unsubscribeToken ??= this.deps.subscribeToken(() => this.onTokenChange());
      this.connect();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.leases -= 1;
      if (this.leases === 0) queueMicrotask(() => this.leases === 0 && this.shutDown());
    };
  }

  /** `handler` runs for every pushed message of `type`; returns the unsubscribe. */
  subscribe<T = unknown>(type: string, handler: Handler<T>): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  /** Every pushed message, whatever its type (diagnostics). */
  subscribeAll(handler: (message: RealtimeMessage) => void): () => void {
    this.anyHandlers.add(handler);
    return () => this.anyHandlers.delete(handler);
  }

  /** Sends a JSON message when open; false when the socket is down. */
  send(message: Record<string, unknown>): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  getStatus = (): RealtimeStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  private setStatus(next: RealtimeStatus) {
    if (this.status === next) return;
    this.status = next;
    for (const listener of this.statusListeners) listener();
  }

  private onTokenChange() {
    const token = this.deps.getToken();
    if (token === this.socketToken) return;
    if (!token) {
      // Signed out: nothing to connect with until a lease holder lets go or a new session arrives.
      this.closeSocket();
      this.clearTimer();
      return;
    }
    // A refreshed token or another user (switch-user): the open socket speaks for the old token.
    this.closeSocket();
    this.attempt = 0;
    this.clearTimer();
    this.connect();
  }

  private connect() {
    if (this.leases === 0 || this.socket) return;
    const token = this.deps.getToken();
    if (!token) return;
    const expiry = tokenExpiry(token);
    if (expiry !== null && expiry - this.deps.now() < EXPIRY_MARGIN_MS) {
      // The refresh changes the token, which connects (onTokenChange); a failed refresh retries later.
      void this.deps
        .refreshToken()
        .catch(() => undefined)
        .finally(() => {
          if (this.deps.getToken() === token) this.scheduleReconnect();
        });
      return;
    }
    this.openWith(token);
  }

  private openWith(token: string) {
    let socket: WebSocket;
    try {
      socket = this.deps.createSocket(realtimeUrl(token));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.socketToken = token;
    this.connects += 1;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setStatus('open');
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      this.dispatch(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus('closed');
      this.scheduleReconnect();
    };
    // An error is always followed by close; nothing to do here but keep it from surfacing.
    socket.onerror = () => undefined;
  }

  private dispatch(raw: unknown) {
    if (typeof raw !== 'string') return;
    let message: RealtimeMessage;
    try {
      message = JSON.parse(raw) as RealtimeMessage;
    } catch {
      return;
    }
    if (!message || typeof message.type !== 'string') return;
    for (const handler of this.anyHandlers) handler(message);
    for (const handler of this.handlers.get(message.type) ?? []) handler(message.data, message);
  }

  private scheduleReconnect() {
    if (this.leases === 0 || this.timer) return;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private closeSocket() {
    const socket = this.socket;
    this.socket = null;
    this.socketToken = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null;
      socket.close(1000);
    }
    this.setStatus('closed');
  }

  private shutDown() {
    this.unsubscribeToken?.();
    this.unsubscribeToken = null;
    this.clearTimer();
    this.attempt = 0;
    this.closeSocket();
  }
}

export const realtime = new RealtimeSocket({
  createSocket: (url) => new WebSocket(url),
  getToken: getAccessToken,
  refreshToken: refreshSession,
  subscribeToken: subscribeSession,
  now: () => Date.now(),
});

/** Holds the shared socket open while the caller is mounted (call from an effect; returns the release). */
export const acquireRealtime = () => realtime.acquire();

export const subscribeRealtime = <T = unknown>(type: string, handler: Handler<T>) => realtime.subscribe(type, handler);

/** 'open' while the socket is up: features poll only while it is 'closed'. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(realtime.subscribeStatus, realtime.getStatus, realtime.getStatus);
}
