import { useMemo, useRef } from 'react';
import { ApiError, newIdempotencyKey } from '@/lib/api-client';

/**
 * One Idempotency-Key per intended action, for every call that moves money or creates records, so a
 * retry never acts twice. The form or dialog that sends the call holds it, so the key lives with the
 * form's values: submitting the same values again (a retry after a timeout, a dropped connection or a 5xx)
 * sends the same key and the server answers with the first result instead of acting twice; other
 * values are another action with their own key. A definitive answer ends the intent: after a success
 * the next submit is a new action even with the same values, and after a refusal (4xx: nothing was
 * done) the same values get a new key too, so fixing the cause and trying again is not answered
 * with the old refusal.
 *
 * `persistAs` keeps the keys in this tab's session storage until the answer arrives, so a reload
 * after a lost answer and the same values entered again are still that one action. Callers pass the
 * values as the server will read them (registration: `registrationIntent`, the shared field rules),
 * so a stray space is not another action either.
 */
export interface ActionKeys {
  /** The key for these values: the one they were last sent with (since the last success), else a new one. */
  keyFor: (values: unknown) => string;
  /** After a success: every later submit is a new action. */
  renew: () => void;
  /**
   * `call` with the key of `values`; a success renews, a refusal (4xx) drops that values' key, any
   * other failure (no answer, 5xx) keeps the key for the retry.
   */
  send: <T>(values: unknown, call: (idempotencyKey: string) => Promise<T>) => Promise<T>;
}

export interface ActionKeyOptions {
  /** Session-storage name of the keys (one per form and user): they survive a reload of the tab. */
  persistAs?: string;
}

/** Values → the same text for the same values, whatever order their keys were written in. */
function fingerprint(values: unknown): string {
  return JSON.stringify(values, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/**
 * A short digest of a fingerprint (53-bit, two multiplicative hashes): what session storage holds
 * instead of the values themselves, so a 1,000-row bulk or the advertiser's keywords are not copied there.
 */
function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * A stored key older than this is not reused: the same values a day later are a new intent (a
 * forgotten lost answer must not swallow a registration made on purpose much later).
 */
const STORED_KEY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface KeyStore {
  get(print: string): string | undefined;
  set(print: string, key: string): void;
  drop(print: string): void;
  clear(): void;
}

function memoryStore(): KeyStore {
  const keys = new Map<string, string>();
  return {
    get: (print) => keys.get(print),
    set: (print, key) => void keys.set(print, key),
    drop: (print) => void keys.delete(print),
    clear: () => keys.clear(),
  };
}

type Stored = Record<string, { key: string; at: number }>;

function sessionStore(name: string): KeyStore {
  const item = `action-keys:${name}`;
  const read = (): Stored => {
    try {
      const parsed = JSON.parse(sessionStorage.getItem(item) ?? '{}') as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Stored) : {};
    } catch {
      return {};
    }
  };
  const write = (stored: Stored) => {
    try {
      if (Object.keys(stored).length) sessionStorage.setItem(item, JSON.stringify(stored));
      else sessionStorage.removeItem(item);
    } catch {
      // Storage full or blocked: the key still lives for this page, as it did before it was stored.
    }
  };
  const memory = memoryStore();
  return {
    get(print) {
      const entry = read()[digest(print)];
      if (entry && typeof entry.key === 'string' && Date.now() - entry.at < STORED_KEY_MAX_AGE_MS) return entry.key;
      return memory.get(print);
    },
    set(print, key) {
      memory.set(print, key);
      const now = Date.now();
      const kept = Object.entries(read()).filter(([, e]) => now - e.at < STORED_KEY_MAX_AGE_MS);
      write({ ...Object.fromEntries(kept), [digest(print)]: { key, at: now } });
    },
    drop(print) {
      memory.drop(print);
      const { [digest(print)]: _dropped, ...rest } = read();
      void _dropped;
      write(rest);
    },
    clear() {
      memory.clear();
      write({});
    },
  };
}

/** The server answered and refused: nothing was done, so the intent is over. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

export function useActionKey(options: ActionKeyOptions = {}): ActionKeys {
  const { persistAs } = options;
  // Every set of values tried since the last success keeps its key: going back to values that failed
  // with no answer (the server may have acted on them) is a retry of that very call, never a second one.
  const memory = useRef<KeyStore | null>(null);
  return useMemo(() => {
    const store = persistAs ? sessionStore(persistAs) : (memory.current ??= memoryStore());
    const printOf = fingerprint;
    const keyFor = (values: unknown) => {
      const print = printOf(values);
      let key = store.get(print);
      if (!key) {
        key = newIdempotencyKey();
        store.set(print, key);
      }
      return key;
    };
    const renew = () => store.clear();
    return {
      keyFor,
      renew,
      async send<T>(values: unknown, call: (idempotencyKey: string) => Promise<T>) {
        let result: T;
        try {
          result = await call(keyFor(values));
        } catch (error) {
          if (isRefusal(error)) store.drop(printOf(values));
          throw error;
        }
        renew();
        return result;
      },
    };
  }, [persistAs]);
}
