import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { queryPages } from './item-io';
import { isExpired, keys } from './keys';
import { isConditionFailure } from '#commons/store-errors';

/**
 * Refresh-token families. A family starts at sign-in; each refresh marks the presented
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
  /** When this session last proved the second factor (sign-in code, enrolment, step-up); absent: never. */
  secondFactorAt?: string | null;
  /**
   * Started while its staff account had to enrol a second factor and had none; removed when the
   * session proves a code. The HTTP gate decides from the settings; sockets, which cannot read
   * them, go by this mark.
   */
  enrolmentOnly?: boolean;
  /** Where the session signed in from: the viewer address and the browser's User-Agent (cut short). */
  ip?: string;
  userAgent?: string;
  /**
   * The last refresh (token rotation) and its address: written by the rotation itself, never by an
   * ordinary API call, so it lags real use by up to one access token's lifetime.
   */
  lastUsedAt?: string;
  lastIp?: string;
}

/** Who rotates a token: when and from where (the session list's "last used"). */
export interface SeenAt {
  at: string;
  ip: string;
}

export interface RefreshTokenRecord {
  tokenHash: string;
  familyId: string;
  userId: string;
  usedAt: string | null;
  ttl: number;
}

const FAMILY_FIELDS: Array<keyof RefreshFamily> = [
  'familyId',
  'userId',
  'actorId',
  'revoked',
  'expiresAt',
  'createdAt',
  'ip',
  'userAgent',
  'lastUsedAt',
  'lastIp',
];

export type RotateOutcome = 'rotated' | 'reused' | 'revoked';

/**
 * Rotation items: the family must still be live, and the successor token is new. The family's
 * condition is an update that also records the rotation as the session's last use, so "last used"
 * costs no write of its own.
 */
const familyLive = (family: RefreshFamily, seen: SeenAt) => ({
  Update: {
    TableName: tableName(),
    Key: keys.refreshFamily(family.familyId),
    UpdateExpression: 'SET lastUsedAt = :at, lastIp = :ip',
    ConditionExpression: 'revoked = :false',
    ExpressionAttributeValues: { ':false': false, ':at': seen.at, ':ip': seen.ip },
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
  async rotate(oldHash: string, newHash: string, family: RefreshFamily, seen: SeenAt): Promise<RotateOutcome> {
    const now = seen.at;
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
            familyLive(family, seen),
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
  async rotateUsed(
    oldHash: string,
    newHash: string,
    family: RefreshFamily,
    usedSince: string,
    seen: SeenAt,
  ): Promise<RotateOutcome> {
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
            familyLive(family, seen),
            putSuccessor(newHash, family),
          ],
        }),
      );
      return 'rotated';
    } catch (err) {
      return rotateFailure(err);
    }
  },

  /** The user's live families (GSI1, all pages), oldest sign-in first: the session list. */
  async liveFamiliesOf(userId: string, now = new Date()): Promise<RefreshFamily[]> {
    const families: RefreshFamily[] = [];
    const pages = queryPages({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: 'revoked = :false AND expiresAt > :now',
      ExpressionAttributeValues: {
        ':pk': keys.refreshFamiliesOfUser(userId).GSI1PK,
        ':false': false,
        ':now': now.toISOString(),
      },
      ProjectionExpression: FAMILY_FIELDS.map((_, i) => `#f${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(FAMILY_FIELDS.map((f, i) => [`#f${i}`, f])),
    });
    for await (const out of pages) families.push(...((out.Items ?? []) as RefreshFamily[]));
    return families;
  },

  /**
   * Ends one live family of `userId` and says whether this call ended it. The owner is part of the
   * write's condition, so a family id of another account ends nothing (false), whatever was read before.
   */
  async endFamilyOf(userId: string, familyId: string, now = new Date()): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.refreshFamily(familyId),
          UpdateExpression: 'SET revoked = :true',
          ConditionExpression: 'attribute_exists(PK) AND userId = :user AND revoked <> :true AND expiresAt > :now',
          ExpressionAttributeValues: { ':true': true, ':user': userId, ':now': now.toISOString() },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  /**
   * Revokes the user's live families except `keepFamilyId`. With `keepSwitchSessions`, families a
   * developer holds while acting as the user (user-switch, `actorId` set) stay: they are the
   * developer's session, and the way back to the developer's own account.
   */
  async revokeOtherFamilies(
    userId: string,
    keepFamilyId: string,
    opts: { keepSwitchSessions?: boolean } = {},
  ): Promise<string[]> {
    const revoked: string[] = [];
    const pages = queryPages({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: 'revoked = :false AND expiresAt > :now',
      ExpressionAttributeValues: {
        ':pk': keys.refreshFamiliesOfUser(userId).GSI1PK,
        ':false': false,
        ':now': new Date().toISOString(),
      },
      ProjectionExpression: 'familyId, actorId',
    });
    for await (const out of pages) {
      const others = (out.Items ?? [])
        .filter((i) => !(opts.keepSwitchSessions && i.actorId))
        .map((i) => String(i.familyId))
        .filter((id) => id !== keepFamilyId);
      await Promise.all(others.map((id) => this.revokeFamily(id)));
      revoked.push(...others);
    }
    return revoked;
  },

  /**
   * Ends a live family and says whether this call ended it: false when it was already revoked,
   * expired or unknown (a second switch-back with the same token finds nothing left to end).
   */
  async endLiveFamily(familyId: string, now = new Date()): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.refreshFamily(familyId),
          UpdateExpression: 'SET revoked = :true',
          ConditionExpression: 'attribute_exists(PK) AND revoked <> :true AND expiresAt > :now',
          ExpressionAttributeValues: { ':true': true, ':now': now.toISOString() },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  /** Records that the live session just proved the second factor (step-up, enrolment); false if it has ended. */
  async markSecondFactor(familyId: string, at: string): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.refreshFamily(familyId),
          UpdateExpression: 'SET secondFactorAt = :at REMOVE enrolmentOnly',
          ConditionExpression: 'attribute_exists(PK) AND revoked <> :true',
          ExpressionAttributeValues: { ':at': at, ':true': true },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  async revokeFamily(familyId: string): Promise<void> {
    await db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.refreshFamily(familyId),
          UpdateExpression: 'SET revoked = :true',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':true': true },
        }),
      )
      .catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
  },
};
