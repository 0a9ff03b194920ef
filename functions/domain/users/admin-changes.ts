import { ulid } from 'ulid';
import { userLogActions, userMessages } from '#shared/messages/users';
import type { AdminUserDto, CreateUserInput, UpdateUserFields } from '#shared/schemas/users';
import { assertStaff } from '#commons/role-guards';
import { roles, type Role } from '#shared/roles';
import { NotFoundError } from '#commons/errors';
import { retrying } from '#commons/retry';
import { slotCountersStore } from '../../storage/slot-counters';
import { sessionsStore } from '../../storage/sessions';
import { transact, type TransactItem } from '../../storage/transactions';
import { userLogsStore, type UserLogRecord } from '../../storage/user-logs';
import { userStatsStore, type UserCountDeltas } from '../../storage/user-stats';
import { usersStore, type UserRecord } from '../../storage/users';
import { createUser } from '../auth/auth-service';
import { hashPassword } from '../auth/passwords';
import type { Caller } from '../auth/tokens';
import { closeSockets } from '../realtime/close-sockets';
import { renameRoomUser } from '../chat/search-keys';
import { assertMayChange } from './role-rules';
import { toAdminUserDto } from './user-dto';

type Change = UserLogRecord['changes'][number];
/** Passwords are never logged, not even hashed: the line only says it changed. */
const PASSWORD_MASK = '********';

export async function logLine(
  caller: Caller,
  userId: string,
  action: UserLogRecord['action'],
  changes: Change[],
): Promise<UserLogRecord> {
  const actor = await usersStore.get(caller.userId);
  return {
    id: ulid(),
    userId,
    action,
    description: userLogActions[action],
    changes,
    actorId: caller.userId,
    actorName: actor?.fullName ?? '',
    realActorId: caller.actorId,
    createdAt: new Date().toISOString(),
  };
}

