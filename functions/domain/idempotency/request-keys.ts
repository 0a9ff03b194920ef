import { commonMessages } from '#shared/messages/common';
import { IdempotencyMismatchError } from '#commons/errors';
import { fingerprintOf } from '#commons/fingerprint';
import { logger } from '#commons/logger';
import { requestKeysStore, type StoredAnswer } from '../../storage/idempotency';

export type { StoredAnswer };

/**
 * The Stripe rule, in one place for every keyed route: an Idempotency-Key belongs to the first
 * request that used it. Another request — other body, other path, other route — is refused with 422
 * before anything runs. The same request again gets the first one's successful answer (a client
 * that lost an answer hears it, instead of "already paused"); while the first is still running, or
 * after it failed, the same request runs again and its feature decides (the ledger's own keys keep
 * money exactly-once).
 */
export async function bindIdempotencyKey(input: {
  userId: string;
  key: string;
  routeKey: string;
  request: unknown;
}): Promise<{ replay?: StoredAnswer }> {
  const binding = { routeKey: input.routeKey, fingerprint: fingerprintOf(input.request) };
  const result = await requestKeysStore.bind(input.userId, input.key, binding);
  if (result.bound) return {};
  if (result.existing.routeKey !== binding.routeKey || result.existing.fingerprint !== binding.fingerprint) {
    throw new IdempotencyMismatchError(commonMessages.idempotencyKeyReused);
  }
  return { replay: result.existing.answer };
}

/** Keeps a keyed request's successful answer for its retries. The work is done: a failure here only costs the replay. */
export async function rememberAnswer(input: { userId: string; key: string; answer: StoredAnswer }): Promise<void> {
  await requestKeysStore
    .saveAnswer(input.userId, input.key, input.answer)
    .catch((error: unknown) => logger.warn('idempotent answer not kept', { error: error as Error }));
}
