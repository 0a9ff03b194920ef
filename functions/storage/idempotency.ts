import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/** A binding as stored: its answer once the request that holds it succeeded, else who runs it and until when. */
export interface StoredBinding extends KeyBinding {
  answer?: StoredAnswer;
  /** The running request's own token; absent once its answer is kept. */
  holder?: string;
  /** Epoch ms after which a request that never finished is taken to have died, and its key may run again. */
  pendingUntil?: number;
}

const DAY_SECONDS = 86_400;

/**
 * Idempotency-Key bindings, `IDEM#request#{userId}#{key} / IDEM` (24 h): the first request with a
 * key binds it, marked pending (its holder and lease) while it runs; a later request with the same
 * key must be the same request. Once the first request succeeded its answer replaces the pending
 * mark and is replayed; when it failed, its binding is released so the same request may run again.
 */
export const requestKeysStore = {
  /** Binds the key to a request that starts now, or answers the binding it already has. */
  async bind(
    userId: string,
    key: string,
    binding: KeyBinding & { holder: string; pendingUntil: number },
  ): Promise<{ bound: true } | { bound: false; existing: StoredBinding }> {
    const itemKey = keys.idempotency(`request#${userId}`, key);
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...itemKey, entity: 'requestKey', ...binding, ttl: ttlIn(DAY_SECONDS) },
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
    const existing = await requestKeysStore.get(userId, key);
    return existing ? { bound: false, existing } : { bound: true };
  },

  /** The binding as it is now (read consistently), or undefined when there is none. */
  async get(userId: string, key: string): Promise<StoredBinding | undefined> {
    const out = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.idempotency(`request#${userId}`, key),
        ConsistentRead: true,
      }),
    );
    if (!out.Item || isExpired(out.Item)) return undefined;
    return {
      routeKey: out.Item.routeKey as string,
      fingerprint: out.Item.fingerprint as string,
      answer: out.Item.answer as StoredAnswer | undefined,
      holder: out.Item.holder as string | undefined,
      pendingUntil: out.Item.pendingUntil as number | undefined,
    };
  },

  /**
   * Takes over a binding whose request never finished (its lease ran out, or it has no pending mark):
   * true when this request now holds it, false when another got there first or its answer came.
   */
  async takeOver(
    userId: string,
    key: string,
    from: { holder?: string },
    to: { holder: string; pendingUntil: number },
  ): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.idempotency(`request#${userId}`, key),
          UpdateExpression: 'SET holder = :holder, pendingUntil = :until',
          ConditionExpression: from.holder
            ? 'attribute_not_exists(answer) AND holder = :old'
            : 'attribute_exists(PK) AND attribute_not_exists(answer) AND attribute_not_exists(holder)',
          ExpressionAttributeValues: {
            ':holder': to.holder,
            ':until': to.pendingUntil,
            ...(from.holder ? { ':old': from.holder } : {}),
          },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  /** Extends the holder's pending mark while it runs; false once the binding is no longer its own. */
  async renew(userId: string, key: string, holder: string, pendingUntil: number): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.idempotency(`request#${userId}`, key),
          UpdateExpression: 'SET pendingUntil = :until',
          ConditionExpression: 'holder = :holder AND attribute_not_exists(answer)',
          ExpressionAttributeValues: { ':holder': holder, ':until': pendingUntil },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  /** Keeps the answer of the request that holds the binding, in place of its pending mark. */
  async saveAnswer(userId: string, key: string, answer: StoredAnswer): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.idempotency(`request#${userId}`, key),
        UpdateExpression: 'SET answer = :answer REMOVE holder, pendingUntil',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':answer': answer },
      }),
    );
  },

  /** Releases the binding its holder still holds without an answer (the request failed). */
  async release(userId: string, key: string, holder: string): Promise<void> {
    try {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.idempotency(`request#${userId}`, key),
          ConditionExpression: 'holder = :holder AND attribute_not_exists(answer)',
          ExpressionAttributeValues: { ':holder': holder },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  },
};
