import { createHash } from 'node:crypto';
import { addKstDays } from '#shared/kst';
import { RANK_NOT_FOUND } from '#shared/schemas/rank';
import { logger } from '#commons/logger';
import { retrying } from '#commons/retry';
import { inParallel } from '#commons/batching';
import { rankObservationsStore, type ObservationRecord, type PairDayRecord } from '../../storage/rank-observations';
import { rankSlotsStore, type RankSlotChanges, type RankSlotRow } from '../../storage/rank-slots';
import { slotRankDaysStore, type RankDayRecord } from '../../storage/slot-rank-days';
import { slotCountersStore } from '../../storage/slot-counters';
import { slotsStore } from '../../storage/slots';
import { pairIdOf, pairOfSlot, type Pair } from './pairs';
import { alertFor, MAX_ALERT_EVENTS, sendRankAlert } from './rank-alerts';

/**
 * Scheduled job `rank-recompute` (docs/rank-worker.md). Hourly: each tracked pair's checks of
 * today (KST) become a day summary, and every slot of the pair gets
 * - `rank`: the latest valid check (found → its rank, not_found → 999) of today, else of yesterday;
 *   a failed check never overwrites, and without any valid check the rank stays;
 * - `rank_measured_at`: that check's `observedAt`; it stays with the rank, so a rank nobody checks ages;
 * - `yesterday_rank`: the pair's final rank of yesterday; `first_rank`: the first rank it ever got;
 * - a rank day `RANK#{today}` with rank, min/avg/max over found checks only, and prev_rank (yesterday's);
 * - 상품명/이미지 from the latest found check that carries them, when the slot has none yet.
 * The first run after midnight KST first closes yesterday (its summaries and rank days become final).
 * A unit whose day has mostly failed checks is suspect: ranks still follow valid checks, but no alert
 * fires. Each slot write carries a digest of what it wrote (`rank_sig`), so an unchanged slot costs no
 * write, and a second run writes nothing: the job is idempotent. The owners of the written slots get
 * their list version bumped once each after the writes (and a global shard's), so cached lists show
 * the new rank.
 * This module computes a set of pairs; recompute-run.ts cuts a run into units of pairs, so no single
 * call has to fit a whole day's pairs into its time limit.
 */
const PAIR_READS_IN_FLIGHT = 16;
const SLOT_WRITES_IN_FLIGHT = 16;

const isValid = (o: ObservationRecord) => o.status === 'found' || o.status === 'not_found';

/** A pair's day from its checks (pure). */
function summarizeDay(pairId: string, day: string, observations: ObservationRecord[]): PairDayRecord {
  const sorted = [...observations].sort((a, b) =>
    a.observedAt < b.observedAt ? -1 : a.observedAt > b.observedAt ? 1 : 0,
  );
  const valid = sorted.filter(isValid);
  const latest = valid[valid.length - 1];
  const found = sorted.filter((o) => o.status === 'found' && typeof o.rank === 'number').map((o) => o.rank as number);
  const withName = sorted.filter((o) => o.status === 'found' && o.productName).pop();
  const withImage = sorted.filter((o) => o.status === 'found' && o.imageUrl).pop();
  return {
    pairId,
    day,
    rank: latest ? (latest.status === 'found' ? (latest.rank as number) : RANK_NOT_FOUND) : null,
    measuredAt: latest?.observedAt ?? null,
    min_rank: found.length ? Math.min(...found) : null,
    avg_rank: found.length ? Math.round((found.reduce((a, b) => a + b, 0) / found.length) * 10) / 10 : null,
    max_rank: found.length ? Math.max(...found) : null,
    found: found.length,
    notFound: sorted.filter((o) => o.status === 'not_found').length,
    failed: sorted.filter((o) => o.status === 'failed').length,
    productName: withName?.productName ?? null,
    imageUrl: withImage?.imageUrl ?? null,
  };
}

const sameSummary = (a: PairDayRecord | undefined, b: PairDayRecord) =>
  !!a && (Object.keys(b) as Array<keyof PairDayRecord>).every((k) => (a[k] ?? null) === (b[k] ?? null));

