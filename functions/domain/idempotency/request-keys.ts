import { commonMessages } from '#shared/messages/common';
import { IdempotencyMismatchError } from '#commons/errors';
import { fingerprintOf } from '#commons/fingerprint';
import { requestKeysStore } from '../../storage/idempotency';

/**
 * The Stripe rule, in one place for every keyed route: an Idempotency-Key belongs to the first
 * request that used it. The same request again goes on (and its feature replays the first answer);
 * another request — other body, other path, other route — is refused with 422 before anything runs.
 */
export async function bindIdempotencyKey(input: { userId: string; key: string; routeKey: string; request: unknown }): Promise<void> {
  const binding = { routeKey: input.routeKey, fingerprint: fingerprintOf(input.request) };
  const result = await requestKeysStore.bind(input.userId, input.key, binding);
  if (result.bound) return;
  if (result.existing.routeKey !== binding.routeKey || result.existing.fingerprint !== binding.fingerprint) {
    throw new IdempotencyMismatchError(commonMessages.idempotencyKeyReused);
  }
}
