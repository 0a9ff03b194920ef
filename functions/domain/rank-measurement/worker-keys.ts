import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { rankMessages } from '#shared/messages/rank';
import type { WorkerKeyDto } from '#shared/schemas/rank';
import { assertDeveloper } from '#commons/role-guards';
import { NotFoundError } from '#commons/errors';
import { rankWorkerKeysStore, type RankWorkerKeyRecord } from '../../storage/rank-worker-keys';
import type { Caller } from '../auth/tokens';
import { forgetKey, hashOf } from './worker-auth';

export type { WorkerIdentity } from './worker-auth';

/**
 * Rank-check worker API keys. A key is `rk_` + 32 random bytes (base64url); only
 * its sha256 is stored. Why not scrypt like passwords: scrypt slows down guessing of low-entropy
 * secrets people choose; a 256-bit random key cannot be guessed, so a slow hash would only add
 * ~50 ms and a lot of memory to every worker call while protecting nothing more. sha256 also lets a
 * request find its key with one GetItem on the hash.
 */
export type WorkerKeyView = WorkerKeyDto;

const view = (r: RankWorkerKeyRecord): WorkerKeyView => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.createdAt,
  lastUsedAt: r.lastUsedAt ?? null,
  revokedAt: r.revokedAt ?? null,
});

/** POST /rank/worker-keys: the key is in this answer and nowhere else, ever. */
export async function createWorkerKey(caller: Caller, input: { name: string }) {
  assertDeveloper(caller);
  const key = `rk_${randomBytes(32).toString('base64url')}`;
  const record: RankWorkerKeyRecord = {
    id: ulid(),
    name: input.name,
    prefix: key.slice(0, 10),
    keyHash: hashOf(key),
    createdAt: new Date().toISOString(),
    createdBy: caller.actorId ?? caller.userId,
    lastUsedAt: null,
    revokedAt: null,
  };
  await rankWorkerKeysStore.put(record);
  return { id: record.id, name: record.name, key, prefix: record.prefix, createdAt: record.createdAt };
}

export async function listWorkerKeys(caller: Caller): Promise<{ items: WorkerKeyView[] }> {
  assertDeveloper(caller);
  return { items: (await rankWorkerKeysStore.list()).map(view) };
}

/** DELETE /rank/worker-keys/{id}: the key stops working at once (the record stays, marked revoked). */
export async function revokeWorkerKey(caller: Caller, keyId: string): Promise<WorkerKeyView> {
  assertDeveloper(caller);
  const record = (await rankWorkerKeysStore.list()).find((r) => r.id === keyId);
  if (!record) throw new NotFoundError(rankMessages.workerKeyNotFound);
  const at = new Date().toISOString();
  const revoked = await rankWorkerKeysStore.revoke(record.keyHash, at, caller.actorId ?? caller.userId);
  forgetKey(record.keyHash);
  return view(revoked ? { ...record, revokedAt: at } : ((await rankWorkerKeysStore.byHash(record.keyHash)) ?? record));
}
