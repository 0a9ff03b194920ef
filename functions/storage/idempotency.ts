import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { isExpired, keys, ttlIn } from './keys';

/** A record an idempotent mutation leaves so a retry gets the first answer (cash and bulk calls). */
export const idempotencyStore = {
  async get<T>(scope: string, key: string): Promise<T | undefined> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.idempotency(scope, key) }));
    return out.Item && !isExpired(out.Item) ? (out.Item.result as T) : undefined;
  },
  async put(scope: string, key: string, result: unknown, ttlSeconds = 86400): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.idempotency(scope, key), entity: 'idempotency', result, ttl: ttlIn(ttlSeconds) },
      }),
    );
  },
};
