import { createHash } from 'node:crypto';
import { rankAuthMessages } from '#shared/messages/rank-auth';
import { UnauthorizedError } from '#commons/errors';
import { rankWorkerKeysStore } from '../../storage/rank-worker-keys';

/**
 * The worker-route check, kept apart from key management so every API bundle that
 * imports the HTTP adapter carries only this. Keys are looked up by sha256 (see worker-keys.ts for
 * why not scrypt).
 */
export interface WorkerIdentity {
  keyId: string;
  name: string;
}

export const hashOf = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** When this process last wrote a key's lastUsedAt: at most one write a minute per key. */
const touchedAt = new Map<string, number>();
export const forgetKey = (keyHash: string) => touchedAt.delete(keyHash);
const TOUCH_EVERY_MS = 60_000;

/**
 * The one check of a worker route (functions/http/middleware/authenticate.ts): the key in `x-api-key` must exist
 * and not be revoked (401 otherwise). Read on every call (one GetItem), so a revoke holds at once.
 */
export async function authenticateWorker(key: string | undefined): Promise<WorkerIdentity> {
  if (!key) throw new UnauthorizedError(rankAuthMessages.workerKeyMissing);
  if (key.length > 200) throw new UnauthorizedError(rankAuthMessages.workerKeyUnknown);
  const keyHash = hashOf(key);
  const record = await rankWorkerKeysStore.byHash(keyHash);
  if (!record || record.revokedAt) throw new UnauthorizedError(rankAuthMessages.workerKeyUnknown);
  const now = Date.now();
  if ((touchedAt.get(keyHash) ?? 0) <= now - TOUCH_EVERY_MS) {
    touchedAt.set(keyHash, now);
    if (touchedAt.size > 1000) touchedAt.clear();
    await rankWorkerKeysStore.touch(keyHash, new Date(now).toISOString(), new Date(now - TOUCH_EVERY_MS).toISOString());
  }
  return { keyId: record.id, name: record.name };
}