/** The day summaries of the pairs (from their checks), written where they changed. */
async function summarize(pairIds: string[], day: string): Promise<Map<string, PairDayRecord>> {
  const [stored, metrics] = await Promise.all([
    rankObservationsStore.pairDays(pairIds, day),
    rankObservationsStore.metricsOf(pairIds, day),
  ]);
  const fresh = new Map<string, PairDayRecord>();
  await inParallel(pairIds, PAIR_READS_IN_FLIGHT, async (pairId) => {
    const observations = await rankObservationsStore.ofPairDay(pairId, day);
    const m = metrics.get(pairId);
    if (!observations.length && !m) return;
    fresh.set(pairId, {
      ...summarizeDay(pairId, day, observations),
      impressions: m?.impressions ?? null,
      clicks: m?.clicks ?? null,
    });
  });
  const changed = [...fresh.values()].filter((s) => !sameSummary(stored.get(s.pairId) as PairDayRecord | undefined, s));
  if (changed.length) await rankObservationsStore.putPairDays(changed);
  return fresh;
}

const rankDayOf = (day: string, s: PairDayRecord | undefined, prev: PairDayRecord | undefined): RankDayRecord | null =>
  s && (s.rank !== null || typeof s.impressions === 'number')
    ? {
        date: day,
        rank: s.rank,
        min_rank: s.min_rank,
        avg_rank: s.avg_rank,
        max_rank: s.max_rank,
        prev_rank: prev?.rank ?? null,
        // Only days a worker reported figures for carry them: a day without stays as it always was.
        ...(typeof s.impressions === 'number' ? { impressions: s.impressions, clicks: s.clicks ?? 0 } : {}),
      }
    : null;

/**
 * A slot's impressions and clicks: the sum of every day's reported totals, or null for both while no
 * worker has reported any day (a slot nobody reported on must not read '노출 0'). Days still open to
 * reports (today and yesterday, until the day's close) are kept by day on the slot and re-added each
 * run; older ones are folded into `metrics_base`, so no run reads the history (pure).
 */
export function slotMetrics(
  slot: Pick<RankSlotRow, 'metrics_base' | 'metrics_open'>,
  input: { today: string; todays?: PairDayRecord; yesterdays?: PairDayRecord },
): Pick<RankSlotRow, 'metrics_base' | 'metrics_open' | 'impressions' | 'clicks'> {
  const yesterday = addKstDays(input.today, -1);
  let base = reportedBase(slot.metrics_base);
  const open: Record<string, [number, number]> = {};
  for (const [day, figures] of Object.entries(slot.metrics_open ?? {})) {
    if (day < yesterday) {
      const [impressions, clicks, days] = base ?? [0, 0, 0];
      base = [impressions + figures[0], clicks + figures[1], days + 1];
    } else open[day] = figures;
  }
  for (const [day, s] of [
    [input.today, input.todays],
    [yesterday, input.yesterdays],
  ] as const)
    if (typeof s?.impressions === 'number') open[day] = [s.impressions, s.clicks ?? 0];
  const days = Object.values(open);
  if (!base && !days.length) return { metrics_base: null, metrics_open: open, impressions: null, clicks: null };
  const [impressions, clicks] = base ?? [0, 0];
  return {
    metrics_base: base,
    metrics_open: open,
    impressions: impressions + days.reduce((n, d) => n + d[0], 0),
    clicks: clicks + days.reduce((n, d) => n + d[1], 0),
  };
}

/**
 * The closed days' sum, or null when no reported day was folded in. Runs before reports could be
 * told apart wrote `[0, 0]` on every slot, reported or not: a two-figure zero reads as none (such a
 * slot shows '-' until a new report), while sums written now carry the number of days folded.
 */
function reportedBase(base: RankSlotRow['metrics_base']): [number, number, number] | null {
  if (!base) return null;
  if (base.length === 2) return base[0] === 0 && base[1] === 0 ? null : [base[0], base[1], 1];
  return [base[0], base[1], base[2] ?? 1];
}

interface SlotPlan {
  changes: RankSlotChanges;
  rankDay: RankDayRecord | null;
  alert: ReturnType<typeof alertFor>;
}

