import { userMessages } from '#shared/messages/users';
import type { Role } from '#shared/roles';
import { ForbiddenError } from '#commons/errors';
import type { Caller } from '../auth/tokens';

/**
 * Who may change whom (the product's rule, so no account can take over or lock out another):
 * - operators and developers manage accounts; users never reach these routes (403 at the route);
 * - only a developer may give the developer role, or edit (bank and business details too), deactivate
 *   or delete a developer;
 *   an operator may make a user an operator and back, and edit other operators;
 * - nobody changes their own role or active flag, resets their own password here (the profile page
 *   asks for the current one) or deletes themselves, so an account cannot lock itself out.
 */
export function assertMayChange(
  caller: Caller,
  target: { id: string; role: Role },
  change: { role?: Role; isActive?: boolean; password?: string; delete?: boolean; details?: boolean },
): void {
  if (target.id === caller.userId) {
    if (change.delete) throw new ForbiddenError(userMessages.cannotDeleteSelf);
    const roleChange = change.role !== undefined && change.role !== target.role;
    if (roleChange || change.isActive === false || change.password)
      throw new ForbiddenError(userMessages.cannotChangeSelf);
  }
  if (caller.role === 'developer') return;
  if (change.details && target.role === 'developer') throw new ForbiddenError(userMessages.developerDetailsOnly);
  if (target.role === 'developer' || change.role === 'developer')
    throw new ForbiddenError(userMessages.developerOnlyRole);
}
