import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { isExpired, keys, ttlIn } from './keys';

/**
 * A sign-in half done: the password was right, the code is still to come. Stored by the hash of the
 * opaque challenge the password step answered, for a few minutes; the right code takes it (once).
 */
export interface SecondFactorChallengeRecord {
  userId: string;
  createdAt: string;
  ttl: number;
}

export const secondFactorChallengesStore = {
  async put(challengeHash: string, userId: string, seconds: number): Promise<void> {
    const now = Date.now();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.secondFactorChallenge(challengeHash),
          entity: 'secondFactorChallenge',
          userId,
          createdAt: new Date(now).toISOString(),
          ttl: ttlIn(seconds, now),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },

  /** The challenge, unless unknown, taken or past its time (DynamoDB deletes expired items late). */
  async get(challengeHash: string): Promise<SecondFactorChallengeRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.secondFactorChallenge(challengeHash), ConsistentRead: true }),
    );
    const item = out.Item as SecondFactorChallengeRecord | undefined;
    return item && !isExpired(item) ? item : undefined;
  },

  /** Takes the challenge: true for exactly one caller, so one password step yields one session. */
  async take(challengeHash: string): Promise<boolean> {
    try {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.secondFactorChallenge(challengeHash),
          ConditionExpression: 'attribute_exists(PK) AND #ttl > :now',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':now': Math.floor(Date.now() / 1000) },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },
};
