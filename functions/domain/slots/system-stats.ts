import { systemStatsKeys, type SystemStatsDto } from '#shared/schemas/slot-admin';
import { slotStatuses } from '#shared/slot-status';
import { assertStaff } from '#commons/role-guards';
import type { Caller } from '../auth/tokens';
import { slotCountersStore } from '../../storage/slot-counters';
import { usersStore } from '../../storage/users';

/** Users read per page when looking for deactivated accounts. */
const USERS_PAGE = 500;

/** Ids of deactivated accounts (a query of the users index; slots are never scanned). */
export async function inactiveUserIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await usersStore.listPage(USERS_PAGE, cursor);
    for (const u of page.items) if (u.isActive === false) ids.add(u.id);
    cursor = page.cursor;
  } while (cursor);
  return ids;
}

/**
 * GET /slots/system-stats (operators): stored-status counts from the sharded global counters;
 * `inactive` = slots (not deleted) held by deactivated accounts, from those users' own counters
 * (shared/schemas/slot-admin.ts documents the shape).
 */
export async function systemStats(caller: Caller): Promise<SystemStatsDto> {
  assertStaff(caller);
  const [global, inactiveIds] = await Promise.all([slotCountersStore.global(), inactiveUserIds()]);
  const perUser = await Promise.all([...inactiveIds].map((id) => slotCountersStore.ofUser(id)));
  const inactive = perUser.reduce(
    (n, c) => n + slotStatuses.filter((s) => s !== 'deleted').reduce((m, s) => m + Math.max(0, c.byStatus[s]), 0),
    0,
  );
  const statusBreakdown = Object.fromEntries(
    systemStatsKeys.map((k) => [k, k === 'inactive' ? inactive : Math.max(0, global.byStatus[k])]),
  ) as SystemStatsDto['statusBreakdown'];
  const totalSlots = slotStatuses
    .filter((s) => s !== 'deleted')
    .reduce((n, s) => n + Math.max(0, global.byStatus[s]), 0);
  return { totalSlots, statusBreakdown };
}
