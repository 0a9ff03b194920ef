import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { keys, ttlIn } from './keys';

/**
 * Fixed-window request counters, `RATE#{scope}#{subject}#{window} / RATE`: one conditional
 * increment per request, refused at the limit; items expire with their window.
 */
export const rateLimitsStore = {
  /** Counts one request in the current window; false when the window is already at `limit`. */
  async take(
    scope: string,
    subject: string,
    limit: number,
    windowSeconds: number,
    now = Date.now(),
  ): Promise<{ allowed: boolean; windowEndsAt: number }> {
    const windowStart = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
    const windowEndsAt = (windowStart + windowSeconds) * 1000;
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.rateWindow(scope, subject, windowStart),
          UpdateExpression: 'SET #entity = :entity, #ttl = :ttl ADD #n :one',
          ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
          ExpressionAttributeNames: { '#n': 'n', '#ttl': 'ttl', '#entity': 'entity' },
          ExpressionAttributeValues: {
            ':one': 1,
            ':limit': limit,
            ':entity': 'rateWindow',
            ':ttl': ttlIn(windowSeconds * 2, now),
          },
        }),
      );
      return { allowed: true, windowEndsAt };
    } catch (err) {
      if (isConditionFailure(err)) return { allowed: false, windowEndsAt };
      throw err;
    }
  },
};
