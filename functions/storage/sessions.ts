import { DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { isExpired, keys, ttlIn } from './keys';
import { isConditionFailure } from './errors';

/**
 * Refresh-token families (design §4). A family starts at sign-in; each refresh marks the presented
 * token used and adds its successor in one transaction. Presenting a used token again revokes the
 * whole family (a stolen token was replayed), unless the domain's grace window lets it rotate again
 * (`rotateUsed`). Families are listed per user on GSI1 so a password change can end the others.
 */
export interface RefreshFamily {
  familyId: string;
  userId: string;
  /** The developer acting as `userId` through user-switch, if any. */
  actorId: string | null;
  revoked: boolean;
  expiresAt: string;
  createdAt: string;
}

export interface RefreshTokenRecord {
  tokenHash: string;
  familyId: string;
  userId: string;
  usedAt: string | null;
  ttl: number;
}

export type RotateOutcome = 'rotated' | 'reused' | 'revoked';

/** Rotation items: the family must still be live, and the successor token is new. */
const familyLive = (family: RefreshFamily) => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: keys.refreshFamily(family.familyId),
    ConditionExpression: 'revoked = :false',
    ExpressionAttributeValues: { ':false': false },
  },
});

const putSuccessor = (newHash: string, family: RefreshFamily) => ({
  Put: {
    TableName: tableName(),
    Item: {
      ...keys.refreshToken(newHash),
      entity: 'refreshToken',
      tokenHash: newHash,
      familyId: family.familyId,
      userId: family.userId,
      usedAt: null,
      ttl: Math.floor(Date.parse(family.expiresAt) / 1000),
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** Item 0 is the presented token, item 1 the family. */
function rotateFailure(err: unknown): RotateOutcome {
  if (!isConditionFailure(err)) throw err;
  const reasons = (err as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons[1]?.Code === 'ConditionalCheckFailed' ? 'revoked' : 'reused';
}

export const sessionsStore = {
  async startFamily(family: RefreshFamily, firstTokenHash: string): Promise<void> {
    const ttl = Math.floor(Date.parse(family.expiresAt) / 1000);
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.refreshFamily(family.familyId),
                ...keys.refreshFamiliesOfUser(family.userId, family.createdAt, family.familyId),
                entity: 'refreshFamily',
                ...family,
                ttl,
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.refreshToken(firstTokenHash),
                entity: 'refreshToken',
                tokenHash: firstTokenHash,
                familyId: family.familyId,
                userId: family.userId,
                usedAt: null,
                ttl,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
  },

  async getToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.refreshToken(tokenHash) }));
    const item = out.Item as RefreshTokenRecord | undefined;
    return item && !isExpired(item) ? item : undefined;
  },

  async getFamily(familyId: string): Promise<RefreshFamily | undefined> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.refreshFamily(familyId) }));
    return out.Item as RefreshFamily | undefined;
  },

  /** Marks `oldHash` used and stores `newHash`, only if the old one is unused and the family live. */
  async rotate(oldHash: string, newHash: string, family: RefreshFamily): Promise<RotateOutcome> {
    const now = new Date().toISOString();
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.refreshToken(oldHash),
                UpdateExpression: 'SET usedAt = :now',
                ConditionExpression: 'attribute_exists(PK) AND usedAt = :null',
                ExpressionAttributeValues: { ':now': now, ':null': null },
              },
            },
            familyLive(family),
            putSuccessor(newHash, family),
          ],
        }),
      );
      return 'rotated';
    } catch (err) {
      return rotateFailure(err);
    }
  },

  /**
   * Rotates a token that was already used, only if it was first used at or after `usedSince` (ISO) and
   * the family is live. The old token is left as it is, so its `usedAt` never moves and the window
   * cannot be stretched by presenting it again. 'reused' = used before `usedSince`.
   */
  async rotateUsed(oldHash: string, newHash: string, family: RefreshFamily, usedSince: string): Promise<RotateOutcome> {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: keys.refreshToken(oldHash),
                // A null usedAt is not >= a string, so an unused token never passes here.
                ConditionExpression: 'attribute_exists(PK) AND usedAt >= :since',
                ExpressionAttributeValues: { ':since': usedSince },
              },
            },
            familyLive(family),
            putSuccessor(newHash, family),
          ],
        }),
      );
      return 'rotated';
    } catch (err) {
      return rotateFailure(err);
    }
  },

  /** Revokes every live family of `userId` except `keepFamilyId` (GSI1, all pages). */
  async revokeOtherFamilies(userId: string, keepFamilyId: string): Promise<number> {
    let cursor: Record<string, unknown> | undefined;
    let revoked = 0;
    do {
      const out = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          FilterExpression: 'revoked = :false AND expiresAt > :now',
          ExpressionAttributeValues: {
            ':pk': keys.refreshFamiliesOfUser(userId).GSI1PK,
            ':false': false,
            ':now': new Date().toISOString(),
          },
          ProjectionExpression: 'familyId',
          ExclusiveStartKey: cursor,
        }),
      );
      const others = (out.Items ?? []).map((i) => String(i.familyId)).filter((id) => id !== keepFamilyId);
      await Promise.all(others.map((id) => this.revokeFamily(id)));
      revoked += others.length;
      cursor = out.LastEvaluatedKey;
    } while (cursor);
    return revoked;
  },

  async revokeFamily(familyId: string): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.refreshFamily(familyId),
        UpdateExpression: 'SET revoked = :true',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':true': true },
      }),
    ).catch((err) => {
      if (!isConditionFailure(err)) throw err;
    });
  },
};

