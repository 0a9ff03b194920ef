import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { failureReasons, type DayCoverageDto, type FailureReason } from '#shared/rank-operations';
import { db, tableName } from './client';
import { queryAll } from './item-io';
import { keys, stripKeys, ttlIn } from './keys';
import type { TransactItem } from './transactions';

/**
 * The rank operations counters: per KST day (checks by outcome and failure reason, pairs checked, the
 * day's due pairs), per ten-minute window (checks and failures, for the last hour) and per worker key
 * per day. They are added to in the same transaction that stores the checks they count, so the screen
 * and the alerts read a few small items instead of every check.
 */
export interface CheckTally {
  /** Per KST day of the checks. */
  days: Map<
    string,
    {
      checks: number;
      found: number;
      notFound: number;
      failed: number;
      failedBy: Partial<Record<FailureReason, number>>;
    }
  >;
  /** Per ten-minute window of arrival. */
  windows: Map<string, { checks: number; failed: number }>;
  /** Per `{day}#{keyId}`. */
  keyDays: Map<string, { day: string; keyId: string; checks: number; failed: number }>;
  /** The instant the checks arrived (each key's last check). */
  at: string;
}

/** A day's counters as stored: the very shape the operations screen shows. */
export type DayCountsRecord = DayCoverageDto;

export interface KeyDayRecord {
  keyId: string;
  day: string;
  checks: number;
  failed: number;
  lastCheckAt: string | null;
}

const DAY_TTL_SECONDS = 40 * 24 * 3600;
const WINDOW_TTL_SECONDS = 2 * 24 * 3600;

/** The ten-minute window (UTC) an instant falls in, as its sort key: `2026-12-07T06:10`. */
export const windowOf = (at: Date): string => `${at.toISOString().slice(0, 15)}0`;

/** `ADD a :a, b :b` over the non-zero counts, with their values. */
function adds(counts: Record<string, number>) {
  const entries = Object.entries(counts).filter(([, n]) => n !== 0);
  return {
    expr: entries.map((_, i) => `#c${i} :c${i}`).join(', '),
    names: Object.fromEntries(entries.map(([k], i) => [`#c${i}`, k])),
    values: Object.fromEntries(entries.map(([, n], i) => [`:c${i}`, n])),
  };
}

function update(
  key: Record<string, unknown>,
  counts: Record<string, number>,
  set: Record<string, unknown>,
): TransactItem {
  const add = adds(counts);
  const sets = Object.entries(set);
  const setExpr = sets.map((_, i) => `#s${i} = :s${i}`).join(', ');
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: [sets.length ? `SET ${setExpr}` : '', add.expr ? `ADD ${add.expr}` : ''].join(' ').trim(),
      ExpressionAttributeNames: { ...add.names, ...Object.fromEntries(sets.map(([k], i) => [`#s${i}`, k])) },
      ExpressionAttributeValues: { ...add.values, ...Object.fromEntries(sets.map(([, v], i) => [`:s${i}`, v])) },
    },
  };
}

const dayFromItem = (item: Record<string, unknown>): DayCountsRecord => {
  const n = (k: string) => Number(item[k] ?? 0);
  return {
    day: String(item.SK),
    due: typeof item.due === 'number' ? item.due : null,
    pairsChecked: n('pairsChecked'),
    checks: n('checks'),
    found: n('found'),
    notFound: n('notFound'),
    failed: n('failed'),
    failedBy: Object.fromEntries(failureReasons.map((r) => [r, n(`failed_${r}`)])) as Record<FailureReason, number>,
  };
};

export const rankOpsCountersStore = {
  /**
   * The updates that add a tally to the counters, for the transaction that stores the checks. `due`
   * (the day's tracked pairs, when the caller knows them) is set on that day's item.
   */
  tallyUpdates(tally: CheckTally, due?: { day: string; pairs: number }): TransactItem[] {
    const items: TransactItem[] = [];
    for (const [day, c] of tally.days) {
      const failedBy = Object.fromEntries(Object.entries(c.failedBy).map(([r, n]) => [`failed_${r}`, n ?? 0]));
      items.push(
        update(
          keys.rankOpsDay(day),
          { checks: c.checks, found: c.found, notFound: c.notFound, failed: c.failed, ...failedBy },
          {
            entity: 'rankOpsDay',
            ttl: ttlIn(DAY_TTL_SECONDS),
            ...(due && due.day === day ? { due: due.pairs } : {}),
          },
        ),
      );
    }
    for (const [window, c] of tally.windows)
      items.push(update(keys.rankOpsWindow(window), c, { entity: 'rankOpsWindow', ttl: ttlIn(WINDOW_TTL_SECONDS) }));
    for (const c of tally.keyDays.values())
      items.push(
        update(
          keys.rankOpsKeyDay(c.day, c.keyId),
          { checks: c.checks, failed: c.failed },
          { entity: 'rankOpsKeyDay', ttl: ttlIn(DAY_TTL_SECONDS), keyId: c.keyId, day: c.day, lastCheckAt: tally.at },
        ),
      );
    return items;
  },

  /** Adds newly checked pairs to a day's count (with the markers that record them). */
  pairsCheckedUpdate(day: string, pairs: number): TransactItem {
    return update(keys.rankOpsDay(day), { pairsChecked: pairs }, { entity: 'rankOpsDay', ttl: ttlIn(DAY_TTL_SECONDS) });
  },

  /** Records how many pairs a day has to check (the work list's size). */
  async setDue(day: string, pairs: number): Promise<void> {
    await db().send(
      new UpdateCommand(
        update(keys.rankOpsDay(day), {}, { entity: 'rankOpsDay', due: pairs, ttl: ttlIn(DAY_TTL_SECONDS) }).Update!,
      ),
    );
  },

  /** The days from `from` to `to` (inclusive) that have counts, oldest first: one query. */
  async days(from: string, to: string): Promise<DayCountsRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.rankOpsDays().PK, ':from': from, ':to': to },
      ConsistentRead: true,
    });
    return items.map(dayFromItem);
  },

  /** Checks and failures received since the window `from` (inclusive). */
  async windowsSince(from: string): Promise<{ checks: number; failed: number }> {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK >= :from',
        ExpressionAttributeValues: { ':pk': keys.rankOpsWindows().PK, ':from': from },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).reduce<{ checks: number; failed: number }>(
      (a, i) => ({ checks: a.checks + Number(i.checks ?? 0), failed: a.failed + Number(i.failed ?? 0) }),
      { checks: 0, failed: 0 },
    );
  },

  /** Every key's counts of a KST day. */
  async keysOfDay(day: string): Promise<KeyDayRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.rankOpsKeysOfDay(day).PK },
    });
    return items.map((i) => {
      const r = stripKeys<KeyDayRecord>(i);
      return { ...r, checks: Number(r.checks ?? 0), failed: Number(r.failed ?? 0), lastCheckAt: r.lastCheckAt ?? null };
    });
  },
};
