import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { LostRaceError, retrying } from '#commons/retry';
import { db, tableName } from './client';
import { isExpired, keys, ttlIn } from './keys';

/**
 * One login id from one address, one address, one login id from anywhere; `code-*` count the second
 * factor's codes the same way, apart from passwords.
 */
export type LoginThrottleScope = 'id-ip' | 'ip' | 'id' | 'code-id-ip' | 'code-ip' | 'code-id';

/**
 * Sign-in counters per login id and address, per address and per login id (password guessing is throttled).
 * `attempts` counts the attempts let through to a password check, `failures` those of them that failed: an attempt is
 * reserved (`attempts` + 1) before its check, so parallel guesses cannot outrun the count, and then
 * either becomes a failure or is released. Only failures lock. The window resets after an idle hour.
 */
export interface ThrottleState {
  attempts: number;
  failures: number;
  lockedUntil: number;
  /** Epoch ms of the last write. */
  touchedAt: number;
}

type StoredThrottle = Partial<ThrottleState> & { ttl?: number };

/** `full`: the allowance is taken by attempts still being checked; they settle within moments. */
export type ReserveOutcome = { outcome: 'granted' } | { outcome: 'locked'; lockedUntil: number } | { outcome: 'full' };

const THROTTLE_WINDOW_SECONDS = 3600;
/** Attempts unsettled this long after the counter's last write were abandoned (the function timed out). */
const ABANDONED_AFTER_MS = 60_000;

/** Present state (an expired item counts as none; an item from before `attempts` had only failures). */
function liveState(stored: StoredThrottle | undefined, now: number): ThrottleState {
  if (!stored || isExpired(stored, now)) return { attempts: 0, failures: 0, lockedUntil: 0, touchedAt: 0 };
  const failures = stored.failures ?? 0;
  const touchedAt = stored.touchedAt ?? 0;
  const attempts = touchedAt > now - ABANDONED_AFTER_MS ? Math.max(stored.attempts ?? failures, failures) : failures;
  return { attempts, failures, lockedUntil: stored.lockedUntil ?? 0, touchedAt };
}

/** Replaces the item only if it is still exactly as read (`stored`); false if it changed meanwhile. */
async function replaceIfUnchanged(
  scope: LoginThrottleScope,
  value: string,
  stored: StoredThrottle | undefined,
  next: Omit<ThrottleState, 'touchedAt'>,
  now: number,
): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':attempts': next.attempts,
    ':failures': next.failures,
    ':until': next.lockedUntil,
    ':touched': now,
    ':ttl': ttlIn(THROTTLE_WINDOW_SECONDS, now),
  };
  let condition = 'attribute_not_exists(PK)';
  if (stored) {
    const seen: Array<[string, unknown]> = [
      ['attempts', stored.attempts],
      ['failures', stored.failures],
      ['lockedUntil', stored.lockedUntil],
      ['touchedAt', stored.touchedAt],
      ['#ttl', stored.ttl],
    ];
    condition = seen
      .map(([name, v], i) => {
        if (v === undefined) return `attribute_not_exists(${name})`;
        values[`:seen${i}`] = v;
        return `${name} = :seen${i}`;
      })
      .join(' AND ');
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.loginThrottle(scope, value),
        UpdateExpression:
          'SET attempts = :attempts, failures = :failures, lockedUntil = :until, touchedAt = :touched, #ttl = :ttl',
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return false;
  }
}

async function readThrottle(scope: LoginThrottleScope, value: string): Promise<StoredThrottle | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.loginThrottle(scope, value), ConsistentRead: true }),
  );
  return out.Item as StoredThrottle | undefined;
}

export const loginThrottleStore = {
  /**
   * Lets one attempt through to the password check, atomically: while fewer than `allowance` are
   * counted, or, once the lock after the last failure has expired, one at a time.
   */
  async reserve(scope: LoginThrottleScope, value: string, allowance: number): Promise<ReserveOutcome> {
    // Each round re-reads; a write that lost to another attempt's write runs the round again.
    return retrying(async (): Promise<ReserveOutcome> => {
      const now = Date.now();
      // Under the allowance: one conditional write, no read.
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.loginThrottle(scope, value),
            UpdateExpression: 'SET attempts = attempts + :one, touchedAt = :now, #ttl = :ttl',
            ConditionExpression: 'attempts < :allowance AND lockedUntil <= :now AND #ttl > :nowSec',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':allowance': allowance,
              ':now': now,
              ':nowSec': Math.floor(now / 1000),
              ':ttl': ttlIn(THROTTLE_WINDOW_SECONDS, now),
            },
          }),
        );
        return { outcome: 'granted' };
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
      // New, expired, at the allowance or locked: read, then write only if nothing changed meanwhile.
      const stored = await readThrottle(scope, value);
      const state = liveState(stored, now);
      if (state.lockedUntil > now) return { outcome: 'locked', lockedUntil: state.lockedUntil };
      // At the allowance with attempts still being checked: their failures may yet lock. (Attempts left
      // unsettled long after the last write were abandoned: `liveState` drops them.)
      if (state.attempts >= allowance && state.attempts > state.failures) return { outcome: 'full' };
      if (await replaceIfUnchanged(scope, value, stored, { ...state, attempts: state.attempts + 1 }, now))
        return { outcome: 'granted' };
      throw new LostRaceError();
    });
  },

  /**
   * Turns a reserved attempt into a failure; from `allowance` failures on, each one locks the counter
   * until `now + lockMs(failures)` in the same write.
   */
  async recordFailure(
    scope: LoginThrottleScope,
    value: string,
    allowance: number,
    lockMs: (failures: number) => number,
  ): Promise<void> {
    await retrying(async () => {
      const now = Date.now();
      // Still below the allowance after this one: nothing to lock, no read.
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.loginThrottle(scope, value),
            UpdateExpression: 'SET failures = failures + :one, touchedAt = :now, #ttl = :ttl',
            ConditionExpression: 'failures < :lastFree AND attempts > failures AND #ttl > :nowSec',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':lastFree': allowance - 1,
              ':now': now,
              ':nowSec': Math.floor(now / 1000),
              ':ttl': ttlIn(THROTTLE_WINDOW_SECONDS, now),
            },
          }),
        );
        return;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
      const stored = await readThrottle(scope, value);
      const state = liveState(stored, now);
      const failures = state.failures + 1;
      const next = {
        // Cleared or expired since the reservation: the failure still counts as an attempt.
        attempts: Math.max(state.attempts, failures),
        failures,
        lockedUntil: failures >= allowance ? now + lockMs(failures) : state.lockedUntil,
      };
      if (!(await replaceIfUnchanged(scope, value, stored, next, now))) throw new LostRaceError();
    });
  },

  /** Takes back a reserved attempt that was no failure (right password, or the check never ran). */
  async release(scope: LoginThrottleScope, value: string): Promise<void> {
    await db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.loginThrottle(scope, value),
          UpdateExpression: 'SET attempts = attempts - :one, touchedAt = :now',
          ConditionExpression: 'attempts > failures',
          ExpressionAttributeValues: { ':one': 1, ':now': Date.now() },
        }),
      )
      .catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
  },

  async clear(scope: LoginThrottleScope, value: string): Promise<void> {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.loginThrottle(scope, value) }));
  },
};
