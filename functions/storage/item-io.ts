import {
  BatchGetCommand,
  BatchWriteCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { backoffMs } from '#commons/retry';
import { isTransientFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import type { Key } from './keys';

/**
 * Multi-item reads and writes over the one DocumentClient, shared by the storage modules: whole
 * queries, and batches whose unprocessed leftovers (DynamoDB hands some back under load) are sent
 * again with the one backoff of commons/retry.ts.
 */

/** Every page of a query. */
export async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: cursor }));
    items.push(...(out.Items ?? []));
    cursor = out.LastEvaluatedKey;
  } while (cursor);
  return items;
}

export const chunk = <T>(list: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** Runs `work` over items with at most `limit` in flight. */
export async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

const MAX_LEFTOVER_ROUNDS = 10;
const pause = (round: number) => new Promise((resolve) => setTimeout(resolve, backoffMs(round)));

/** BatchWrite in requests of 25, 4 at once, until nothing is left unprocessed. */
export async function batchWriteAll(requests: Array<Record<string, unknown>>): Promise<void> {
  await inParallel(chunk(requests, 25), 4, async (part) => {
    let pending = part;
    for (let round = 0; pending.length; round++) {
      if (round > MAX_LEFTOVER_ROUNDS) throw new Error('BatchWrite left unprocessed items');
      if (round) await pause(round);
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending as never } }));
      pending = (out.UnprocessedItems?.[tableName()] ?? []) as Array<Record<string, unknown>>;
    }
  });
}

/**
 * Puts items in BatchWrites of 25 (4 at once), each item whole or not at all. One item the store
 * cannot keep makes BatchWriteItem refuse its whole request, so such a chunk is put again one item at
 * a time; the items still refused come back (position and error) and nothing of them was written.
 * A busy store is thrown as before: the caller answers "busy", and a retry rewrites the same keys.
 */
export async function putEach(
  items: Array<Record<string, unknown>>,
): Promise<Array<{ index: number; error: unknown }>> {
  const refused: Array<{ index: number; error: unknown }> = [];
  const indexed = items.map((item, index) => ({ item, index }));
  await inParallel(chunk(indexed, 25), 4, async (part) => {
    try {
      await batchWriteAll(part.map(({ item }) => ({ PutRequest: { Item: item } })));
    } catch (err) {
      if (isTransientFailure(err)) throw err;
      for (const { item, index } of part) {
        try {
          await db().send(new PutCommand({ TableName: tableName(), Item: item }));
        } catch (error) {
          if (isTransientFailure(error)) throw error;
          refused.push({ index, error });
        }
      }
    }
  });
  return refused.sort((a, b) => a.index - b.index);
}

/** BatchGet in requests of 100 until nothing is left unprocessed; items in no particular order. */
export async function batchGetAll(
  itemKeys: Key[],
  opts: { consistent?: boolean; attributes?: readonly string[] } = {},
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  // Every attribute through a name placeholder: many (role, ttl, status) are reserved words.
  const names = opts.attributes?.map((a) => `#${a}`);
  for (const part of chunk(itemKeys, 100)) {
    let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead?: boolean }> | undefined = {
      [tableName()]: {
        Keys: part,
        ConsistentRead: opts.consistent,
        ...(names && {
          ProjectionExpression: names.join(),
          ExpressionAttributeNames: Object.fromEntries(names.map((n) => [n, n.slice(1)])),
        }),
      },
    };
    for (let round = 0; request && Object.keys(request).length; round++) {
      if (round > MAX_LEFTOVER_ROUNDS) throw new Error('BatchGet left unprocessed keys');
      if (round) await pause(round);
      const out = await db().send(new BatchGetCommand({ RequestItems: request }));
      found.push(...(out.Responses?.[tableName()] ?? []));
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return found;
}

/** Deletes items by key, batched. */
export const deleteAll = (itemKeys: Key[]) => batchWriteAll(itemKeys.map((Key) => ({ DeleteRequest: { Key } })));