/**
 * Sign-in counters per login id and per IP address (design §4 throttling). `attempts` counts the
 * attempts let through to a password check, `failures` those of them that failed: an attempt is
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
const RACE_ROUNDS = 8;
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
async function replaceIfUnchanged(scope: 'id' | 'ip', value: string, stored: StoredThrottle | undefined, next: Omit<ThrottleState, 'touchedAt'>, now: number): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':attempts': next.attempts,
    ':failures': next.failures,
    ':until': next.lockedUntil,
    ':touched': now,
    ':ttl': ttlIn(THROTTLE_WINDOW_SECONDS, now),
  };
  let condition = 'attribute_not_exists(PK)';
  if (stored) {
    const seen: Array<[string, unknown]> = [['attempts', stored.attempts], ['failures', stored.failures], ['lockedUntil', stored.lockedUntil], ['touchedAt', stored.touchedAt], ['#ttl', stored.ttl]];
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
        UpdateExpression: 'SET attempts = :attempts, failures = :failures, lockedUntil = :until, touchedAt = :touched, #ttl = :ttl',
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

async function readThrottle(scope: 'id' | 'ip', value: string): Promise<StoredThrottle | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.loginThrottle(scope, value), ConsistentRead: true }));
  return out.Item as StoredThrottle | undefined;
}

export const loginThrottleStore = {
  /**
   * Lets one attempt through to the password check, atomically: while fewer than `allowance` are
   * counted, or, once the lock after the last failure has expired, one at a time.
   */
  async reserve(scope: 'id' | 'ip', value: string, allowance: number): Promise<ReserveOutcome> {
    for (let round = 0; round < RACE_ROUNDS; round++) {
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
            ExpressionAttributeValues: { ':one': 1, ':allowance': allowance, ':now': now, ':nowSec': Math.floor(now / 1000), ':ttl': ttlIn(THROTTLE_WINDOW_SECONDS, now) },
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
      if (await replaceIfUnchanged(scope, value, stored, { ...state, attempts: state.attempts + 1 }, now)) return { outcome: 'granted' };
    }
    return { outcome: 'full' };
  },

  /**
   * Turns a reserved attempt into a failure; from `allowance` failures on, each one locks the counter
   * until `now + lockMs(failures)` in the same write.
   */
  async recordFailure(scope: 'id' | 'ip', value: string, allowance: number, lockMs: (failures: number) => number): Promise<void> {
    for (let round = 0; round < RACE_ROUNDS; round++) {
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
            ExpressionAttributeValues: { ':one': 1, ':lastFree': allowance - 1, ':now': now, ':nowSec': Math.floor(now / 1000), ':ttl': ttlIn(THROTTLE_WINDOW_SECONDS, now) },
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
      if (await replaceIfUnchanged(scope, value, stored, next, now)) return;
    }
    throw new Error(`login throttle ${scope}: failure not recorded after ${RACE_ROUNDS} rounds`);
  },

  /** Takes back a reserved attempt that was no failure (right password, or the check never ran). */
  async release(scope: 'id' | 'ip', value: string): Promise<void> {
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

  async clear(scope: 'id' | 'ip', value: string): Promise<void> {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.loginThrottle(scope, value) }));
  },
};
