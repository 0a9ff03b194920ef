import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { batchGetAll, batchWriteAll, queryAll, queryCount } from './item-io';
import { inParallel } from '#commons/batching';
import { keys, stripKeys, ttlIn } from './keys';

/**
 * Work leases: which worker checks a pair today (`RANKLEASE#{day} / {pairId}`), until when. A lease is
 * taken by a conditional put that only succeeds on a free, expired or already-own lease, so two workers
 * never both hold a pair. Also the checks posted without a live lease (`RANKUNLEASED#{day}`), one item
 * per check so a resent batch counts once.
 */
export interface RankLeaseRecord {
  day: string;
  pairId: string;
  /** `{workerKeyId}/{worker}`: the key and the process that holds the pair. */
  holder: string;
  workerKeyId: string;
  worker: string;
  takenAt: string;
  expiresAt: string;
}

export interface UnleasedCheckRecord {
  day: string;
  pairId: string;
  observedAt: string;
  workerKeyId: string;
  worker: string;
  /** Who held the pair's lease when the check came, if anyone did. */
  heldBy: string | null;
}

/** Leases outlive their day a little (a check observed before midnight may be posted after it). */
const LEASE_TTL_SECONDS = 2 * 24 * 3600;
const UNLEASED_TTL_SECONDS = 40 * 24 * 3600;
const LEASE_WRITES_IN_FLIGHT = 16;

export const rankLeasesStore = {
  /** The day's leases on pairs with ids from `from` to `to` (inclusive), live or not. */
  async inRange(day: string, from: string, to: string): Promise<Map<string, RankLeaseRecord>> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.rankLeasesOfDay(day).PK, ':from': from, ':to': to },
      ConsistentRead: true,
    });
    return new Map(items.map((i) => [String(i.SK), stripKeys<RankLeaseRecord>(i)]));
  },

  /** The leases of some pairs (the day of each given with it), live or not. */
  async ofPairs(pairs: Array<{ day: string; pairId: string }>): Promise<Map<string, RankLeaseRecord>> {
    const unique = [...new Map(pairs.map((p) => [`${p.day}#${p.pairId}`, p])).values()];
    const items = unique.length
      ? await batchGetAll(
          unique.map((p) => keys.rankLease(p.day, p.pairId)),
          { consistent: true },
        )
      : [];
    return new Map(items.map((i) => [`${String(i.day)}#${String(i.pairId)}`, stripKeys<RankLeaseRecord>(i)]));
  },

  /**
   * Takes or renews `lease` on each of `pairIds` where the pair is free, its lease expired by `now`, or
   * already the same holder's; answers the pairs it now holds (the others are held by someone else).
   */
  async take(
    day: string,
    pairIds: string[],
    lease: Omit<RankLeaseRecord, 'day' | 'pairId'>,
    now: string,
  ): Promise<Set<string>> {
    const held = new Set<string>();
    const ttl = ttlIn(LEASE_TTL_SECONDS);
    await inParallel(pairIds, LEASE_WRITES_IN_FLIGHT, async (pairId) => {
      try {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...keys.rankLease(day, pairId), entity: 'rankLease', ttl, day, pairId, ...lease },
            ConditionExpression: 'attribute_not_exists(PK) OR holder = :holder OR expiresAt <= :now',
            ExpressionAttributeValues: { ':holder': lease.holder, ':now': now },
          }),
        );
        held.add(pairId);
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    });
    return held;
  },

  /** Deletes the leases among `pairIds` that `holder` holds; answers how many it deleted. */
  async release(day: string, pairIds: string[], holder: string): Promise<number> {
    let released = 0;
    await inParallel(pairIds, LEASE_WRITES_IN_FLIGHT, async (pairId) => {
      try {
        await db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: keys.rankLease(day, pairId),
            ConditionExpression: 'holder = :holder',
            ExpressionAttributeValues: { ':holder': holder },
          }),
        );
        released++;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    });
    return released;
  },

  /** Records checks posted without a live lease (a put per check: sent again, it lands on the same item). */
  async putUnleased(records: UnleasedCheckRecord[]): Promise<void> {
    const ttl = ttlIn(UNLEASED_TTL_SECONDS);
    await batchWriteAll(
      records.map((r) => ({
        PutRequest: {
          Item: {
            ...keys.rankUnleasedCheck(r.day, r.pairId, r.observedAt),
            entity: 'rankUnleasedCheck',
            ttl,
            ...r,
          },
        },
      })),
    );
  },

  /** How many checks of a KST day came without a live lease. */
  unleasedCount: (day: string): Promise<number> =>
    queryCount({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.rankUnleasedChecksOfDay(day).PK },
    }),
};
