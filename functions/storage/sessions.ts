import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { isExpired, keys, ttlIn } from './keys';
import { isConditionFailure } from './errors';

/**
 * Refresh-token families (design §4). A family starts at sign-in; each refresh marks the presented
 * token used and adds its successor in one transaction. Presenting a used token again revokes the
 * whole family (a stolen token was replayed).
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

export const sessionsStore = {
  async startFamily(family: RefreshFamily, firstTokenHash: string): Promise<void> {
    const ttl = Math.floor(Date.parse(family.expiresAt) / 1000);
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...keys.refreshFamily(family.familyId), entity: 'refreshFamily', ...family, ttl } } },
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
    const ttl = Math.floor(Date.parse(family.expiresAt) / 1000);
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
            {
              ConditionCheck: {
                TableName: tableName(),
                Key: keys.refreshFamily(family.familyId),
                ConditionExpression: 'revoked = :false',
                ExpressionAttributeValues: { ':false': false },
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...keys.refreshToken(newHash),
                  entity: 'refreshToken',
                  tokenHash: newHash,
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
      return 'rotated';
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const reasons = (err as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
      return reasons[1]?.Code === 'ConditionalCheckFailed' ? 'revoked' : 'reused';
    }
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

/** Failed sign-in counters per login id and per IP address (design §4 throttling). */
export interface ThrottleState {
  failures: number;
  lockedUntil: number;
}

export const loginThrottleStore = {
  async get(scope: 'id' | 'ip', value: string): Promise<ThrottleState | undefined> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.loginThrottle(scope, value) }));
    const item = out.Item as (ThrottleState & { ttl: number }) | undefined;
    return item && !isExpired(item) ? item : undefined;
  },

  /** Adds one failure atomically and returns the new count; the window resets after an idle hour. */
  async recordFailure(scope: 'id' | 'ip', value: string): Promise<number> {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.loginThrottle(scope, value),
        UpdateExpression: 'SET failures = if_not_exists(failures, :zero) + :one, #ttl = :ttl, lockedUntil = if_not_exists(lockedUntil, :zero)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':ttl': ttlIn(3600) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Number(out.Attributes?.failures ?? 1);
  },

  async lock(scope: 'id' | 'ip', value: string, until: number): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.loginThrottle(scope, value),
        UpdateExpression: 'SET lockedUntil = :until',
        ExpressionAttributeValues: { ':until': until },
      }),
    );
  },

  async clear(scope: 'id' | 'ip', value: string): Promise<void> {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.loginThrottle(scope, value) }));
  },
};
