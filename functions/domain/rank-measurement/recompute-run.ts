import { randomUUID } from 'node:crypto';
import { z } from '#shared/zod';
import { addKstDays, kstToday } from '#shared/kst';
import { logger } from '#commons/logger';
import { WORK_MESSAGE_MAX_BYTES, type WorkQueue } from '#commons/work-queue';
import { workQueue } from '../../adapters/work-queue';
import { inParallel } from '#commons/batching';
import { rankObservationsStore } from '../../storage/rank-observations';
import {
  rankRecomputeRunsStore,
  type RecomputeRunRecord,
  type RecomputeUnitResult,
} from '../../storage/rank-recompute-runs';
import { rankSlotsStore } from '../../storage/rank-slots';
import { groupByPair, stillTracked, trackedSlots } from './pairs';
import { recomputePairs } from './recompute-job';

/**
 * The rank recompute job split into units. The schedule's run is a planner: it reads
 * the tracked slots' plan attributes once (GSI2 by status in segments of registration time read side
 * by side, as the work list does: pairs.ts trackedSlots), sorts the pairs by id and cuts them
 * into contiguous pair-id ranges of at most `unitSlots` slots. Each unit carries its slot ids and
 * recomputes only those slots' pairs (recompute-job.ts), so units run in parallel and each stays far
 * inside a function's time limit whatever the number of slots. A unit records itself done in the run
 * (`RANKRUN#{runId}`); a unit delivered again after it finished does nothing, a failed unit is run
 * again alone, and the last unit to finish completes the run (the job state's closed day and last run).
 */
export const UNIT_SLOTS = 2_000;

/** A unit as the `rank-recompute` queue carries it (functions/queues/rank-recompute.ts). */
export const recomputeUnitSchema = z.object({
  runId: z.string().check(z.minLength(1)),
  index: z.number().check(z.int(), z.gte(0)),
  units: z.number().check(z.int(), z.gte(1)),
  today: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  at: z.string().check(z.minLength(1)),
  closing: z.boolean(),
  slotIds: z.array(z.string().check(z.minLength(1))),
});
export type RecomputeUnit = z.infer<typeof recomputeUnitSchema>;

/**
 * Where each unit starts (pure): pairs in id order, cut before a pair that would take a unit past
 * `maxSlots` (a pair is never split; one with more slots than that is a unit of its own).
 */
export function cutUnits(pairs: Array<{ id: string; slots: number }>, maxSlots: number): string[] {
  const starts = [''];
  let inUnit = 0;
  for (const pair of pairs) {
    if (inUnit > 0 && inUnit + pair.slots > maxSlots) {
      starts.push(pair.id);
      inUnit = 0;
    }
    inUnit += pair.slots;
  }
  return starts;
}

/** The unit whose range holds `pairId` (pure): the last start at or before it. */
export function unitOf(pairId: string, starts: string[]): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (starts[mid] <= pairId) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Plans a run: the units still to do. Planning the same `runId` again (a scheduled event delivered
 * twice, a planner retried) reuses the stored ranges and leaves out the units already done.
 */
