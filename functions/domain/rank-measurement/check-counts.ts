import { failureReasonOf } from '#shared/rank-operations';
import { isTransientFailure } from '#commons/store-errors';
import { retrying } from '#commons/retry';
import { ThrottledError } from '#commons/errors';
import { chunk, inParallel } from '#commons/batching';
import { rankObservationsStore, type ObservationRecord } from '../../storage/rank-observations';
import { rankOpsCountersStore, windowOf, type CheckTally } from '../../storage/rank-ops-counters';

/**
 * Stores a batch's checks and counts each one on the operations counters exactly once: a check and
 * its counts commit in one transaction that puts the check only if it is not stored yet, so a batch
 * sent again (a worker that lost the answer) stores and counts nothing twice. The pairs' checked-today
 * markers follow the same way and count the day's checked pairs. A check the store refuses is
 * answered as refused, alone (its transaction-mates are stored one by one).
 */
/**
 * Checks per transaction: with their counter updates (two days, one window, a key's two days at most)
 * well inside DynamoDB's 100 items. The transactions of a batch go one after another: side by side they
 * would update the same counter items and lose to each other (transaction conflicts).
 */
const CHECKS_PER_TRANSACTION = 90;
const TRANSACTIONS_IN_FLIGHT = 1;

/** What a set of checks adds to the counters (pure). */
function tallyOf(records: ObservationRecord[], at: Date): CheckTally {
  const tally: CheckTally = { days: new Map(), windows: new Map(), keyDays: new Map(), at: at.toISOString() };
  const window = windowOf(at);
  for (const r of records) {
    const failed = r.status === 'failed' ? 1 : 0;
    const day = tally.days.get(r.day) ?? { checks: 0, found: 0, notFound: 0, failed: 0, failedBy: {} };
    day.checks += 1;
    if (r.status === 'found') day.found += 1;
    else if (r.status === 'not_found') day.notFound += 1;
    else {
      day.failed += 1;
      const reason = failureReasonOf(r.evidence);
      day.failedBy[reason] = (day.failedBy[reason] ?? 0) + 1;
    }
    tally.days.set(r.day, day);
    const w = tally.windows.get(window) ?? { checks: 0, failed: 0 };
    tally.windows.set(window, { checks: w.checks + 1, failed: w.failed + failed });
    const k = tally.keyDays.get(`${r.day}#${r.workerKeyId}`) ?? {
      day: r.day,
      keyId: r.workerKeyId,
      checks: 0,
      failed: 0,
    };
    tally.keyDays.set(`${r.day}#${r.workerKeyId}`, { ...k, checks: k.checks + 1, failed: k.failed + failed });
  }
  return tally;
}

/** Puts the items not stored yet, with what `linked` says they add, until none is left (one retry loop). */
async function putUntilStored<T>(items: T[], attempt: (items: T[]) => Promise<number[]>): Promise<void> {
  let pending = items;
  await retrying(async () => {
    while (pending.length) {
      const present = new Set(await attempt(pending));
      pending = present.size ? pending.filter((_, i) => !present.has(i)) : [];
    }
  });
}

const isBusy = (err: unknown) => err instanceof ThrottledError || isTransientFailure(err);

export async function storeChecks(
  records: ObservationRecord[],
  opts: { at: Date; due?: { day: string; pairs: number } },
): Promise<Array<{ record: ObservationRecord; error: unknown }>> {
  const refused: Array<{ record: ObservationRecord; error: unknown }> = [];
  const putChecks = (part: ObservationRecord[]) =>
    putUntilStored(part, (pending) =>
      rankObservationsStore.putNew(pending, rankOpsCountersStore.tallyUpdates(tallyOf(pending, opts.at), opts.due)),
    );
  await inParallel(chunk(records, CHECKS_PER_TRANSACTION), TRANSACTIONS_IN_FLIGHT, async (part) => {
    try {
      await putChecks(part);
    } catch (err) {
      if (isBusy(err)) throw err;
      // One check the store cannot keep refuses its whole transaction: each goes alone instead.
      for (const record of part) {
        try {
          await putChecks([record]);
        } catch (error) {
          if (isBusy(error)) throw error;
          refused.push({ record, error });
        }
      }
    }
  });

  // Every valid check now stored (this time or before) marks its pair checked on its day.
  const unstored = new Set(refused.map((r) => r.record));
  const marks = new Map<string, { day: string; pairId: string }>();
  for (const r of records)
    if (r.status !== 'failed' && !unstored.has(r)) marks.set(`${r.day}#${r.pairId}`, { day: r.day, pairId: r.pairId });
  await inParallel(chunk([...marks.values()], CHECKS_PER_TRANSACTION), TRANSACTIONS_IN_FLIGHT, (part) =>
    putUntilStored(part, (pending) => {
      const byDay = new Map<string, number>();
      for (const m of pending) byDay.set(m.day, (byDay.get(m.day) ?? 0) + 1);
      return rankObservationsStore.markCheckedNew(
        pending,
        [...byDay].map(([day, n]) => rankOpsCountersStore.pairsCheckedUpdate(day, n)),
      );
    }),
  );
  return refused.sort((a, b) => records.indexOf(a.record) - records.indexOf(b.record));
}
