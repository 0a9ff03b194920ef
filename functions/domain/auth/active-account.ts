import { authMessages } from '#shared/messages/auth';
import { UnauthorizedError } from '#commons/errors';
import { usersStore } from '../../storage/users';
import type { Caller } from './tokens';

/**
 * A write must come from an account that is active NOW, not merely when its access token was issued
 * (up to 15 minutes ago): an operator's deactivation or delete, or a role change, ends the caller's
 * writes at once. Reads the user record consistently, and for a developer acting through user-switch
 * the developer too. The HTTP adapter calls this before every signed-in non-GET route.
 */
export async function assertActiveAccount(caller: Caller): Promise<void> {
  const [user, actor] = await Promise.all([
    usersStore.get(caller.userId, { consistent: true }),
    caller.actorId ? usersStore.get(caller.actorId, { consistent: true }) : undefined,
  ]);
  const live = !!user && user.isActive && !user.deletedAt && user.role === caller.role;
  const actorLive = !caller.actorId || (!!actor && actor.isActive && !actor.deletedAt && actor.role === 'developer');
  if (!live || !actorLive) throw new UnauthorizedError(authMessages.sessionExpired);
}

/**
 * Switch-back is the one write a switched session needs even when the user it acts as was
 * deactivated meanwhile: it ends that session and checks the developer itself.
 */
export async function assertActiveActor(caller: Caller): Promise<void> {
  if (!caller.actorId) return assertActiveAccount(caller);
  const actor = await usersStore.get(caller.actorId, { consistent: true });
  if (!actor || !actor.isActive || actor.deletedAt || actor.role !== 'developer')
    throw new UnauthorizedError(authMessages.sessionExpired);
}
