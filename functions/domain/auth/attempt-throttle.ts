import { authMessages } from '#shared/messages/auth';
import { secondFactorMessages } from '#shared/messages/second-factor';
import { ThrottledError } from '#commons/errors';
import { loginThrottleStore, type LoginThrottleScope } from '../../storage/login-throttle';

/**
 * Sign-in throttling without lockout: three counters, each reserved before the secret is checked and
 * charged with its failures. Passwords and second-factor codes follow the same rules on separate
 * counters (`kind`), so a typo-prone code entry never locks the password and the reverse.
 * - one login id from one address: 5 failures, then 30 s doubling to 15 min — stops a guesser
 *   without touching the owner, who signs in from another address;
 * - one address (an agency's office shares one): 20 failures, then a wait of 5 s doubling to at most
 *   30 s. It only slows: a colleague's typos cost the others at that address half a minute at worst,
 *   never the 15-minute lock; a guesser spraying many ids from there still gets about two tries a
 *   minute, and each id keeps its own lock (the first counter);
 * - one login id from anywhere (a guesser rotating addresses): 50 failures, then a short wait of
 *   5 s doubling to at most 60 s — slows a distributed attack to a trickle while the rightful owner
 *   never waits longer than a minute.
 */
const growing = (allowance: number, firstSeconds: number, maxSeconds: number) => (failures: number) =>
  Math.min(firstSeconds * 2 ** (failures - allowance), maxSeconds) * 1000;

export type AttemptKind = 'password' | 'code';

export interface ThrottleCounter {
  kind: AttemptKind;
  scope: LoginThrottleScope;
  value: string;
  allowance: number;
  lockMs: (failures: number) => number;
}

export const throttleCounters = (loginId: string, ip: string, kind: AttemptKind = 'password'): ThrottleCounter[] => {
  const prefix = kind === 'code' ? 'code-' : '';
  return [
    {
      kind,
      scope: `${prefix}id-ip`,
      value: `${loginId}|${ip}`,
      allowance: 5,
      lockMs: growing(5, 30, 15 * 60),
    },
    { kind, scope: `${prefix}ip`, value: ip, allowance: 20, lockMs: growing(20, 5, 30) },
    { kind, scope: `${prefix}id`, value: loginId, allowance: 50, lockMs: growing(50, 5, 60) },
  ];
};

/** How long an attempt waits for others still being checked: a check takes well under a second, but a
 * burst from one office address queues behind the scrypt pool, and a wait beats a wrongful 429. */
const FULL_WAIT_MS = 8000;

const throttled = (kind: AttemptKind, until: number) => {
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  const text = kind === 'code' ? secondFactorMessages.throttled(seconds) : authMessages.throttled(seconds);
  return new ThrottledError(text, seconds);
};

/** Reserves the attempt on one counter, waiting while its allowance is taken only by unsettled attempts. */
async function reserveOn({ kind, scope, value, allowance }: ThrottleCounter): Promise<void> {
  const deadline = Date.now() + FULL_WAIT_MS;
  for (let pause = 20; ; pause = Math.min(pause * 1.5, 200)) {
    const r = await loginThrottleStore.reserve(scope, value, allowance);
    if (r.outcome === 'granted') return;
    if (r.outcome === 'locked') throw throttled(kind, r.lockedUntil);
    if (Date.now() + pause > deadline) throw throttled(kind, Date.now() + 1000);
    await new Promise((resolve) => setTimeout(resolve, pause * (0.5 + Math.random())));
  }
}

/**
 * Counts the attempt on every counter before the secret is checked, so parallel guesses cannot all
 * pass a check that only later failures would close. Refused: 429, nothing kept.
 */
export async function reserveAttempt(counters: ThrottleCounter[]): Promise<void> {
  const reserved: ThrottleCounter[] = [];
  try {
    for (const counter of counters) {
      await reserveOn(counter);
      reserved.push(counter);
    }
  } catch (err) {
    await releaseAttempt(reserved).catch(() => undefined);
    throw err;
  }
}

/** Gives a reserved attempt back without counting it (the check never ran). */
export const releaseAttempt = (counters: ThrottleCounter[]) =>
  Promise.all(counters.map((c) => loginThrottleStore.release(c.scope, c.value)));

/** Charges a reserved attempt as a failure on every counter (each may lock). */
export const failAttempt = (counters: ThrottleCounter[]) =>
  Promise.all(counters.map((c) => loginThrottleStore.recordFailure(c.scope, c.value, c.allowance, c.lockMs)));

/** A right secret starts this id-and-address over; the other counters only give the attempt back. */
export async function succeedAttempt(counters: ThrottleCounter[]): Promise<void> {
  const [idAtAddress, ...others] = counters;
  await Promise.all([
    loginThrottleStore.clear(idAtAddress.scope, idAtAddress.value),
    ...others.map((c) => loginThrottleStore.release(c.scope, c.value)),
  ]);
}

/**
 * Runs one secret check between a reservation and its settlement: `check` answers true (right) or
 * false (wrong); a wrong one is charged and `wrong()` thrown; a failed check (store down) costs nothing.
 */
export async function throttledCheck(
  counters: ThrottleCounter[],
  check: () => Promise<boolean>,
  wrong: () => Error,
): Promise<void> {
  await reserveAttempt(counters);
  let ok: boolean;
  try {
    ok = await check();
  } catch (err) {
    await releaseAttempt(counters).catch(() => undefined);
    throw err;
  }
  if (!ok) {
    await failAttempt(counters);
    throw wrong();
  }
  await succeedAttempt(counters);
}
