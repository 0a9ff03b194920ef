import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { authMessages } from '#shared/messages/auth';
import type { AuthSession, LoginInput, ProfileUpdateInput, RegisterInput, UserDto } from '#shared/schemas/auth';
import type { Role } from '#shared/roles';
import type { LoginSecondFactorInput, SecondFactorChallenge } from '#shared/schemas/second-factor';
import { usersStore, type UserRecord } from '../../storage/users';
import { userStatsStore } from '../../storage/user-stats';
import { transact, type TransactItem } from '../../storage/transactions';
import { slotCountersStore } from '../../storage/slot-counters';
import { sessionsStore } from '../../storage/sessions';
import { retrying } from '#commons/retry';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '#commons/errors';
import { getSettings } from '../settings/settings-service';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_FAMILY_SECONDS,
  REFRESH_REUSE_GRACE_SECONDS,
  hashRefreshToken,
  newRefreshToken,
  type Caller,
} from './tokens';
import { issueAccessToken } from './issue-access-token';
import { completeChallenge, hasConfirmedFactor, startChallenge } from './second-factor';
import { mustEnrolFirst, requireRecentSecondFactor } from './second-factor-policy';
import { failAttempt, releaseAttempt, reserveAttempt, succeedAttempt, throttleCounters } from './attempt-throttle';
import { enforceRateLimits } from '../rate-limits';
import { closeSockets } from '../realtime/close-sockets';
import { renameRoomUser } from '../chat/search-keys';

function toUserDto(u: UserRecord): UserDto {
  return {
    id: u.id,
    email: u.loginId,
    role: u.role,
    fullName: u.fullName,
    phone: u.phone ?? null,
    status: u.isActive ? 'active' : 'inactive',
    isActive: u.isActive,
    permissions: u.permissions ?? [],
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    lastLoginAt: u.lastLoginAt ?? null,
  };
}

export async function createUser(
  input: {
    loginId: string;
    password: string;
    fullName: string;
    role: Role;
    phone?: string | null;
  },
  linked: (user: UserRecord) => TransactItem[] = () => [],
): Promise<UserRecord> {
  const now = new Date().toISOString();
  const user: UserRecord = {
    id: ulid(),
    loginId: input.loginId,
    role: input.role,
    fullName: input.fullName,
    phone: input.phone ?? null,
    isActive: true,
    passwordHash: await hashPassword(input.password),
    permissions: [],
    createdAt: now,
    updatedAt: now,
    lastLoginAt: null,
    counted: true,
  };
  // The user counts (GET /api/users/stats) move in the same transaction as the new account.
  const counts = userStatsStore.update({ total: 1, active: 1, [`role_${user.role}`]: 1 })!;
  if (!(await retrying(() => usersStore.create(user, [counts, ...linked(user)]))))
    throw new ConflictError(authMessages.idTaken);
  return user;
}

/** Where a request came from: the session list shows it (device from the User-Agent, address). */
interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** A call from inside the product (tests, scripts): no address or browser to show. */
const noClient: ClientInfo = { ip: '', userAgent: '' };

/** Enough of a User-Agent to name the device; real ones are a few hundred characters. */
const USER_AGENT_MAX = 512;

/** `secondFactorAt`: when this sign-in (or the session it continues) last proved the second factor. */
async function startSession(
  user: UserRecord,
  actorId: string | null,
  client: ClientInfo,
  secondFactorAt: string | null = null,
): Promise<AuthSession> {
  const familyId = randomUUID();
  const refresh = newRefreshToken();
  const now = Date.now();
  const enrolmentOnly = await mustEnrolFirst({ userId: user.id, role: user.role, sessionId: familyId, actorId }, true);
  await sessionsStore.startFamily(
    {
      familyId,
      userId: user.id,
      actorId,
      revoked: false,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + REFRESH_FAMILY_SECONDS * 1000).toISOString(),
      ip: client.ip,
      userAgent: client.userAgent.slice(0, USER_AGENT_MAX),
      secondFactorAt,
      ...(enrolmentOnly && { enrolmentOnly }),
    },
    refresh.hash,
  );
  return sessionFor(user, familyId, actorId, refresh.token, enrolmentOnly);
}

async function sessionFor(
  user: UserRecord,
  familyId: string,
  actorId: string | null,
  refreshToken: string,
  knownEnrolmentRequired?: boolean,
): Promise<AuthSession> {
  const accessToken = await issueAccessToken({ userId: user.id, role: user.role, sessionId: familyId, actorId });
  const [actor, enrolmentRequired] = await Promise.all([
    actorId ? usersStore.get(actorId) : undefined,
    knownEnrolmentRequired ?? mustEnrolFirst({ userId: user.id, role: user.role, sessionId: familyId, actorId }, true),
  ]);
  return {
    user: toUserDto(user),
    tokens: { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_SECONDS },
    actingAs: actor ? { developerId: actor.id, developerEmail: actor.loginId } : null,
    enrolmentRequired,
  };
}

