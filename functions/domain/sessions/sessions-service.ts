import { sessionMessages } from '#shared/messages/sessions';
import type { EndedSessions, SessionDto } from '#shared/schemas/sessions';
import { assertStaff } from '#commons/role-guards';
import { ForbiddenError, NotFoundError } from '#commons/errors';
import { sessionsStore, type RefreshFamily } from '../../storage/sessions';
import type { Caller } from '../auth/tokens';
import { forgetSessions } from '../auth/active-account';
import { closeSockets } from '../realtime/close-sockets';
import { liveUser } from '../users/admin-changes';

/**
 * The sessions of an account as their owner sees and ends them, and the operator's "end every
 * session" of a customer. A session is a refresh family: ending it revokes the family, so its
 * refresh token stops at once and its access tokens stop at their next request (every request
 * checks the session: auth/active-account.ts), and its open sockets are closed.
 */

const toDto = (f: RefreshFamily, caller: Caller): SessionDto => ({
  id: f.familyId,
  userAgent: f.userAgent ?? '',
  ip: f.lastIp || f.ip || null,
  signedInAt: f.createdAt,
  lastUsedAt: f.lastUsedAt ?? null,
  expiresAt: f.expiresAt,
  current: f.familyId === caller.sessionId,
  developerSwitch: !!f.actorId,
});

const lastSeen = (s: SessionDto) => s.lastUsedAt ?? s.signedInAt;

/** The caller's account's live sessions: the current one first, then the most recently used. */
export async function listOwnSessions(caller: Caller): Promise<SessionDto[]> {
  const families = await sessionsStore.liveFamiliesOf(caller.userId);
  return families
    .map((f) => toDto(f, caller))
    .sort((a, b) => Number(b.current) - Number(a.current) || lastSeen(b).localeCompare(lastSeen(a)));
}

/**
 * Ends one session of the caller's own account. An id of another account's session, or one already
 * ended, is "not found" and nothing changes: the owner is part of the write's condition.
 */
export async function endOwnSession(caller: Caller, sessionId: string): Promise<EndedSessions> {
  if (!(await sessionsStore.endFamilyOf(caller.userId, sessionId))) throw new NotFoundError(sessionMessages.notFound);
  forgetSessions([sessionId]);
  await closeSockets(caller.userId, { sessionIds: [sessionId] });
  return { ended: 1 };
}

/** Ends every session of the caller's account but the one this request came with. */
export async function endOtherOwnSessions(caller: Caller): Promise<EndedSessions> {
  const ended = await sessionsStore.revokeOtherFamilies(caller.userId, caller.sessionId);
  forgetSessions(ended);
  await closeSockets(caller.userId, { keepSessionId: caller.sessionId });
  return { ended: ended.length };
}

/**
 * An operator ends every session of a customer (a phished or shared password). The rules of the
 * other user writes: staff only, only a developer touches a developer's account, and not one's own
 * (내 정보 does that, keeping the session in hand). A developer acting as the customer keeps that
 * session (their way back), as with a deactivation or a password reset.
 */
export async function endUserSessions(caller: Caller, userId: string): Promise<EndedSessions> {
  assertStaff(caller);
  const target = await liveUser(userId);
  if (target.id === caller.userId) throw new ForbiddenError(sessionMessages.endOwnHere);
  if (target.role === 'developer' && caller.role !== 'developer')
    throw new ForbiddenError(sessionMessages.developerOnly);
  const ended = await sessionsStore.revokeOtherFamilies(userId, '', { keepSwitchSessions: true });
  forgetSessions(ended);
  await closeSockets(userId, { sessionIds: ended });
  return { ended: ended.length };
}
