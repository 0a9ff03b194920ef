import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { queryFirst } from './item-io';
import { keys, stripKeys, ttlIn } from './keys';

/**
 * One run of the rank recompute job: the planner cuts the day's tracked pairs into
 * units (pair-id ranges), each unit records its result here when it is done, and the run is complete
 * when every unit is. A run is kept a week: what an operator looks at when a day's ranks look stale.
 */
export interface RecomputeUnitResult {
  slots: number;
  pairs: number;
  checks: { found: number; notFound: number; failed: number };
  suspect: boolean;
  slotsWritten: number;
  rankDaysWritten: number;
  alerts: number;
  ms: number;
  finishedAt: string;
}

export interface RecomputeRunRecord {
  runId: string;
  /** The KST day computed and the instant the run stands for (alerts carry it). */
  day: string;
  at: string;
  /** Whether the run also closes the day before (the first run after midnight KST). */
  closing: boolean;
  /** Unit i covers the pair ids from starts[i] (inclusive) to starts[i + 1] (exclusive); starts[0] is ''. */
  starts: string[];
  plannedAt: string;
  /** Indexes of the finished units (a set: a unit finishing twice counts once). */
  done: number[];
  results: Record<string, RecomputeUnitResult>;
  /** The last failure of each unit that failed at least once (a retry that succeeds leaves it as history). */
  failures: Record<string, { at: string; error: string }>;
  completedAt: string | null;
}

const RUN_TTL_SECONDS = 7 * 24 * 3600;

const fromItem = (item: Record<string, unknown>): RecomputeRunRecord => {
  const run = stripKeys<RecomputeRunRecord & { done?: Set<number> }>(item);
  return {
    ...run,
    done: [...(run.done ?? new Set<number>())].map(Number).sort((a, b) => a - b),
    results: run.results ?? {},
    failures: run.failures ?? {},
    completedAt: run.completedAt ?? null,
  };
};

export const rankRecomputeRunsStore = {
  /** Stores a new run; answers the stored one when the run id exists already (a planner invoked twice). */
  async create(
    run: Omit<RecomputeRunRecord, 'done' | 'results' | 'failures' | 'completedAt'>,
  ): Promise<RecomputeRunRecord> {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.rankRecomputeRun(run.runId),
            ...keys.rankRecomputeRunListing(run.plannedAt, run.runId),
            entity: 'rankRecomputeRun',
            ttl: ttlIn(RUN_TTL_SECONDS),
            ...run,
            results: {},
            failures: {},
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return { ...run, done: [], results: {}, failures: {}, completedAt: null };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return (await this.get(run.runId))!;
    }
  },

  /** The latest runs, newest first (the operations screen). */
  async latest(limit: number): Promise<RecomputeRunRecord[]> {
    const items = await queryFirst(
      {
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.rankRecomputeRunListing().GSI1PK },
        ScanIndexForward: false,
      },
      limit,
      { pageLimit: (missing) => missing },
    );
    return items.map(fromItem);
  },

  async get(runId: string): Promise<RecomputeRunRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.rankRecomputeRun(runId), ConsistentRead: true }),
    );
    return out.Item ? fromItem(out.Item) : undefined;
  },

  /** Marks unit `index` done with its result (idempotent: the set holds it once); answers the run after it. */
  async unitDone(runId: string, index: number, result: RecomputeUnitResult): Promise<RecomputeRunRecord> {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rankRecomputeRun(runId),
        UpdateExpression: 'SET results.#i = :result ADD done :index',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#i': String(index) },
        ExpressionAttributeValues: { ':result': result, ':index': new Set([index]) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(out.Attributes!);
  },

  async unitFailed(runId: string, index: number, failure: { at: string; error: string }): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rankRecomputeRun(runId),
        UpdateExpression: 'SET failures.#i = :failure',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#i': String(index) },
        ExpressionAttributeValues: { ':failure': failure },
      }),
    );
  },

  /** Sets the run complete; answers false when another unit's finish already did. */
  async complete(runId: string, at: string): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.rankRecomputeRun(runId),
          UpdateExpression: 'SET completedAt = :at',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(completedAt)',
          ExpressionAttributeValues: { ':at': at },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },
};