/** What the run writes for one slot, or null when it already holds exactly that (pure). */
function planSlot(
  slot: RankSlotRow,
  input: { today: string; todays?: PairDayRecord; yesterdays?: PairDayRecord; suspect: boolean; at: string },
): SlotPlan | null {
  const { todays, yesterdays } = input;
  // The latest valid check: today's, else yesterday's final one (a check that came in late), else what the slot has.
  const rank = todays?.rank ?? yesterdays?.rank ?? slot.rank ?? null;
  // Measured when the check behind `rank` was made: a day without a healthy check keeps the old time, so
  // the rank ages on the screens. A day summarized before this time was kept has none: the slot's own stays.
  const measuredAt =
    (typeof todays?.rank === 'number'
      ? todays.measuredAt
      : typeof yesterdays?.rank === 'number'
        ? yesterdays.measuredAt
        : null) ??
    slot.rank_measured_at ??
    null;
  const yesterdayRank = yesterdays?.rank ?? null;
  const firstRank = slot.first_rank ?? rank;
  const productName = slot.product_name || todays?.productName || null;
  const thumbnail = slot.thumbnail || todays?.imageUrl || null;
  const rankDay = rankDayOf(input.today, todays, yesterdays);
  const metrics = slotMetrics(slot, input);
  const sig = createHash('sha256')
    .update(JSON.stringify([rank, measuredAt, yesterdayRank, firstRank, productName, thumbnail, rankDay, metrics]))
    .digest('base64url')
    .slice(0, 22);
  if (sig === slot.rank_sig) return null;
  const changes: RankSlotChanges = {
    rank,
    rank_measured_at: measuredAt,
    yesterday_rank: yesterdayRank,
    first_rank: firstRank,
    product_name: productName,
    thumbnail,
    ...metrics,
    rank_sig: sig,
  };
  const alert = input.suspect ? null : alertFor(slot.rank_alert, slot.rank ?? null, rank, input.at);
  if (alert) {
    changes.rank_alert_last = alert;
    changes.rank_alert_events = [alert, ...(slot.rank_alert_events ?? [])].slice(0, MAX_ALERT_EVENTS);
  }
  return { changes, rankDay, alert };
}

/** What recomputing a set of pairs did (one unit of a run). */
export interface PairsRecomputed {
  slots: number;
  pairs: number;
  checks: { found: number; notFound: number; failed: number };
  suspect: boolean;
  slotsWritten: number;
  rankDaysWritten: number;
  alerts: number;
  /** Slots that could not be written (changed by someone five times over): the unit must run again. */
  failed: number;
}

/**
 * Recomputes the given pairs' slots for `today` (and, when `closing`, closes yesterday for them). It
 * reads only these pairs' checks and summaries and writes only their slots, so disjoint sets of pairs
 * can run at once; running the same set twice, or twice at once, stores the same result (summaries are
 * compared before they are written, slot writes are guarded by version and skipped on an equal digest).
 */