export async function planRankRecompute(
  now = new Date(),
  opts: { runId?: string; unitSlots?: number; segmentSlots?: number } = {},
): Promise<{ run: RecomputeRunRecord; units: RecomputeUnit[] }> {
  const today = kstToday(now);
  const yesterday = addKstDays(today, -1);
  const [state, slots] = await Promise.all([
    rankObservationsStore.jobState(),
    trackedSlots(today, { segmentSlots: opts.segmentSlots }),
  ]);
  const groups = groupByPair(slots);
  const pairs = [...groups.entries()]
    .map(([id, g]) => ({ id, slots: g.slots.length }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const run = await rankRecomputeRunsStore.create({
    runId: opts.runId ?? randomUUID(),
    day: today,
    at: now.toISOString(),
    closing: !state.closedDay || state.closedDay < yesterday,
    starts: cutUnits(pairs, opts.unitSlots ?? UNIT_SLOTS),
    plannedAt: new Date().toISOString(),
  });
  const slotIds: string[][] = run.starts.map(() => []);
  for (const [pairId, group] of groups) slotIds[unitOf(pairId, run.starts)].push(...group.slots.map((s) => s.id));
  const units = slotIds
    .map((ids, index) => ({
      runId: run.runId,
      index,
      units: run.starts.length,
      today: run.day,
      at: run.at,
      closing: run.closing,
      slotIds: ids,
    }))
    .filter((u) => !run.done.includes(u.index));
  logger.info('rank recompute planned', {
    runId: run.runId,
    day: run.day,
    closing: run.closing,
    units: run.starts.length,
    toRun: units.length,
    slots: slots.length,
    pairs: pairs.length,
  });
  return { run, units };
}

/**
 * The scheduled job: plans the run and hands its units to the queue, whose consumers run them in
 * parallel (runRecomputeUnit). Planning a run again enqueues only its unfinished units.
 */
export async function enqueueRankRecompute(
  queue: WorkQueue<RecomputeUnit>,
  now = new Date(),
  opts: { runId?: string; unitSlots?: number } = {},
): Promise<{ runId: string; day: string; closing: boolean; units: number; enqueued: number }> {
  const { run, units } = await planRankRecompute(now, opts);
  for (const unit of units) {
    const bytes = Buffer.byteLength(JSON.stringify(unit));
    if (bytes > WORK_MESSAGE_MAX_BYTES) throw new Error(`rank recompute unit ${unit.index} is ${bytes} bytes`);
  }
  await queue.send(units.map((body) => ({ body })));
  return { runId: run.runId, day: run.day, closing: run.closing, units: run.starts.length, enqueued: units.length };
}

/** A unit that left slots unwritten: it is run again (its finished siblings are not). */
export class RecomputeUnitFailed extends Error {
  public constructor(
    public readonly unit: Pick<RecomputeUnit, 'runId' | 'index'>,
    public readonly failedSlots: number,
  ) {
    super(`rank recompute unit ${unit.index} of run ${unit.runId} could not write ${failedSlots} slot(s)`);
  }
}

export type UnitOutcome =
  { status: 'done'; result: RecomputeUnitResult; runComplete: boolean } | { status: 'already-done' };

/**
 * Runs one unit: reads its slots again (consistently: status, pair and version as they are now), keeps
 * the ones still tracked and recomputes their pairs. Idempotent: a unit already recorded done does
 * nothing, and the same unit running twice at once stores the same ranks, days and summaries once.
 */
export async function runRecomputeUnit(unit: RecomputeUnit): Promise<UnitOutcome> {
  const started = performance.now();
  const run = await rankRecomputeRunsStore.get(unit.runId);
  if (!run) throw new Error(`rank recompute run ${unit.runId} not found`);
  if (run.done.includes(unit.index)) return { status: 'already-done' };
  let outcome: Awaited<ReturnType<typeof recomputePairs>>;
  try {
    const slots = await stillTracked(await rankSlotsStore.byIds(unit.slotIds), unit.today);
    outcome = await recomputePairs(groupByPair(slots), {
      runId: unit.runId,
      today: unit.today,
      at: unit.at,
      closing: unit.closing,
    });
    if (outcome.failed) throw new RecomputeUnitFailed(unit, outcome.failed);
  } catch (err) {
    // Kept on the run for whoever looks at it; the unit is then delivered again (queue or runner).
    const error = err instanceof Error ? err.message : String(err);
    logger.error('rank recompute unit failed', { runId: unit.runId, unit: unit.index, error });
    await rankRecomputeRunsStore.unitFailed(unit.runId, unit.index, { at: new Date().toISOString(), error });
    throw err;
  }
  const { failed: _none, ...counts } = outcome;
  const result: RecomputeUnitResult = {
    ...counts,
    ms: Math.round(performance.now() - started),
    finishedAt: new Date().toISOString(),
  };
  const after = await rankRecomputeRunsStore.unitDone(unit.runId, unit.index, result);
  logger.info('rank recompute unit done', {
    runId: unit.runId,
    unit: unit.index,
    units: unit.units,
    done: after.done.length,
    ...counts,
    ms: result.ms,
  });
  const runComplete = after.done.length === after.starts.length && (await completeRun(after));
  return { status: 'done', result, runComplete };
}

export interface RankRecomputeSummary {
  runId: string;
  day: string;
  closedDay: string | null;
  units: number;
  unitsDone: number;
  /** The slowest unit: what must stay inside a function's limit. */
  unitMsMax: number;
  slots: number;
  pairs: number;
  checks: { found: number; notFound: number; failed: number };
  /** Any unit whose checks mostly failed (no rank alerts from it). */
  suspect: boolean;
  slotsWritten: number;
  rankDaysWritten: number;
  alerts: number;
  /** Slots left unwritten by the units that failed (0 once the run is complete). */
  failed: number;
  ms: number;
}

/** The run's figures from its units' results (pure). */
export function summarizeRun(run: RecomputeRunRecord, closedDay: string | null, failed = 0): RankRecomputeSummary {
  const results = Object.values(run.results);
  const sum = (f: (r: RecomputeUnitResult) => number) => results.reduce((n, r) => n + f(r), 0);
  const lastFinish = results.reduce((a, r) => (r.finishedAt > a ? r.finishedAt : a), run.plannedAt);
  return {
    runId: run.runId,
    day: run.day,
    closedDay,
    units: run.starts.length,
    unitsDone: run.done.length,
    unitMsMax: results.reduce((m, r) => Math.max(m, r.ms), 0),
    slots: sum((r) => r.slots),
    pairs: sum((r) => r.pairs),
    checks: {
      found: sum((r) => r.checks.found),
      notFound: sum((r) => r.checks.notFound),
      failed: sum((r) => r.checks.failed),
    },
    suspect: results.some((r) => r.suspect),
    slotsWritten: sum((r) => r.slotsWritten),
    rankDaysWritten: sum((r) => r.rankDaysWritten),
    alerts: sum((r) => r.alerts),
    failed,
    ms: Math.max(0, Date.parse(lastFinish) - Date.parse(run.plannedAt)),
  };
}

/** Every unit is done: the day closes (if the run closed it) and the job state shows the run. */
async function completeRun(run: RecomputeRunRecord): Promise<boolean> {
  if (!(await rankRecomputeRunsStore.complete(run.runId, new Date().toISOString()))) return false;
  const state = await rankObservationsStore.jobState();
  const closes = run.closing ? addKstDays(run.day, -1) : null;
  const closedDay = closes && (!state.closedDay || state.closedDay < closes) ? closes : state.closedDay;
  const summary = summarizeRun(run, closedDay);
  await rankObservationsStore.putJobState({ closedDay, lastRun: { at: run.at, ...summary } });
  logger.info('rank recompute run complete', { summary });
  return true;
}

/**
 * The whole job in this process: plans, then runs the units `concurrency` at a time, each failed unit
 * again up to `attempts` times (the finished ones are not rerun). Local mode's runner, the tests' and
 * the bench's; in the cloud the units go through the work queue instead.
 */
export async function runRankRecompute(
  now = new Date(),
  opts: { runId?: string; unitSlots?: number; concurrency?: number; attempts?: number } = {},
): Promise<RankRecomputeSummary & { planMs: number }> {
  const started = performance.now();
  const { run, units } = await planRankRecompute(now, opts);
  // The planner's share (its read of every tracked slot): before any unit starts.
  const planMs = Math.round(performance.now() - started);
  const failedSlots = new Map<number, number>();
  await inParallel(units, opts.concurrency ?? 4, async (unit) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await runRecomputeUnit(unit);
        failedSlots.delete(unit.index);
        return;
      } catch (err) {
        // Slots left unwritten count as failed slots; any other fault fails the unit as a whole.
        failedSlots.set(unit.index, err instanceof RecomputeUnitFailed ? err.failedSlots : unit.slotIds.length);
        if (attempt >= (opts.attempts ?? 2)) return;
      }
    }
  });
  const after = (await rankRecomputeRunsStore.get(run.runId))!;
  const state = await rankObservationsStore.jobState();
  const failed = [...failedSlots.values()].reduce((a, b) => a + b, 0);
  return { ...summarizeRun(after, state.closedDay, failed), ms: Math.round(performance.now() - started), planMs };
}

/** The `rank-recompute` queue the scheduled planner sends its units to. */
export const rankRecomputeQueue = (): WorkQueue<RecomputeUnit> => workQueue<RecomputeUnit>('rank-recompute');
