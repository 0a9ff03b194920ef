import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '@/lib/api-client';

/**
 * One Idempotency-Key per intended money action, held by the form or dialog that sends it. Submitting
 * the same values again (a retry after a timeout, a network error or a 5xx) sends the same key, so the
 * server answers with the first result instead of acting twice; other values get their own key, and
 * after a success `renew()` makes the next submit a new action even with the same values.
 */
export interface IdempotencyKeys {
  /** The key for these values: the one they were sent with before (since the last success), else a new one. */
  keyFor: (values: unknown) => string;
  /** Call after a success: the next submit is a new action. */
  renew: () => void;
}

export function useIdempotencyKey(): IdempotencyKeys {
  // Every set of values tried since the last success keeps its key: going back to values that failed
  // with no answer (the server may have acted on them) is a retry of that very call.
  const keys = useRef(new Map<string, string>());
  return useMemo(
    () => ({
      keyFor(values) {
        const fingerprint = JSON.stringify(values);
        let key = keys.current.get(fingerprint);
        if (!key) {
          key = newIdempotencyKey();
          keys.current.set(fingerprint, key);
        }
        return key;
      },
      renew() {
        keys.current.clear();
      },
    }),
    [],
  );
}
