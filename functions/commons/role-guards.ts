import { accessMessages } from '#shared/messages/access';
import { isStaff, type Role } from '#shared/roles';
import { ForbiddenError } from './errors';

/**
 * Role checks inside the domain, behind the route table's guard (every domain function checks the
 * caller's role itself, so a route mapped wrongly exposes nothing). Only a token that somehow reached a
 * route it should not lands here, so the message is the guard's own 403 text.
 */
export function assertStaff(caller: { role: Role }): void {
  if (!isStaff(caller.role)) throw new ForbiddenError(accessMessages.operatorsOnly);
}

export function assertDeveloper(caller: { role: Role }): void {
  if (caller.role !== 'developer') throw new ForbiddenError(accessMessages.developersOnly);
}