/**
 * The password step. An account with a confirmed second factor gets a challenge instead of a session:
 * the code step (`loginSecondFactor`) completes the sign-in.
 */
export async function login(
  input: LoginInput,
  ip: string,
  userAgent = '',
): Promise<AuthSession | SecondFactorChallenge> {
  const counters = throttleCounters(input.email, ip);
  await reserveAttempt(counters);
  const releaseAll = () => releaseAttempt(counters);
  let user: UserRecord | undefined;
  let ok: boolean;
  try {
    user = await usersStore.getByLogin(input.email);
    ok = user ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDummy(input.password);
  } catch (err) {
    await releaseAll().catch(() => undefined);
    throw err;
  }
  // Unknown id, wrong password and a deactivated account read, count and take the same: nothing
  // tells a guesser which ids exist or that a password was right.
  if (!user || !ok || !user.isActive) {
    await failAttempt(counters);
    throw new UnauthorizedError(authMessages.invalidCredentials);
  }
  await succeedAttempt(counters);
  if (await hasConfirmedFactor(user.id)) return startChallenge(user.id);
  const signedIn = (await usersStore.update(user.id, { lastLoginAt: new Date().toISOString() })) ?? user;
  return startSession(signedIn, null, { ip, userAgent });
}

/** The code step: the challenge and a right code (or recovery code) start the session. */
export async function loginSecondFactor(
  input: LoginSecondFactorInput,
  ip: string,
  userAgent = '',
): Promise<AuthSession> {
  const user = await completeChallenge(input, ip);
  const now = new Date().toISOString();
  const signedIn = (await usersStore.update(user.id, { lastLoginAt: now })) ?? user;
  return startSession(signedIn, null, { ip, userAgent }, now);
}

export async function register(input: RegisterInput, ip: string, userAgent = ''): Promise<AuthSession> {
  const settings = await getSettings();
  if (!settings.registrationEnabled) throw new ForbiddenError(authMessages.registrationClosed);
  await enforceRateLimits([{ name: 'registrationPerAddress', subject: ip }]);
  const user = await createUser({
    loginId: input.email,
    password: input.password,
    fullName: input.fullName,
    role: 'user',
    phone: input.phone,
  });
  const signedIn = (await usersStore.update(user.id, { lastLoginAt: new Date().toISOString() })) ?? user;
  return startSession(signedIn, null, { ip, userAgent });
}

export async function refresh(refreshToken: string | undefined, ip = ''): Promise<AuthSession> {
  if (!refreshToken) throw new UnauthorizedError(authMessages.noToken);
  const oldHash = hashRefreshToken(refreshToken);
  const record = await sessionsStore.getToken(oldHash);
  if (!record) throw new UnauthorizedError(authMessages.sessionExpired);
  const family = await sessionsStore.getFamily(record.familyId);
  if (!family || family.revoked || Date.parse(family.expiresAt) <= Date.now()) {
    throw new UnauthorizedError(authMessages.sessionExpired);
  }
  const next = newRefreshToken();
  // Two requests with the same cookie may also collide inside DynamoDB (a transaction conflict): retry.
  const outcome = await retrying(async () => {
    const seen = { at: new Date().toISOString(), ip };
    const first = await sessionsStore.rotate(oldHash, next.hash, family, seen);
    if (first !== 'reused') return first;
    // Just rotated by a concurrent request with the same cookie (another tab): rotate again.
    const usedSince = new Date(Date.now() - REFRESH_REUSE_GRACE_SECONDS * 1000).toISOString();
    return sessionsStore.rotateUsed(oldHash, next.hash, family, usedSince, seen);
  });
  if (outcome === 'reused') {
    // A token exchanged longer ago came back: someone holds a copy. End the whole family.
    await endSession(family.userId, family.familyId);
  }
  if (outcome !== 'rotated') throw new UnauthorizedError(authMessages.sessionExpired);
  const user = await usersStore.get(family.userId);
  if (!user || !user.isActive) {
    await sessionsStore.revokeFamily(family.familyId);
    throw new UnauthorizedError(authMessages.sessionExpired);
  }
  return sessionFor(user, family.familyId, family.actorId, next.token);
}

/**
 * Ends a session: its refresh family is revoked, so its access tokens stop too (they carry the
 * family as `sid`, checked on every request: active-account.ts), and its sockets are closed.
 */
async function endSession(userId: string, familyId: string): Promise<void> {
  await sessionsStore.revokeFamily(familyId);
  await closeSockets(userId, { sessionIds: [familyId] });
}

/** Ends the session of the refresh token presented (the SPA's cookie: the same session as its access token). */
export async function logout(refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const record = await sessionsStore.getToken(hashRefreshToken(refreshToken));
  if (record) await endSession(record.userId, record.familyId);
}

