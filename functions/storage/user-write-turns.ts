import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * A ticket line per user, `USER#{userId} / WRITETURNS`: `next` is the last ticket handed out,
 * `serving` the ticket whose turn it is and `servingSince` when that turn began (epoch ms).
 * Tickets start at 1; an item without `serving` is serving ticket 1.
 */
export interface TurnState {
  serving: number;
  servingSince: number;
}

export const userWriteTurnsStore = {
  /**
   * The next ticket (one atomic increment: never fails, never repeats). The line's first take also
   * starts the first turn's clock: no hand-over ever set it, and without it a first turn whose holder
   * never passed it on could not be seen as held too long.
   */
  async take(userId: string): Promise<number> {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userWriteTurns(userId),
        UpdateExpression: 'SET #entity = :entity, #since = if_not_exists(#since, :now) ADD #next :one',
        ExpressionAttributeNames: { '#next': 'next', '#entity': 'entity', '#since': 'servingSince' },
        ExpressionAttributeValues: { ':one': 1, ':entity': 'userWriteTurns', ':now': Date.now() },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return out.Attributes?.next as number;
  },

  async read(userId: string): Promise<TurnState> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.userWriteTurns(userId), ConsistentRead: true }),
    );
    return {
      serving: (out.Item?.serving as number | undefined) ?? 1,
      servingSince: (out.Item?.servingSince as number | undefined) ?? 0,
    };
  },

  /** Ends turn `ticket` (the next one begins now); false when the line already moved past it. */
  async pass(userId: string, ticket: number, now = Date.now()): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.userWriteTurns(userId),
          UpdateExpression: 'SET #serving = :next, #since = :now',
          ConditionExpression:
            ticket === 1 ? '(attribute_not_exists(#serving) OR #serving = :ticket)' : '#serving = :ticket',
          ExpressionAttributeNames: { '#serving': 'serving', '#since': 'servingSince' },
          ExpressionAttributeValues: { ':next': ticket + 1, ':now': now, ':ticket': ticket },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },
};
