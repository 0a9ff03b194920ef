import { userMessages } from '#shared/messages/users';
import type { AdminUserDetailDto, UserListDto, UserListQuery, UserLogDto, UserStatsDto } from '#shared/schemas/users';
import { assertStaff } from '#commons/role-guards';
import { NotFoundError } from '#commons/errors';
import { offsetOf } from '#commons/pagination';
import { slotCountersStore } from '../../storage/slot-counters';
import { userLogsStore } from '../../storage/user-logs';
import { userStatsStore } from '../../storage/user-stats';
import { usersStore, type UserListRow } from '../../storage/users';
import type { Caller } from '../auth/tokens';
import { detailsOf, toAdminUserDto, toUserLogDto } from './user-dto';

const matches = (u: UserListRow, q: UserListQuery) => {
  if (u.deletedAt) return false;
  if (q.role && u.role !== q.role) return false;
  if (q.status && u.isActive !== (q.status === 'active')) return false;
  if (!q.search) return true;
  const needle = q.search.toLowerCase();
  return u.loginId.toLowerCase().includes(needle) || u.fullName.toLowerCase().includes(needle);
};

/**
 * GET /api/users: newest first. Search and filters run over the users' list attributes (one GSI1
 * query, no password hashes); only the page's users have their slot counters read, in one batch.
 */
export async function listUsers(caller: Caller, q: UserListQuery): Promise<UserListDto> {
  assertStaff(caller);
  const all = (await usersStore.listAll()).filter((u) => matches(u, q));
  const page = all.slice(offsetOf(q.page, q.limit), offsetOf(q.page, q.limit) + q.limit);
  const counters = await slotCountersStore.ofUsers(page.map((u) => u.id));
  return {
    users: page.map((u) => toAdminUserDto(u, counters.get(u.id))),
    pagination: { page: q.page, limit: q.limit, total: all.length, totalPages: Math.ceil(all.length / q.limit) },
  };
}

export async function getUser(caller: Caller, userId: string): Promise<AdminUserDetailDto> {
  assertStaff(caller);
  const [user, counters] = await Promise.all([usersStore.get(userId), slotCountersStore.ofUser(userId)]);
  if (!user || user.deletedAt) throw new NotFoundError(userMessages.userNotFound);
  return { ...toAdminUserDto(user, counters), ...detailsOf(user) };
}

/** GET /api/users/stats: the counters kept with every create and change (never a scan). */
export async function userStats(caller: Caller): Promise<UserStatsDto> {
  assertStaff(caller);
  return userStatsStore.read();
}

/** GET /api/users/{id}/logs: newest first; a deleted user's history stays readable. */
export async function userLogs(caller: Caller, userId: string): Promise<UserLogDto[]> {
  assertStaff(caller);
  const [user, logs] = await Promise.all([usersStore.get(userId), userLogsStore.list(userId)]);
  if (!user) throw new NotFoundError(userMessages.userNotFound);
  return logs.reverse().map(toUserLogDto);
}
