import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { isExpired, keys, ttlIn } from './keys';

/** The answer an idempotent operation gave, replayed to a retry with the same key (24 h). */
export const idempotencyStore = {
  async get<T>(scope: string, key: string): Promise<T | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.idempotency(scope, key), ConsistentRead: true }),
    );
    return out.Item && !isExpired(out.Item) ? (out.Item.result as T) : undefined;
  },
  async put(scope: string, key: string, result: unknown, ttlSeconds = 86_400): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.idempotency(scope, key), entity: 'idempotency', result, ttl: ttlIn(ttlSeconds) },
      }),
    );
  },
};

/** What an Idempotency-Key was first used for: the route and the request's fingerprint. */
export interface KeyBinding {
  routeKey: string;
  fingerprint: string;
}

/** The successful answer a keyed request gave, replayed as it was to the same request again. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/**
 * Idempotency-Key bindings, `IDEM#request#{userId}#{key} / IDEM` (24 h): the first request with a
 * key binds it; a later request with the same key must be the same request. Once the first request
 * succeeded its answer is kept on the binding and replayed; money paths also keep their own records
 * (ledger, bulk and charge-request keys), which settle a race between two requests still running.
 */
export const requestKeysStore = {
  /** Binds the key, or answers the binding it already has. */
  async bind(
    userId: string,
    key: string,
    binding: KeyBinding,
    ttlSeconds = 86_400,
  ): Promise<{ bound: true } | { bound: false; existing: KeyBinding & { answer?: StoredAnswer } }> {
    const itemKey = keys.idempotency(`request#${userId}`, key);
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...itemKey, entity: 'requestKey', ...binding, ttl: ttlIn(ttlSeconds) },
          // An expired binding (DynamoDB deletes late) may be taken again.
          ConditionExpression: 'attribute_not_exists(PK) OR #ttl < :now',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':now': Math.floor(Date.now() / 1000) },
        }),
      );
      return { bound: true };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: itemKey, ConsistentRead: true }));
    if (!out.Item || isExpired(out.Item)) return { bound: true };
    return {
      bound: false,
      existing: {
        routeKey: out.Item.routeKey as string,
        fingerprint: out.Item.fingerprint as string,
        answer: out.Item.answer as StoredAnswer | undefined,
      },
    };
  },

  /** Keeps the answer of the request that holds the binding (the binding must still exist). */
  async saveAnswer(userId: string, key: string, answer: StoredAnswer): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.idempotency(`request#${userId}`, key),
        UpdateExpression: 'SET answer = :answer',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':answer': answer },
      }),
    );
  },
};
