import { accessMessages } from '#shared/messages/access';
import { UnauthorizedError } from '#commons/errors';
import { accountKey, callerStatusStore, sessionKey, type StatusItem } from '../../storage/caller-status';
import type { Caller } from './tokens';

/**
 * An access token says who the caller was when it was issued (up to 15 minutes ago). Every signed-in
 * request, reads included, and every WebSocket `$connect` and staff push is checked against what
 * the records say NOW, so a deactivation, demotion or logout takes effect at once:
 * - the account exists, is active and not deleted, and its CURRENT role is the caller's role (a
 *   demoted operator's old token acts as a user: staff routes answer 403);
 * - the token's session (refresh family, the `sid` claim) is live: logout, switch-back, a password
 *   change, a deactivation or a demotion revoke it, and its access tokens stop with it;
 * - for a developer acting through user-switch, the developer is still an active developer.
 *
 * Cost: one BatchGetItem of two or three small projected items. Reads use a copy cached in this
 * Lambda instance for CALLER_STATUS_CACHE_MS, so a change reaches every reader within that bound;
 * writes (and `$connect`, whose socket lives for hours) read consistently past the cache, so a
 * change stops them at once.
 */
export const CALLER_STATUS_CACHE_MS = 5_000;
/** Far more than one instance serves in 5 s; beyond it the cache starts over. */
const MAX_CACHED = 10_000;
const cache = new Map<string, { item: StatusItem | null; until: number }>();

/** The items of these keys: from the cache where fresh (never with `fresh`), the rest in one read. */
async function statusOf(pks: string[], fresh: boolean): Promise<Map<string, StatusItem | null>> {
  const now = Date.now();
  const found = new Map<string, StatusItem | null>();
  for (const pk of pks) {
    const hit = cache.get(pk);
    if (!fresh && hit && hit.until > now) found.set(pk, hit.item);
  }
  const missing = pks.filter((pk) => !found.has(pk));
  if (missing.length) {
    const read = new Map((await callerStatusStore.read(missing, fresh)).map((i) => [i.PK, i]));
    if (cache.size > MAX_CACHED) cache.clear();
    for (const pk of missing) {
      found.set(pk, read.get(pk) ?? null);
      cache.set(pk, { item: read.get(pk) ?? null, until: now + CALLER_STATUS_CACHE_MS });
    }
  }
  return found;
}

/**
 * This instance stops trusting its copy of these sessions at once (they were just ended here); other
 * instances' copies run out within CALLER_STATUS_CACHE_MS.
 */
export function forgetSessions(sessionIds: string[]): void {
  for (const id of sessionIds) cache.delete(sessionKey(id));
}

const live = (a: StatusItem | null | undefined): a is StatusItem => !!a?.isActive && !a.deletedAt;

/**
 * The caller as it stands now, or null when it may no longer act. `actorOnly` (switch-back): the user
 * acted as may have been deactivated meanwhile; the session and the acting developer must still live.
 */
function judge(caller: Caller, found: Map<string, StatusItem | null>, actorOnly = false): Caller | null {
  const session = found.get(sessionKey(caller.sessionId));
  if (
    !caller.sessionId ||
    !session ||
    session.revoked ||
    Date.parse(session.expiresAt ?? '') <= Date.now() ||
    session.userId !== caller.userId ||
    (session.actorId ?? null) !== caller.actorId
  )
    return null;
  const actor = caller.actorId ? found.get(accountKey(caller.actorId)) : null;
  if (caller.actorId && !(live(actor) && actor.role === 'developer')) return null;
  const account = found.get(accountKey(caller.userId));
  if (live(account)) return { ...caller, role: account.role!, ...(session.enrolmentOnly && { enrolmentOnly: true }) };
  return actorOnly && caller.actorId ? caller : null;
}

const keysOf = (callers: Caller[]) => [
  ...new Set(
    callers.flatMap((c) => [
      accountKey(c.userId),
      ...(c.sessionId ? [sessionKey(c.sessionId)] : []),
      ...(c.actorId ? [accountKey(c.actorId)] : []),
    ]),
  ),
];

/**
 * The caller with its current role; a 401 (the session-expired text) when its account, session or
 * acting developer has ended. `fresh`: read consistently, past the cache (writes, `$connect`).
 */
export async function currentCaller(
  caller: Caller,
  opts: { fresh?: boolean; actorOnly?: boolean } = {},
): Promise<Caller> {
  const now = judge(caller, await statusOf(keysOf([caller]), !!opts.fresh), opts.actorOnly);
  if (!now) throw new UnauthorizedError(accessMessages.sessionExpired);
  return now;
}

/** Many callers (a page of staff connections), one read for what is not cached: each as it stands now, or null. */
export async function currentCallers(callers: Caller[]): Promise<Array<Caller | null>> {
  const found = await statusOf(keysOf(callers), false);
  return callers.map((c) => judge(c, found));
}
