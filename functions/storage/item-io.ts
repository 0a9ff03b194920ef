import {
  BatchGetCommand,
  BatchWriteCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { chunk, inParallel } from '#commons/batching';
import { backoffMs } from '#commons/retry';
import { isTransientFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import type { Key } from './keys';

/**
 * Multi-item reads and writes over the one DocumentClient, shared by the storage modules: queries
 * read page by page (every query of the storage modules goes through these), and batches whose
 * unprocessed leftovers (DynamoDB hands some back under load) are sent again with the one backoff of
 * commons/retry.ts.
 */

type Item = Record<string, unknown>;
/** Where the next page of a query starts (DynamoDB's LastEvaluatedKey), opaque to callers. */
export type QueryCursor = Record<string, unknown>;

/**
 * The pages of a query in order, each read once the one before has been used; leaving the loop stops
 * the reads. `pageLimit` sizes each next request (from what the caller has kept so far).
 */
export async function* queryPages(
  input: QueryCommandInput,
  pageLimit?: () => number,
): AsyncGenerator<QueryCommandOutput, void, undefined> {
  let cursor: QueryCursor | undefined;
  do {
    const out = await db().send(
      new QueryCommand({ ...input, ...(pageLimit && { Limit: pageLimit() }), ExclusiveStartKey: cursor }),
    );
    yield out;
    cursor = out.LastEvaluatedKey;
  } while (cursor);
}

/** Every page of a query. */
export async function queryAll(input: QueryCommandInput): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of queryPages(input)) items.push(...(page.Items ?? []));
  return items;
}

/**
 * The first `wanted` items of a query, pages read until enough are kept: `keep` drops (or maps) a
 * page's items, `pageLimit(missing)` sizes each request from how many are still missing.
 */
export async function queryFirst<T = Item>(
  input: QueryCommandInput,
  wanted: number,
  opts: { pageLimit: (missing: number) => number; keep?: (items: Item[]) => T[] | Promise<T[]> },
): Promise<T[]> {
  const kept: T[] = [];
  for await (const page of queryPages(input, () => opts.pageLimit(wanted - kept.length))) {
    const items = page.Items ?? [];
    kept.push(...(opts.keep ? await opts.keep(items) : (items as T[])));
    if (kept.length >= wanted) break;
  }
  return kept.slice(0, wanted);
}

/** How many items a query matches, over all its pages (`Select: COUNT`: no item comes back). */
export async function queryCount(input: QueryCommandInput): Promise<number> {
  let count = 0;
  for await (const page of queryPages({ ...input, Select: 'COUNT' })) count += page.Count ?? 0;
  return count;
}

/** One page of a query from `input.ExclusiveStartKey`, and where the next one starts (none at the end). */
export async function queryPage(input: QueryCommandInput): Promise<{ items: Item[]; cursor?: QueryCursor }> {
  const out = await db().send(new QueryCommand(input));
  return { items: out.Items ?? [], cursor: out.LastEvaluatedKey };
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
