import { isStaff, type Role } from '#shared/roles';
import { secondFactorMessages } from '#shared/messages/second-factor';
import { STEP_UP_SECONDS } from '#shared/schemas/second-factor';
import { DomainError } from '#commons/errors';
import { secondFactorsStore } from '../../storage/second-factors';
import { sessionsStore } from '../../storage/sessions';
import { getSettings } from '../settings/settings-service';
import type { Caller } from './tokens';

/**
 * Who must have a second factor and when a session must prove it again. Kept apart from the
 * enrolment code (second-factor.ts, which carries the TOTP library) because every function's request
 * pipeline asks `mustEnrolFirst`, and the settings function asks `requireRecentSecondFactor`.
 */

/** Staff move money and act as anyone: while the setting is on, each of them signs in with a code. */
export async function factorRequiredFor(role: Role): Promise<boolean> {
  return isStaff(role) && (await getSettings()).staffSecondFactorRequired;
}

/** As long as the enrol-only status of a caller may be stale on reads; writes read it consistently. */
const ACTIVE_CACHE_MS = 5_000;
const activeCache = new Map<string, { active: boolean; until: number }>();

/** Whether the account has a confirmed factor (cached a few seconds for reads, like the caller status). */
async function hasActiveFactor(userId: string, fresh = false): Promise<boolean> {
  const hit = activeCache.get(userId);
  if (!fresh && hit && hit.until > Date.now()) return hit.active;
  const active = await secondFactorsStore.isActive(userId, { consistent: fresh });
  if (activeCache.size > 10_000) activeCache.clear();
  activeCache.set(userId, { active, until: Date.now() + ACTIVE_CACHE_MS });
  return active;
}

/** Enrolment and reset change the answer: this process sees it at once. */
export const forgetActiveFactor = (userId: string) => activeCache.delete(userId);

/**
 * A staff member without a factor where one is required may only enrol. A developer acting as the
 * account (user-switch) proved their own factor, so the account's own state does not bind them.
 */
export async function mustEnrolFirst(caller: Caller, fresh: boolean): Promise<boolean> {
  if (caller.actorId || !(await factorRequiredFor(caller.role))) return false;
  return !(await hasActiveFactor(caller.userId, fresh));
}

export const enrolmentRequiredError = () =>
  new DomainError('SECOND_FACTOR_ENROLMENT', secondFactorMessages.enrolmentRequired);

const stepUpRequiredError = () => new DomainError('STEP_UP_REQUIRED', secondFactorMessages.stepUpRequired);

/**
 * The most dangerous acts (switching user, security settings, resetting another's factor) need a code
 * proved by this session within the last 15 minutes. A person with no factor has nothing to prove
 * (local mode, the setting off), unless `factorNeeded`: then they are refused outright.
 */
export async function requireRecentSecondFactor(caller: Caller, opts: { factorNeeded?: string } = {}): Promise<void> {
  const person = caller.actorId ?? caller.userId;
  if (!(await hasActiveFactor(person, true))) {
    if (opts.factorNeeded) throw new DomainError('FORBIDDEN', opts.factorNeeded);
    return;
  }
  const session = await sessionsStore.getFamily(caller.sessionId);
  const provedAt = Date.parse(session?.secondFactorAt ?? '');
  if (!(provedAt > Date.now() - STEP_UP_SECONDS * 1000)) throw stepUpRequiredError();
}
