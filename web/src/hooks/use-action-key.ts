import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '@/lib/api-client';

/**
 * One Idempotency-Key per intended action, for every call that moves money or creates records
 * (design §3). The form or dialog that sends the call holds it, so the key lives with the form's
 * values: submitting the same values again (a retry after a timeout, a dropped connection or a 5xx)
 * sends the same key and the server answers with the first result instead of acting twice; other
 * values are another action with their own key; after a success the next submit is a new action
 * even with the same values.
 */
export interface ActionKeys {
  /** The key for these values: the one they were last sent with (since the last success), else a new one. */
  keyFor: (values: unknown) => string;
  /** After a success: every later submit is a new action. */
  renew: () => void;
  /** `call` with the key of `values`; a success renews, a failure keeps the key for the retry. */
  send: <T>(values: unknown, call: (idempotencyKey: string) => Promise<T>) => Promise<T>;
}

/** Values → the same text for the same values, whatever order their keys were written in. */
function fingerprint(values: unknown): string {
  return JSON.stringify(values, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

export function useActionKey(): ActionKeys {
  // Every set of values tried since the last success keeps its key: going back to values that failed
  // with no answer (the server may have acted on them) is a retry of that very call, never a second one.
  const keys = useRef(new Map<string, string>());
  return useMemo(() => {
    const keyFor = (values: unknown) => {
      const print = fingerprint(values);
      let key = keys.current.get(print);
      if (!key) {
        key = newIdempotencyKey();
        keys.current.set(print, key);
      }
      return key;
    };
    const renew = () => keys.current.clear();
    return {
      keyFor,
      renew,
      async send<T>(values: unknown, call: (idempotencyKey: string) => Promise<T>) {
        const result = await call(keyFor(values));
        renew();
        return result;
      },
    };
  }, []);
}