/** Counter moves between two states of a user (null = not counted: absent or deleted). */
function countDeltas(
  before: Pick<UserRecord, 'role' | 'isActive'> | null,
  after: Pick<UserRecord, 'role' | 'isActive'> | null,
): UserCountDeltas {
  const d: Record<string, number> = {};
  const add = (k: string, n: number) => (d[k] = (d[k] ?? 0) + n);
  for (const [state, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    if (!state) continue;
    add('total', sign);
    add(state.isActive ? 'active' : 'inactive', sign);
    add(`role_${state.role}`, sign);
  }
  return d as UserCountDeltas;
}

const withCounts = (items: TransactItem[], deltas: UserCountDeltas) => {
  const counts = userStatsStore.update(deltas);
  return counts ? [...items, counts] : items;
};

/** Fewer rights than before: developer → operator or user, operator → user. */
const isDemotion = (before: Role, after: Role) => roles.indexOf(after) < roles.indexOf(before);

export async function liveUser(userId: string): Promise<UserRecord> {
  const user = await usersStore.get(userId, { consistent: true });
  if (!user || user.deletedAt) throw new NotFoundError(userMessages.userNotFound);
  return user;
}

/** POST /api/users: always role user (other roles come by a role change), whatever was sent; logged with the counts. */
export async function createUserByOperator(caller: Caller, input: CreateUserInput): Promise<AdminUserDto> {
  assertStaff(caller);
  const log = await logLine(caller, '', 'create', []);
  const user = await createUser(
    { loginId: input.email.trim(), password: input.password, fullName: input.fullName.trim(), role: 'user' },
    (u) => [
      userLogsStore.put({
        ...log,
        userId: u.id,
        changes: [
          { field: 'email', old: null, new: u.loginId },
          { field: 'fullName', old: null, new: u.fullName },
          { field: 'role', old: null, new: u.role },
        ],
      }),
    ],
  );
  return toAdminUserDto(user, undefined);
}

/**
 * PUT /api/users/{id}: only the fields sent and different from the stored ones change. Role and
 * active flag move the user counts in the same transaction; a deactivation or password reset ends
 * every refresh session of the user (their writes already stop at the next request: http adapter).
 */
export async function updateUser(caller: Caller, userId: string, input: UpdateUserFields): Promise<AdminUserDto> {
  assertStaff(caller);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const { before, after } = await retrying(async () => {
    const user = await liveUser(userId);
    assertMayChange(caller, user, { role: input.role, isActive: input.isActive, password: input.password });
    const changes: Change[] = [];
    const next: Partial<UserRecord> = {};
    if (input.fullName !== undefined && input.fullName !== user.fullName) {
      next.fullName = input.fullName;
      changes.push({ field: 'fullName', old: user.fullName, new: input.fullName });
    }
    if (input.role !== undefined && input.role !== user.role) {
      next.role = input.role;
      changes.push({ field: 'role', old: user.role, new: input.role });
    }
    if (input.isActive !== undefined && input.isActive !== user.isActive) {
      next.isActive = input.isActive;
      changes.push({ field: 'isActive', old: user.isActive, new: input.isActive });
    }
    if (passwordHash) {
      next.passwordHash = passwordHash;
      changes.push({ field: 'password', old: PASSWORD_MASK, new: PASSWORD_MASK });
    }
    if (!changes.length) return { before: user, after: user };
    const action = next.isActive === false ? 'deactivate' : next.isActive === true ? 'reactivate' : 'update';
    const updated = { ...user, ...next };
    const log = await logLine(caller, userId, action, changes);
    // The owner's slot list shows the name and active flag: its cached copies are stale now (listVersion).
    await transact(
      withCounts(
        [usersStore.changeItem(userId, user, next), userLogsStore.put(log), slotCountersStore.userUpdate(userId, {})],
        countDeltas(user, updated),
      ),
    );
    return { before: user, after: updated };
  });
  // A deactivation, a demotion or a password reset ends the user's own sessions (their access tokens
  // stop with them: active-account.ts); a developer acting as the user keeps the way back
  // (switch-back), while every request as the user is refused by the same check. Any role change
  // also closes the user's sockets: they reconnect, if still allowed, with the new role's audience.
  const deactivated = before.isActive && !after.isActive;
  if (deactivated || isDemotion(before.role, after.role) || before.passwordHash !== after.passwordHash) {
    await sessionsStore.revokeOtherFamilies(userId, '', { keepSwitchSessions: true });
  }
  if (deactivated || before.role !== after.role || before.passwordHash !== after.passwordHash)
    await closeSockets(userId);
  // The chat room shows and is found by the name; also when unchanged, so a retried request completes it.
  if (input.fullName !== undefined) await renameRoomUser(userId, after.fullName);
  return toAdminUserDto(after, await slotCountersStore.ofUser(userId));
}

/**
 * DELETE /api/users/{id}: a soft delete. The account is deactivated, marked deleted and leaves the
 * list and the counts, but its record, ledger, charge requests and slots stay: money history must
 * stay reconcilable and slots keep naming their owner. The login id stays claimed, so a new account
 * can never inherit the old one's history by name.
 */
export async function deleteUser(caller: Caller, userId: string): Promise<{ deleted: true; id: string }> {
  assertStaff(caller);
  await retrying(async () => {
    const user = await liveUser(userId);
    assertMayChange(caller, user, { delete: true });
    const log = await logLine(caller, userId, 'delete', [
      { field: 'isActive', old: user.isActive, new: false },
      { field: 'deleted', old: false, new: true },
    ]);
    const change = usersStore.changeItem(userId, user, { isActive: false, deletedAt: new Date().toISOString() });
    await transact(
      withCounts([change, userLogsStore.put(log), slotCountersStore.userUpdate(userId, {})], countDeltas(user, null)),
    );
  });
  await sessionsStore.revokeOtherFamilies(userId, '', { keepSwitchSessions: true });
  await closeSockets(userId);
  return { deleted: true, id: userId };
}
