import { randomBytes, createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { secondFactorMessages as m } from '#shared/messages/second-factor';
import type {
  LoginSecondFactorInput,
  SecondFactorChallenge,
  SecondFactorEnrolment,
  SecondFactorStatus,
} from '#shared/schemas/second-factor';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '#commons/errors';
import { assertDeveloper } from '#commons/role-guards';
import { isConditionFailure } from '#commons/store-errors';
import { secondFactorsStore } from '../../storage/second-factors';
import { secondFactorChallengesStore } from '../../storage/second-factor-challenges';
import { sessionsStore } from '../../storage/sessions';
import { transact } from '../../storage/transactions';
import { userLogsStore } from '../../storage/user-logs';
import { usersStore, type UserRecord } from '../../storage/users';
import { getSettings } from '../settings/settings-service';
import { closeSockets } from '../realtime/close-sockets';
import { notifyQuietly } from '../notifications/notify-users';
import { throttleCounters, throttledCheck } from './attempt-throttle';
import { checkTotp, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri } from './totp';
import { factorRequiredFor, forgetActiveFactor, requireRecentSecondFactor } from './second-factor-policy';
import type { Caller } from './tokens';

/**
 * The second factor: TOTP codes from an authenticator app, and ten single-use recovery codes for a
 * lost phone. Every code check counts on its own throttle counters (attempt-throttle.ts, kind
 * `code`), keyed by the login id and the caller's address like passwords.
 */

/** How long the sign-in waits for the code after the right password. */
const CHALLENGE_SECONDS = 5 * 60;

const hashChallenge = (challenge: string) => createHash('sha256').update(challenge).digest('base64url');

async function ownAccount(caller: Caller): Promise<UserRecord> {
  const user = await usersStore.get(caller.userId);
  if (!user || !user.isActive) throw new UnauthorizedError(m.challengeExpired);
  return user;
}

/** A developer acting as someone must not enrol, replace or remove that person's factor. */
function assertOwnSession(caller: Caller) {
  if (caller.actorId) throw new ForbiddenError(m.notWhileSwitched);
}

const wrongCode = (reused: boolean) =>
  new ValidationError(reused ? m.codeReused : m.codeWrong, [
    { field: 'code', label: m.codeLabel, message: reused ? m.codeReused : m.codeWrong },
  ]);
const wrongRecoveryCode = () =>
  new ValidationError(m.recoveryCodeWrong, [
    { field: 'recoveryCode', label: m.recoveryCodeLabel, message: m.recoveryCodeWrong },
  ]);

/**
 * Checks a code of the user's confirmed factor and spends its time step, under the code throttle.
 * `wrong` is the error a wrong code raises (sign-in answers 401, a signed-in check 400).
 */
async function proveCode(user: UserRecord, code: string, ip: string, wrong: (reused: boolean) => Error) {
  let reused = false;
  await throttledCheck(
    throttleCounters(user.loginId, ip, 'code'),
    async () => {
      const factor = await secondFactorsStore.get(user.id, { consistent: true });
      if (factor?.status !== 'active') return false;
      const checked = await checkTotp(factor.secret, code, factor.lastStep);
      if (!checked.valid) {
        reused = checked.reused;
        return false;
      }
      // Two requests with the same code: only one may spend its step.
      if (await secondFactorsStore.acceptStep(user.id, checked.step)) return true;
      reused = true;
      return false;
    },
    () => wrong(reused),
  );
}

/** Uses up one recovery code, under the code throttle. */
async function proveRecoveryCode(user: UserRecord, recoveryCode: string, ip: string, wrong: () => Error) {
  await throttledCheck(
    throttleCounters(user.loginId, ip, 'code'),
    () => secondFactorsStore.useRecoveryCode(user.id, hashRecoveryCode(user.id, recoveryCode)),
    wrong,
  );
}

/** The account's log line for a removed factor: who removed it (the person acting), and when. */
const resetLogLine = (
  userId: string,
  actor: UserRecord | undefined,
  caller: Caller,
  createdAt = new Date().toISOString(),
) =>
  userLogsStore.put({
    id: ulid(),
    userId,
    action: 'update',
    description: m.resetLog,
    changes: [{ field: 'secondFactor', old: true, new: false }],
    actorId: caller.userId,
    actorName: actor?.fullName ?? '',
    realActorId: caller.actorId,
    createdAt,
  });

/** GET /api/auth/second-factor */
export async function secondFactorStatus(caller: Caller): Promise<SecondFactorStatus> {
  const factor = await secondFactorsStore.get(caller.userId, { consistent: true });
  const active = factor?.status === 'active';
  return {
    enrolled: active,
    required: !caller.actorId && (await factorRequiredFor(caller.role)),
    enrolledAt: active ? factor.enrolledAt : null,
    recoveryCodesLeft: active ? factor.recoveryHashes.length : 0,
  };
}

/** POST /api/auth/second-factor/enrolment: a new secret, pending until a code from it is confirmed. */
export async function startEnrolment(caller: Caller): Promise<SecondFactorEnrolment> {
  assertOwnSession(caller);
  const user = await ownAccount(caller);
  const secret = newTotpSecret();
  if (!(await secondFactorsStore.putPending(user.id, secret, new Date().toISOString())))
    throw new ConflictError(m.alreadyEnrolled);
  const { siteName } = await getSettings();
  return { secret, otpauthUri: otpauthUri(siteName, user.loginId, secret) };
}

/**
 * POST /api/auth/second-factor/enrolment/confirm: the first code proves the app holds the secret; only
 * then does the factor count. Answers the ten recovery codes, the only time they are shown. The
 * other sessions end (one signed in with the password alone, before the factor, must not outlive it);
 * this one counts as having just proved the factor.
 */
export async function confirmEnrolment(caller: Caller, code: string, ip: string): Promise<{ recoveryCodes: string[] }> {
  assertOwnSession(caller);
  const user = await ownAccount(caller);
  const recoveryCodes = newRecoveryCodes();
  let reused = false;
  await throttledCheck(
    throttleCounters(user.loginId, ip, 'code'),
    async () => {
      const factor = await secondFactorsStore.get(user.id, { consistent: true });
      if (factor?.status === 'active') throw new ConflictError(m.alreadyEnrolled);
      if (!factor) throw new ConflictError(m.noPendingEnrolment);
      const checked = await checkTotp(factor.secret, code, null);
      if (!checked.valid) return false;
      const hashes = recoveryCodes.map((c) => hashRecoveryCode(user.id, c));
      const now = new Date().toISOString();
      if (await secondFactorsStore.activate(user.id, factor.secret, checked.step, hashes, now)) return true;
      // Confirmed by a parallel request, or restarted with a new secret meanwhile.
      reused = true;
      return false;
    },
    () => wrongCode(reused),
  );
  forgetActiveFactor(user.id);
  await sessionsStore.markSecondFactor(caller.sessionId, new Date().toISOString());
  await sessionsStore.revokeOtherFamilies(user.id, caller.sessionId, { keepSwitchSessions: true });
  await closeSockets(user.id, { keepSessionId: caller.sessionId });
  return { recoveryCodes };
}

/** POST /api/auth/second-factor/step-up: this session proves the factor again (the 15-minute window). */
export async function stepUp(caller: Caller, code: string, ip: string): Promise<{ verifiedAt: string }> {
  assertOwnSession(caller);
  const user = await ownAccount(caller);
  await proveCode(user, code, ip, wrongCode);
  const verifiedAt = new Date().toISOString();
  await sessionsStore.markSecondFactor(caller.sessionId, verifiedAt);
  return { verifiedAt };
}

/**
 * POST /api/auth/second-factor/reset: removes one's own factor, which takes a recovery code (a
 * stolen session alone cannot). Where the factor is required, the next request asks to enrol again.
 */
export async function resetOwn(caller: Caller, recoveryCode: string, ip: string): Promise<{ reset: boolean }> {
  assertOwnSession(caller);
  const user = await ownAccount(caller);
  await proveRecoveryCode(user, recoveryCode, ip, wrongRecoveryCode);
  try {
    await transact([secondFactorsStore.removeActiveItem(user.id), resetLogLine(user.id, user, caller)]);
  } catch (err) {
    // Removed meanwhile (a parallel request or a developer's reset): the same outcome.
    if (!isConditionFailure(err)) throw err;
  }
  forgetActiveFactor(user.id);
  return { reset: true };
}

/**
 * POST /api/users/{id}/second-factor/reset (developer): another person's factor goes, written to
 * their account's log (who, when) in the same transaction, their sessions end, and they are told.
 * They enrol again at the next sign-in where the factor is required. Never one's own: that takes
 * a recovery code (resetOwn).
 */
export async function resetOther(caller: Caller, userId: string): Promise<{ reset: boolean }> {
  assertDeveloper(caller);
  if (userId === caller.userId || userId === caller.actorId) throw new ForbiddenError(m.resetSelf);
  await requireRecentSecondFactor(caller);
  const [target, actor] = await Promise.all([usersStore.get(userId), usersStore.get(caller.actorId ?? caller.userId)]);
  if (!target || target.deletedAt) throw new NotFoundError(m.notEnrolled);
  const createdAt = new Date().toISOString();
  try {
    await transact([secondFactorsStore.removeActiveItem(userId), resetLogLine(userId, actor, caller, createdAt)]);
  } catch (err) {
    // The delete's condition: no confirmed factor (never enrolled, or reset meanwhile).
    if (isConditionFailure(err)) throw new NotFoundError(m.notEnrolled);
    throw err;
  }
  forgetActiveFactor(userId);
  await sessionsStore.revokeOtherFamilies(userId, '', { keepSwitchSessions: true });
  await closeSockets(userId);
  await notifyQuietly(userId, {
    type: 'warning',
    title: m.resetNoticeTitle,
    message: m.resetNotice(actor?.fullName || actor?.loginId || ''),
    priority: 'high',
    dedupeKey: `second-factor-reset#${userId}#${createdAt}`,
  });
  return { reset: true };
}

/** Whether signing in as this user takes a code after the password. */
export const hasConfirmedFactor = (userId: string) => secondFactorsStore.isActive(userId, { consistent: true });

/** After the right password: an opaque single-use challenge the code step presents with the code. */
export async function startChallenge(userId: string): Promise<SecondFactorChallenge> {
  const challenge = randomBytes(32).toString('base64url');
  await secondFactorChallengesStore.put(hashChallenge(challenge), userId, CHALLENGE_SECONDS);
  return { secondFactorRequired: true, challenge, expiresIn: CHALLENGE_SECONDS };
}

/**
 * The code step of a sign-in: the challenge must be live, then a TOTP code or a recovery code must
 * be right (wrong ones count on the code throttle, and the challenge stays for another try within
 * its time). Takes the challenge: one password step gives at most one session. Answers the account.
 */
export async function completeChallenge(input: LoginSecondFactorInput, ip: string): Promise<UserRecord> {
  const challengeHash = hashChallenge(input.challenge);
  const challenge = await secondFactorChallengesStore.get(challengeHash);
  if (!challenge) throw new UnauthorizedError(m.challengeExpired);
  const user = await usersStore.get(challenge.userId);
  if (!user || !user.isActive) throw new UnauthorizedError(m.challengeExpired);
  if (input.recoveryCode !== undefined)
    await proveRecoveryCode(user, input.recoveryCode, ip, () => new UnauthorizedError(m.recoveryCodeWrong));
  else
    await proveCode(user, input.code ?? '', ip, (reused) => new UnauthorizedError(reused ? m.codeReused : m.codeWrong));
  if (!(await secondFactorChallengesStore.take(challengeHash))) throw new UnauthorizedError(m.challengeExpired);
  return user;
}
