import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { cancellationCodes } from '#commons/store-errors';
import { batchGetAll, batchWriteAll, putEach, queryAll } from './item-io';
import { keys, stripKeys, ttlIn } from './keys';
import { transact, type TransactItem } from './transactions';

/**
 * What rank-check workers reported: observations in per-pair-per-day partitions,
 * the "checked today" markers the work list subtracts, each pair's daily summary (the next day's
 * prev/yesterday rank) and the recompute job's state. Observations expire after 40 days; the slots'
 * rank days (slot-rank-days.ts) are the lasting history.
 */
export type ObservationStatus = 'found' | 'not_found' | 'failed';

export interface ObservationRecord {
  pairId: string;
  day: string;
  keyword: string;
  productId: string;
  itemId: string | null;
  vendorItemId: string | null;
  status: ObservationStatus;
  rank: number | null;
  depthScanned: number;
  observedAt: string;
  receivedAt: string;
  workerKeyId: string;
  evidence?: unknown;
  productName?: string | null;
  imageUrl?: string | null;
}

export interface PairDayRecord {
  pairId: string;
  day: string;
  /** Latest valid check of the day: its rank, 999 when not found; null when the day had none. */
  rank: number | null;
  /** That check's `observedAt`: when `rank` was measured; null when the day had none (absent on older days). */
  measuredAt?: string | null;
  min_rank: number | null;
  avg_rank: number | null;
  max_rank: number | null;
  found: number;
  notFound: number;
  failed: number;
  productName: string | null;
  imageUrl: string | null;
  /** The day's impressions and clicks as a worker last reported them; null when none came. */
  impressions?: number | null;
  clicks?: number | null;
}

/** A pair's impressions and clicks of one KST day (a later report replaces an earlier one). */
export interface PairMetricsRecord {
  pairId: string;
  day: string;
  impressions: number;
  clicks: number;
  reportedAt: string;
  workerKeyId: string;
}

export interface RankJobState {
  /** The last KST day whose history was closed (final after midnight). */
  closedDay: string | null;
  lastRun: Record<string, unknown> | null;
}

const OBSERVATION_TTL_SECONDS = 40 * 24 * 3600;
const PAIR_DAY_TTL_SECONDS = 40 * 24 * 3600;

/**
 * One all-or-nothing attempt at putting items that must not exist yet, with `linked` writes (the
 * counters that count them). Answers the positions that existed already (nothing was written; the
 * caller tries again without them), or [] when everything committed. Other failures are thrown.
 */
