import { CALLER_STATUS_ATTRIBUTES } from '#shared/caller-status';
import type { Role } from '#shared/roles';
import { batchGetAll } from './item-io';
import { keys } from './keys';

/**
 * The few attributes that say whether a signed-in caller still may act: the account's role and
 * active flag (user item), its session's revocation and expiry (refresh-family item). Read together
 * in ONE BatchGetItem with a projection, so a request pays one small read, and the internet-facing
 * WebSocket function may read exactly these attributes (its IAM policy lists them:
 * infra/stacks/realtime-stack.ts), never a password hash: shared/caller-status.ts lists them.
 */
export interface StatusItem {
  PK: string;
  // user item
  role?: Role;
  isActive?: boolean;
  deletedAt?: string | null;
  // refresh-family item
  userId?: string;
  actorId?: string | null;
  revoked?: boolean;
  expiresAt?: string;
  enrolmentOnly?: boolean;
}

/** Where an account's and a session's status live (the partition key, also the cache key). */
export const accountKey = (userId: string) => keys.user(userId).PK;
export const sessionKey = (familyId: string) => keys.refreshFamily(familyId).PK;

const keyOf = (pk: string) =>
  (pk.startsWith(sessionKey('')) ? keys.refreshFamily : keys.user)(pk.slice(pk.indexOf('#') + 1));

export const callerStatusStore = {
  /** The items of these partition keys (absent ones are left out); `consistent` for a decision on a write. */
  async read(pks: string[], consistent: boolean): Promise<StatusItem[]> {
    const items = await batchGetAll(pks.map(keyOf), { consistent, attributes: CALLER_STATUS_ATTRIBUTES });
    return items as unknown as StatusItem[];
  },
};
