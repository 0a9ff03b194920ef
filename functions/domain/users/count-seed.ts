import { isConditionFailure } from '#commons/store-errors';
import { retrying } from '#commons/retry';
import { transact } from '../../storage/transactions';
import { userStatsStore } from '../../storage/user-stats';
import { usersStore } from '../../storage/users';

/**
 * Accounts created before the user counts existed are added to them once, each in one transaction
 * with its `counted` flag (conditional), so a second run, or two instances at once, never count an
 * account twice, and accounts created meanwhile (already counted at creation) are left alone.
 * Deleted accounts get the flag without moving the counts. Runs at bootstrap; returns how many joined.
 */
export async function countUncountedUsers(): Promise<number> {
  let joined = 0;
  for (const user of await usersStore.listUncounted()) {
    const counts = user.deletedAt
      ? undefined
      : userStatsStore.update({ total: 1, [user.isActive ? 'active' : 'inactive']: 1, [`role_${user.role}`]: 1 });
    // A failed condition means someone else counted it: done, not a race to retry.
    const counted = await retrying(async () => {
      try {
        await transact([usersStore.markCountedItem(user.id), ...(counts ? [counts] : [])]);
        return true;
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    });
    if (counted) joined += 1;
  }
  return joined;
}
