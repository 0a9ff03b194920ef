import { createHash, randomUUID } from 'node:crypto';
import { commonMessages } from '#shared/messages/common';
import { ConflictError, IdempotencyMismatchError } from '#commons/errors';
import { fingerprintOf } from '#commons/fingerprint';
import { logger } from '#commons/logger';
import { requestKeysStore, type StoredAnswer } from '../../storage/idempotency';

export type { StoredAnswer };

/**
 * How long a request's pending mark lasts unless renewed. The request renews it every 3 s while it runs
 * (`keepHolding`: most requests end before the first renewal, and a stalled process still has 3 s of
 * margin), so a duplicate never runs beside it; once it ends without settling its key (its release
 * refused by a busy store, or the function killed), a waiting retry takes the key over within this.
 */
const KEY_LEASE_MS = 6_000;
const RENEW_EVERY_MS = 3_000;
/** How long a duplicate waits for the first request's answer before it answers "still running". */
export const KEY_WAIT_MS = 10_000;
const POLL_FIRST_MS = 50;
const POLL_MAX_MS = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The key a feature records for a caller's `Idempotency-Key`: scoped to the caller, so the same header
 * from two staff members is two keys and one never hears the other's answer, and of one fixed length,
 * so it fits every store key built from it.
 */
export const callerScopedKey = (scope: string, key: string): string =>
  `K${createHash('sha256').update(`${scope}\u0000${key}`).digest('base64url')}`;

export interface KeyedRequest {
  userId: string;
  key: string;
  routeKey: string;
  request: unknown;
}

/** Either the first answer to send again, or this request now holds the key and runs. */
export type KeyTurn = { replay: StoredAnswer; holder?: undefined } | { holder: string; replay?: undefined };

/**
 * The Stripe rule, in one place for every keyed route: an Idempotency-Key belongs to the first
 * request that used it. Another request — other body, other path, other route — is refused with 422
 * before anything runs. The same request again gets the first one's successful answer (a client
 * that lost an answer hears it, instead of "already paused"). While the first is still running a
 * duplicate waits for that answer (up to `waitMs`, then a 409 saying it is still being processed);
 * after the first failed, or died without finishing (its lease ran out), the same request runs again.
 */
export async function bindIdempotencyKey(
  input: KeyedRequest,
  opts: { waitMs?: number; leaseMs?: number } = {},
): Promise<KeyTurn> {
  const { waitMs = KEY_WAIT_MS, leaseMs = KEY_LEASE_MS } = opts;
  const binding = { routeKey: input.routeKey, fingerprint: fingerprintOf(input.request) };
  const waitUntil = Date.now() + waitMs;
  let pause = POLL_FIRST_MS;
  for (;;) {
    const mine = { holder: randomUUID(), pendingUntil: Date.now() + leaseMs };
    const result = await requestKeysStore.bind(input.userId, input.key, { ...binding, ...mine });
    if (result.bound) return { holder: mine.holder };
    let existing: typeof result.existing | undefined = result.existing;
    while (existing) {
      if (existing.routeKey !== binding.routeKey || existing.fingerprint !== binding.fingerprint)
        throw new IdempotencyMismatchError(commonMessages.idempotencyKeyReused);
      if (existing.answer) return { replay: existing.answer };
      const now = Date.now();
      if (!existing.holder || (existing.pendingUntil ?? 0) <= now) {
        mine.pendingUntil = now + leaseMs;
        if (await requestKeysStore.takeOver(input.userId, input.key, existing, mine)) return { holder: mine.holder };
      } else {
        if (now >= waitUntil) throw new ConflictError(commonMessages.requestInProgress);
        await sleep(Math.min(pause, waitUntil - now));
        pause = Math.min(pause * 2, POLL_MAX_MS);
      }
      // Gone: the first request failed and released the key, so this one binds it afresh.
      existing = await requestKeysStore.get(input.userId, input.key);
    }
  }
}

/**
 * Renews the pending mark of a running request every 3 s until `stop` is called (when it answers)
 * or `until` (its invocation's deadline) passes: a frozen and thawed function never keeps a dead
 * request's key alive. A renewal that fails is left: the mark then lapses, as for a dead request.
 */
export function keepHolding(
  input: { userId: string; key: string; holder: string },
  until: number,
  leaseMs = KEY_LEASE_MS,
): () => void {
  const timer = setInterval(() => {
    if (Date.now() >= until) return clearInterval(timer);
    requestKeysStore
      .renew(input.userId, input.key, input.holder, Date.now() + leaseMs)
      .then((held) => {
        if (!held) clearInterval(timer);
      })
      .catch((error: unknown) => logger.debug('idempotency key not renewed', { error: error as Error }));
  }, RENEW_EVERY_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}

/**
 * Ends a keyed request: a successful answer that may be sent again is kept for its retries; otherwise
 * (a failure, or an answer carrying a secret or a session) the key is released and the same request
 * may run again. The work is done either way: a failure here only costs the replay.
 */
export async function finishKeyedRequest(
  input: { userId: string; key: string; holder: string },
  answer: StoredAnswer | undefined,
): Promise<void> {
  await (
    answer
      ? requestKeysStore.saveAnswer(input.userId, input.key, answer)
      : requestKeysStore.release(input.userId, input.key, input.holder)
  ).catch((error: unknown) => logger.warn('idempotency key not settled', { error: error as Error }));
}
