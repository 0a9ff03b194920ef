import type { UserDetails } from '#shared/schemas/users';
import { assertStaff } from '#commons/role-guards';
import { retrying } from '#commons/retry';
import { transact, type TransactItem } from '../../storage/transactions';
import { userLogsStore, type UserLogRecord } from '../../storage/user-logs';
import { usersStore, type UserRecord } from '../../storage/users';
import type { Caller } from '../auth/tokens';
import { liveUser, logLine } from './admin-changes';
import { assertMayChange } from './role-rules';
import { detailsOf } from './user-dto';

/** One log change per field that differs, named as `bankInfo.accountNumber`. */
function fieldChanges(before: UserDetails, after: UserDetails): UserLogRecord['changes'] {
  const out: UserLogRecord['changes'] = [];
  for (const part of ['bankInfo', 'business'] as const) {
    for (const [field, value] of Object.entries(after[part])) {
      const old = (before[part] as Record<string, string>)[field];
      if (old !== value) out.push({ field: `${part}.${field}`, old, new: value });
    }
  }
  return out;
}

/**
 * Saves a user's bank and business details (the advertiser's own profile, or an operator in the
 * customer view) with an audit line in the same transaction; nothing changed, nothing written.
 */
async function saveDetails(
  caller: Caller,
  userId: string,
  input: UserDetails,
  mayWrite: (user: UserRecord) => void = () => {},
): Promise<UserDetails> {
  return retrying(async () => {
    const user = await liveUser(userId);
    mayWrite(user);
    const before = detailsOf(user);
    const changes = fieldChanges(before, input);
    if (!changes.length) return before;
    const items: TransactItem[] = [
      usersStore.changeItem(userId, user, { bankInfo: input.bankInfo, business: input.business }),
      userLogsStore.put(await logLine(caller, userId, 'update', changes)),
    ];
    await transact(items);
    return input;
  });
}

/** GET /api/auth/profile/details: the caller's own record. */
export async function ownDetails(caller: Caller): Promise<UserDetails> {
  return detailsOf(await liveUser(caller.userId));
}

/** PUT /api/auth/profile/details: the caller's own record. */
export const updateOwnDetails = (caller: Caller, input: UserDetails) => saveDetails(caller, caller.userId, input);

/**
 * PUT /api/users/{id}/details: an operator or developer edits a customer's details, under the rules
 * every other write to another account follows (a developer's record is a developer's to change).
 */
export async function updateUserDetails(caller: Caller, userId: string, input: UserDetails): Promise<UserDetails> {
  assertStaff(caller);
  return saveDetails(caller, userId, input, (user) => assertMayChange(caller, user, { details: true }));
}