async function activeUser(userId: string): Promise<UserRecord> {
  const user = await usersStore.get(userId);
  if (!user || !user.isActive) throw new UnauthorizedError(authMessages.sessionExpired);
  return user;
}

export async function me(caller: Caller): Promise<UserDto & { actingAs: AuthSession['actingAs'] }> {
  const user = await activeUser(caller.userId);
  const actor = caller.actorId ? await usersStore.get(caller.actorId) : undefined;
  return { ...toUserDto(user), actingAs: actor ? { developerId: actor.id, developerEmail: actor.loginId } : null };
}

export async function changePassword(caller: Caller, currentPassword: string, password: string): Promise<void> {
  const user = await activeUser(caller.userId);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) {
    throw new ValidationError(authMessages.currentPasswordWrong, [
      {
        field: 'currentPassword',
        label: authMessages.currentPasswordLabel,
        message: authMessages.currentPasswordWrong,
      },
    ]);
  }
  await usersStore.update(user.id, { passwordHash: await hashPassword(password) });
  await endOtherSessions(caller);
}

/** After a password change only the caller's own session (its refresh family, `sid`) lives on. */
async function endOtherSessions(caller: Caller): Promise<void> {
  await sessionsStore.revokeOtherFamilies(caller.userId, caller.sessionId);
  await closeSockets(caller.userId, { keepSessionId: caller.sessionId });
}

/** Only fullName, plus an optional password change (schema already checked the order of rules). */
export async function updateProfile(
  caller: Caller,
  input: ProfileUpdateInput & { fullName: string },
): Promise<UserDto> {
  const user = await activeUser(caller.userId);
  let passwordHash: string | undefined;
  if (input.password) {
    if (!(await verifyPassword(input.currentPassword ?? '', user.passwordHash))) {
      throw new ValidationError(authMessages.currentPasswordWrong, [
        {
          field: 'currentPassword',
          label: authMessages.currentPasswordLabel,
          message: authMessages.currentPasswordWrong,
        },
      ]);
    }
    passwordHash = await hashPassword(input.password);
  }
  // One transaction with the owner's slot-list version: cached lists show the new name at once.
  const updated = await retrying(async (attempt) => {
    const current = attempt === 1 ? user : await activeUser(caller.userId);
    // Deleted, or its role or active flag changed meanwhile: the condition fails and the policy reads again.
    await transact([
      usersStore.changeItem(current.id, current, { fullName: input.fullName, passwordHash }),
      slotCountersStore.userUpdate(current.id, {}),
    ]);
    return { ...current, fullName: input.fullName, ...(passwordHash ? { passwordHash } : {}) };
  });
  if (passwordHash) await endOtherSessions(caller);
  // The chat room shows and is found by the name (a no-op when it has it: a retried request completes it).
  await renameRoomUser(updated.id, updated.fullName);
  return toUserDto(updated);
}

/** A developer acts as another user; the new session remembers who is acting, for switch-back and the logs. */
export async function switchUser(caller: Caller, targetUserId: string, client = noClient): Promise<AuthSession> {
  if (caller.role !== 'developer' || caller.actorId) throw new ForbiddenError(authMessages.switchDeveloperOnly);
  if (targetUserId === caller.userId) throw new ValidationError(authMessages.switchSelf);
  const target = await usersStore.get(targetUserId);
  if (!target) throw new NotFoundError(authMessages.switchFailed);
  if (!target.isActive) throw new ValidationError(authMessages.accountInactive);
  await requireRecentSecondFactor(caller);
  // The switch session keeps the developer's proof: switching back and again needs no new code.
  const own = await sessionsStore.getFamily(caller.sessionId);
  await endSession(caller.userId, caller.sessionId);
  return startSession(target, caller.userId, client, own?.secondFactorAt ?? null);
}

export async function switchBack(caller: Caller, client = noClient): Promise<AuthSession> {
  if (!caller.actorId) throw new ForbiddenError(authMessages.switchBackMissing);
  const developer = await usersStore.get(caller.actorId);
  if (!developer || !developer.isActive || developer.role !== 'developer')
    throw new ForbiddenError(authMessages.switchBackMissing);
  // Only a live switch session leads back, and only once: a switch token whose session was logged
  // out, revoked or already used to switch back must not become lasting developer access.
  const switched = caller.sessionId ? await sessionsStore.getFamily(caller.sessionId) : undefined;
  if (!caller.sessionId || !(await sessionsStore.endLiveFamily(caller.sessionId)))
    throw new UnauthorizedError(authMessages.sessionExpired);
  // The switched token stops with its session (active-account.ts); its sockets close now.
  await closeSockets(caller.userId, { sessionIds: [caller.sessionId] });
  return startSession(developer, null, client, switched?.secondFactorAt ?? null);
}
