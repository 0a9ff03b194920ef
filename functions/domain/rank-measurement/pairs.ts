import { createHash } from 'node:crypto';
import { kstToday } from '#shared/kst';
import type { SlotStatus } from '#shared/slot-status';
import { config } from '#commons/config';
import { visibleSlots } from '../slots/slot-visibility';
import { rankSlotsStore, type RankPlanRow, type RankSlotRow, type RegistrationRange } from '../../storage/rank-slots';
import { inParallel } from '#commons/batching';
import { slotCountersStore } from '../../storage/slot-counters';

/**
 * A (keyword, productId, itemId, vendorItemId) pair: what a worker checks. One check serves every
 * slot with the same pair, so observations, markers and summaries are keyed by the pair's id (a
 * digest: keywords are free Korean text of any length).
 */
export interface Pair {
  keyword: string;
  productId: string;
  itemId: string | null;
  vendorItemId: string | null;
}

export const pairIdOf = (p: Pair): string =>
  createHash('sha256')
    .update(JSON.stringify([p.keyword.trim().normalize('NFC'), p.productId, p.itemId ?? '', p.vendorItemId ?? '']))
    .digest('hex')
    .slice(0, 32);

/** The slot attributes a pair is made of. */
type PairFields = Pick<RankSlotRow, 'keyword' | 'url_product_id' | 'url_item_id' | 'url_vendor_item_id'>;

export const pairOfSlot = (s: PairFields): Pair | null =>
  s.keyword?.trim() && s.url_product_id
    ? {
        keyword: s.keyword.trim(),
        productId: s.url_product_id,
        itemId: s.url_item_id || null,
        vendorItemId: s.url_vendor_item_id || null,
      }
    : null;

/** The stored statuses a tracked slot can have (`waiting` only on its start day). */
const TRACKED_STATUSES: SlotStatus[] = ['active', 'waiting'];
/**
 * About this many slots per segment of the planner's read: one 1 MB page of whole GSI2 items (≈ 900 B
 * a slot; the page limit counts items before the projection). DynamoDB Local answers a long query's
 * later pages slower (docs/performance.md), so short queries side by side read the same pages far
 * sooner; on AWS it only sets how many reads run side by side.
 */
export const SEGMENT_SLOTS = 1_000;
/** At most this many segments of one status (past it, segments grow). */
export const MAX_SEGMENTS = 256;
/** Segments of one status read at once. */
export const SEGMENTS_IN_FLIGHT = 16;

/**
 * Where the segments of a read of registration times from `first` to `last` meet (pure): `segments - 1`
 * evenly spaced instants between them, ascending and distinct; none when the span is too short or the
 * times are not ISO instants (the read is then one segment).
 */
export function registrationCuts(first: string, last: string, segments: number): string[] {
  const [t0, t1] = [Date.parse(first), Date.parse(last)];
  if (!Number.isFinite(t0) || !Number.isFinite(t1) || t1 <= t0) return [];
  const cuts = new Set<string>();
  for (let k = 1; k < segments; k++) cuts.add(new Date(t0 + Math.floor(((t1 - t0) * k) / segments)).toISOString());
  return [...cuts].filter((c) => c > first && c <= last).sort();
}

/** The ranges between the cuts: before the first, between each two, from the last (pure). */
export const rangesBetween = (cuts: string[]): RegistrationRange[] =>
  cuts.length === 0
    ? [{}]
    : [{ before: cuts[0] }, ...cuts.slice(1).map((before, i) => ({ from: cuts[i], before })), { from: cuts.at(-1) }];

/**
 * One stored status's slots with the planner's attributes, in registration order: a big status (by the
 * global counters) is read as segments of registration time side by side, a small one in one query.
 */
async function statusRows(status: SlotStatus, expected: number, segmentSlots: number): Promise<RankPlanRow[]> {
  const segments = Math.min(MAX_SEGMENTS, Math.ceil(expected / segmentSlots));
  const span = segments > 1 ? await rankSlotsStore.registrationSpan(status) : null;
  const ranges = span ? rangesBetween(registrationCuts(span.first, span.last, segments)) : [{}];
  const parts: RankPlanRow[][] = [];
  await inParallel([...ranges.keys()], SEGMENTS_IN_FLIGHT, async (i) => {
    parts[i] = await rankSlotsStore.planRows(status, ranges[i]);
  });
  return parts.flat();
}

export interface TrackedReadOptions {
  /** The global counts by stored status, when the caller has read them already. */
  counts?: Record<SlotStatus, number>;
  /** Slots per segment of the read (SEGMENT_SLOTS; tests cut small tables into many segments). */
  segmentSlots?: number;
}

/**
 * The slots whose rank is tracked on `today`: stored `active` ones, and `waiting` ones starting today
 * (the status job moves them at 00:05; a worker may check before). Rows of uncommitted bulks are left
 * out. Only what a plan needs is read (`RankPlanRow`): units read their slots' rank attributes by id.
 */
export async function trackedSlots(today = kstToday(), opts: TrackedReadOptions = {}): Promise<RankPlanRow[]> {
  const byStatus = opts.counts ?? (await slotCountersStore.global()).byStatus;
  const parts = await Promise.all(
    TRACKED_STATUSES.map((status) => statusRows(status, byStatus[status], opts.segmentSlots ?? SEGMENT_SLOTS)),
  );
  // A slot moving between the two statuses while they are read is planned once.
  const rows = new Map(parts.flat().map((row) => [row.id, row]));
  return stillTracked([...rows.values()], today);
}

/** The rows among `rows` that are tracked on `today` (same rule as trackedSlots; rows read by id). */
export function stillTracked<T extends Pick<RankSlotRow, 'status' | 'startDate' | 'bulkId' | 'bulkAttempt'>>(
  rows: T[],
  today = kstToday(),
): Promise<T[]> {
  return visibleSlots(rows.filter((s) => s.status === 'active' || (s.status === 'waiting' && s.startDate === today)));
}

/** Tracked slots grouped by pair id. */
export function groupByPair<T extends PairFields>(slots: T[]): Map<string, { pair: Pair; slots: T[] }> {
  const groups = new Map<string, { pair: Pair; slots: T[] }>();
  for (const slot of slots) {
    const pair = pairOfSlot(slot);
    if (!pair) continue;
    const id = pairIdOf(pair);
    const group = groups.get(id);
    if (group) group.slots.push(slot);
    else groups.set(id, { pair, slots: [slot] });
  }
  return groups;
}

export interface TrackedPair {
  id: string;
  pair: Pair;
  /** How many tracked slots share it. */
  slots: number;
}

/**
 * The day's tracked pairs in pair-id order: what the work list hands out and the only pairs whose
 * checks are taken and read by the recompute job. Kept per warm process while the global slot list
 * version is unchanged (every slot change bumps it: 8 small reads instead of walking every tracked
 * slot on each call).
 */
let cached: { table: string; day: string; version: number; pairs: TrackedPair[] } | null = null;

export async function trackedPairs(today = kstToday()): Promise<TrackedPair[]> {
  const { listVersion, byStatus } = await slotCountersStore.global({ consistent: true });
  // The table too: one process may serve several tables (tests, benches), each with its own versions.
  const table = config().tableName;
  if (cached && cached.table === table && cached.day === today && cached.version === listVersion) return cached.pairs;
  const groups = groupByPair(await trackedSlots(today, { counts: byStatus }));
  const pairs = [...groups.entries()]
    .map(([id, g]) => ({ id, pair: g.pair, slots: g.slots.length }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  cached = { table, day: today, version: listVersion, pairs };
  return pairs;
}