export async function recomputePairs(
  groups: Map<string, { pair: Pair; slots: RankSlotRow[] }>,
  input: { runId: string; today: string; at: string; closing: boolean },
): Promise<PairsRecomputed> {
  const { runId, today, at, closing } = input;
  const yesterday = addKstDays(today, -1);
  const pairIds = [...groups.keys()];
  let rankDaysWritten = 0;

  // The day's close: yesterday's summaries and rank days become final (checks of yesterday may arrive
  // until now). It touches other items than today's summaries, so both run at once.
  const closeYesterday = async (): Promise<Map<string, PairDayRecord>> => {
    if (!closing) return rankObservationsStore.pairDays(pairIds, yesterday);
    const [finals, before] = await Promise.all([
      summarize(pairIds, yesterday),
      rankObservationsStore.pairDays(pairIds, addKstDays(yesterday, -1)),
    ]);
    const days: Array<{ slotId: string; day: RankDayRecord }> = [];
    for (const [pairId, group] of groups) {
      const day = rankDayOf(yesterday, finals.get(pairId), before.get(pairId));
      if (day) for (const slot of group.slots) days.push({ slotId: slot.id, day });
    }
    await slotRankDaysStore.putMany(days);
    rankDaysWritten += days.length;
    return finals;
  };
  const [yesterdays, todays] = await Promise.all([closeYesterday(), summarize(pairIds, today)]);

  const checks = { found: 0, notFound: 0, failed: 0 };
  for (const s of todays.values()) {
    checks.found += s.found;
    checks.notFound += s.notFound;
    checks.failed += s.failed;
  }
  const total = checks.found + checks.notFound + checks.failed;
  const suspect = total > 0 && checks.failed * 2 > total;
  if (suspect) logger.warn('rank recompute: most checks failed; marked suspect, no rank alerts', { checks });

  // Plan every slot; only the changed ones are written.
  const planned: Array<{ slot: RankSlotRow; pairId: string; plan: SlotPlan }> = [];
  for (const [pairId, group] of groups) {
    for (const slot of group.slots) {
      const plan = planSlot(slot, {
        today,
        todays: todays.get(pairId),
        yesterdays: yesterdays.get(pairId),
        suspect,
        at,
      });
      if (plan) planned.push({ slot, pairId, plan });
    }
  }
  // Today's rank days go out alongside the slot transactions (different items, no order between them).
  const days = planned.filter((p) => p.plan.rankDay).map((p) => ({ slotId: p.slot.id, day: p.plan.rankDay! }));
  const rankDaysWrite = slotRankDaysStore.putMany(days);
  rankDaysWrite.catch(() => undefined); // awaited (and its failure raised) after the slot writes
  rankDaysWritten += days.length;

  // Each changed slot is one UpdateItem guarded by its version (no transaction: the owners' list
  // versions are bumped after the writes, once per owner and unit, plus one global shard). So a unit's
  // writes are bounded by its own slots, however the owners' slots spread over the run's units.
  // `rank_run` marks what this run wrote: a unit run again after failing between its slot writes and
  // the bumps still bumps the owners it changed the first time.
  // A short tag, not the whole id: slot items sit near DynamoDB's 1 KB write unit (on a rare equal tag
  // of another run, an owner is only bumped once more).
  const runTag = runId.slice(0, 8);
  const owners = new Set<string>();
  for (const group of groups.values())
    for (const slot of group.slots) if (slot.rank_run === runTag) owners.add(slot.userId);
  let slotsWritten = 0;
  let alerts = 0;
  let failed = 0;
  const fired: Array<{ slot: RankSlotRow; alert: NonNullable<SlotPlan['alert']> }> = [];
  const written = (slot: RankSlotRow, plan: SlotPlan) => {
    slotsWritten += 1;
    owners.add(slot.userId);
    if (plan.alert) {
      alerts += 1;
      fired.push({ slot, alert: plan.alert });
    }
  };
  await inParallel(planned, SLOT_WRITES_IN_FLIGHT, async (p) => {
    const changes = { ...p.plan.changes, rank_run: runTag };
    if (await retrying(() => rankSlotsStore.writeRank(p.slot, changes))) return written(p.slot, p.plan);
    // Someone changed the slot meanwhile (a person, or the same unit running twice at once): it is
    // read again and written on its own; an equal digest means nothing to write.
    const done = await writeOneAgain(p.slot.id, {
      pairId: p.pairId,
      runTag,
      today,
      todays: todays.get(p.pairId),
      yesterdays: yesterdays.get(p.pairId),
      suspect,
      at,
    }).catch((error: unknown) => {
      logger.error('rank not written', { slotId: p.slot.id, error: error as Error });
      return 'failed' as const;
    });
    if (done === 'failed') failed += 1;
    else if (done) written(p.slot, done);
  });

  await rankDaysWrite;
  // Cached lists of these owners (and the staff list) are read again: after the writes, never before.
  if (owners.size) {
    await inParallel([...owners], SLOT_WRITES_IN_FLIGHT, (userId) =>
      retrying(() => slotCountersStore.touchList(userId)),
    );
    await retrying(() => slotCountersStore.touchList());
  }
  // The alerts go out once their slots are written (best-effort: a failed send is logged, never fails the run).
  await inParallel(fired, 8, ({ slot, alert }) => sendRankAlert(slot, alert));

  return {
    slots: [...groups.values()].reduce((n, g) => n + g.slots.length, 0),
    pairs: pairIds.length,
    checks,
    suspect,
    slotsWritten,
    rankDaysWritten,
    alerts,
    failed,
  };
}

async function writeOneAgain(
  slotId: string,
  input: Parameters<typeof planSlot>[1] & { pairId: string; runTag: string },
): Promise<SlotPlan | null | 'failed'> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const slot = (await slotsStore.get(slotId)) as unknown as RankSlotRow | undefined;
    // Gone, or its keyword/product changed meanwhile: this run's figures are not its own any more.
    const pair = slot && pairOfSlot(slot);
    if (!pair || pairIdOf(pair) !== input.pairId) return null;
    const plan = planSlot(slot, input);
    if (!plan) return null;
    if (await retrying(() => rankSlotsStore.writeRank(slot, { ...plan.changes, rank_run: input.runTag }))) return plan;
  }
  return 'failed';
}
