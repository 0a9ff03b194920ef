import type { Paginated } from '#shared/api';
import { authMessages, cashMessages } from '#shared/messages';
import { isStaff } from '#shared/roles';
import type { Caller } from '../auth/tokens';
import { ConflictError, ForbiddenError } from '../errors';
import { getSettings } from '../settings/settings-service';

/** The cash API is switched by useCashSystem; while off its routes answer 409 with a Korean text. */
export async function assertCashEnabled(): Promise<void> {
  if (!(await getSettings()).useCashSystem) throw new ConflictError(cashMessages.disabled);
}

/**
 * Operator work (approve, reject, dashboard counts) checked in the domain too, behind the route
 * guard (design §4: every domain function checks the caller's role itself). Only a non-staff token
 * that somehow reached a staff route lands here, so it is the same 403 the guard gives.
 */
export function assertStaff(caller: Caller): void {
  if (!isStaff(caller.role)) throw new ForbiddenError(authMessages.operatorsOnly);
}

export function paginate<T>(items: T[], page: number, limit: number, total: number): Paginated<T> {
  return { items, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}