async function putNewItems(items: Array<Record<string, unknown>>, linked: TransactItem[]): Promise<number[]> {
  try {
    await transact([
      ...items.map((Item) => ({
        Put: { TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(PK)' },
      })),
      ...linked,
    ]);
    return [];
  } catch (err) {
    const codes = cancellationCodes(err);
    const present = (codes ?? []).flatMap((c, i) => (i < items.length && c === 'ConditionalCheckFailed' ? [i] : []));
    if (!codes || !present.length || !codes.every((c) => c === 'None' || c === 'ConditionalCheckFailed')) throw err;
    return present;
  }
}

export const rankObservationsStore = {
  /**
   * One attempt at storing observations that are not stored yet (keyed by pair and observedAt) with
   * the counters that count them, all or nothing: see putNewItems. The API's path (check-counts.ts).
   */
  putNew(records: ObservationRecord[], linked: TransactItem[]): Promise<number[]> {
    const ttl = ttlIn(OBSERVATION_TTL_SECONDS);
    return putNewItems(
      records.map((r) => ({
        ...keys.rankObservation(r.pairId, r.day, r.observedAt),
        entity: 'rankObservation',
        ttl,
        ...r,
      })),
      linked,
    );
  },

  /** One attempt at the checked-today markers of pairs not marked yet, with their count (as putNew). */
  markCheckedNew(marks: Array<{ day: string; pairId: string }>, linked: TransactItem[]): Promise<number[]> {
    const ttl = ttlIn(OBSERVATION_TTL_SECONDS);
    return putNewItems(
      marks.map((m) => ({
        ...keys.rankChecked(m.day, m.pairId),
        entity: 'rankChecked',
        ttl,
        pairId: m.pairId,
        day: m.day,
      })),
      linked,
    );
  },

  /**
   * Seeding only (benches, tests that need many checks fast): stores observations in batches without
   * counting them on the operations screen. Stores observations (a put per (pair, observedAt): the same check sent again lands on the same
   * item), each whole or not at all, then the checked-today marker of each pair with a stored valid
   * one. Answers the observations the store refused (nothing of them written). Callers pass no
   * duplicate keys.
   */
  async put(records: ObservationRecord[]): Promise<Array<{ record: ObservationRecord; error: unknown }>> {
    const ttl = ttlIn(OBSERVATION_TTL_SECONDS);
    const refused = await putEach(
      records.map((r) => ({
        ...keys.rankObservation(r.pairId, r.day, r.observedAt),
        entity: 'rankObservation',
        ttl,
        ...r,
      })),
    );
    const refusedAt = new Set(refused.map((r) => r.index));
    const checked = new Map<string, ObservationRecord>();
    records.forEach((r, i) => {
      if (r.status !== 'failed' && !refusedAt.has(i)) checked.set(`${r.day}#${r.pairId}`, r);
    });
    await batchWriteAll(
      [...checked.values()].map((r) => ({
        PutRequest: {
          Item: { ...keys.rankChecked(r.day, r.pairId), entity: 'rankChecked', ttl, pairId: r.pairId, day: r.day },
        },
      })),
    );
    return refused.map(({ index, error }) => ({ record: records[index], error }));
  },

  /** One pair's observations of one KST day, oldest first. */
  async ofPairDay(pairId: string, day: string): Promise<ObservationRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.rankObservationsOfDay(pairId, day).PK },
    });
    return items.map((i) => stripKeys<ObservationRecord>(i));
  },

  /** Every pair with a valid check on the day (the work list reads windows instead; `npm run bench rank-work` compares). */
  async checkedPairIds(day: string): Promise<Set<string>> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.rankCheckedOfDay(day).PK },
      ProjectionExpression: 'SK',
    });
    return new Set(items.map((i) => String(i.SK)));
  },

  /** Pairs with ids from `from` to `to` (inclusive) with a valid check on the day (one page of the work list). */
  async checkedInRange(day: string, from: string, to: string): Promise<Set<string>> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.rankCheckedOfDay(day).PK, ':from': from, ':to': to },
      ProjectionExpression: 'SK',
      ConsistentRead: true,
    });
    return new Set(items.map((i) => String(i.SK)));
  },

  /** Which of `pairIds` have a valid check on the day. */
  async checkedAmong(day: string, pairIds: string[]): Promise<Set<string>> {
    const items = pairIds.length
      ? await batchGetAll(
          pairIds.map((p) => keys.rankChecked(day, p)),
          { consistent: true, attributes: ['pairId'] },
        )
      : [];
    return new Set(items.map((i) => String(i.pairId)));
  },

  async pairDays(pairIds: string[], day: string): Promise<Map<string, PairDayRecord>> {
    const items = pairIds.length ? await batchGetAll(pairIds.map((p) => keys.rankPairDay(p, day))) : [];
    return new Map(items.map((i) => [String(i.pairId), stripKeys<PairDayRecord>(i)]));
  },

  async putPairDays(records: PairDayRecord[]): Promise<void> {
    const ttl = ttlIn(PAIR_DAY_TTL_SECONDS);
    await batchWriteAll(
      records.map((r) => ({
        PutRequest: { Item: { ...keys.rankPairDay(r.pairId, r.day), entity: 'rankPairDay', ttl, ...r } },
      })),
    );
  },

  /** Stores the reported day totals (a put per pair and day: a later report replaces the earlier). */
  async putMetrics(records: PairMetricsRecord[]): Promise<void> {
    const ttl = ttlIn(PAIR_DAY_TTL_SECONDS);
    await batchWriteAll(
      records.map((r) => ({
        PutRequest: { Item: { ...keys.rankPairMetrics(r.pairId, r.day), entity: 'rankPairMetrics', ttl, ...r } },
      })),
    );
  },

  async metricsOf(pairIds: string[], day: string): Promise<Map<string, PairMetricsRecord>> {
    const items = pairIds.length ? await batchGetAll(pairIds.map((p) => keys.rankPairMetrics(p, day))) : [];
    return new Map(items.map((i) => [String(i.pairId), stripKeys<PairMetricsRecord>(i)]));
  },

  async jobState(): Promise<RankJobState> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.rankJobState(), ConsistentRead: true }),
    );
    return {
      closedDay: (out.Item?.closedDay as string | undefined) ?? null,
      lastRun: (out.Item?.lastRun as Record<string, unknown> | undefined) ?? null,
    };
  },

  async putJobState(state: RankJobState): Promise<void> {
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...keys.rankJobState(), entity: 'rankJobState', ...state } }),
    );
  },
};
