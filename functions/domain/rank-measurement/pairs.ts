import { createHash } from 'node:crypto';
import { kstToday } from '#shared/kst';
import { config } from '#commons/config';
import { visibleSlots } from '../slots/slot-visibility';
import { rankSlotsStore, type RankSlotRow } from '../../storage/rank-slots';
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

export const pairOfSlot = (s: RankSlotRow): Pair | null =>
  s.keyword?.trim() && s.url_product_id
    ? {
        keyword: s.keyword.trim(),
        productId: s.url_product_id,
        itemId: s.url_item_id || null,
        vendorItemId: s.url_vendor_item_id || null,
      }
    : null;

/**
 * The slots whose rank is tracked on `today`: stored `active` ones, and `waiting` ones starting today
 * (the status job moves them at 00:05; a worker may check before). Rows of uncommitted bulks are left out.
 */
export async function trackedSlots(today = kstToday()): Promise<RankSlotRow[]> {
  const [active, waiting] = await Promise.all([rankSlotsStore.byStatus('active'), rankSlotsStore.byStatus('waiting')]);
  return stillTracked([...active, ...waiting], today);
}

/** The rows among `rows` that are tracked on `today` (same rule as trackedSlots; rows read by id). */
export function stillTracked(rows: RankSlotRow[], today = kstToday()): Promise<RankSlotRow[]> {
  return visibleSlots(rows.filter((s) => s.status === 'active' || (s.status === 'waiting' && s.startDate === today)));
}

/** Tracked slots grouped by pair id. */
export function groupByPair(slots: RankSlotRow[]): Map<string, { pair: Pair; slots: RankSlotRow[] }> {
  const groups = new Map<string, { pair: Pair; slots: RankSlotRow[] }>();
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
  const { listVersion } = await slotCountersStore.global({ consistent: true });
  // The table too: one process may serve several tables (tests, benches), each with its own versions.
  const table = config().tableName;
  if (cached && cached.table === table && cached.day === today && cached.version === listVersion) return cached.pairs;
  const groups = groupByPair(await trackedSlots(today));
  const pairs = [...groups.entries()]
    .map(([id, g]) => ({ id, pair: g.pair, slots: g.slots.length }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  cached = { table, day: today, version: listVersion, pairs };
  return pairs;
}
