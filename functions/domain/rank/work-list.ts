import { kstToday } from '#shared/kst';
import { rankMessages } from '#shared/messages/rank';
import type { WorkItem } from '#shared/schemas/rank';
import { ValidationError } from '#commons/errors';
import { slotCountersStore } from '../../storage/slot-counters';
import { rankObservationsStore } from '../../storage/rank-observations';
import { groupByPair, trackedSlots, type Pair } from './pairs';

/**
 * GET /rank/work (issue 12 item 2): today's distinct pairs of tracked slots that have no valid check
 * today (KST), in pair-id order, paged by the last pair id. The tracked pairs are kept per warm
 * process while the global slot list version is unchanged (every slot change bumps it: 8 small reads
 * instead of walking every tracked slot on each page); the checked-today markers are read on every
 * call so a pair leaves the list once it is checked.
 */
let cached: { day: string; version: number; pairs: Array<{ id: string; pair: Pair; slots: number }> } | null = null;

async function trackedPairs(today: string) {
  const { listVersion } = await slotCountersStore.global({ consistent: true });
  if (cached && cached.day === today && cached.version === listVersion) return cached.pairs;
  const groups = groupByPair(await trackedSlots(today));
  const pairs = [...groups.entries()]
    .map(([id, g]) => ({ id, pair: g.pair, slots: g.slots.length }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  cached = { day: today, version: listVersion, pairs };
  return pairs;
}

export async function workList(
  query: { limit: number; cursor?: string },
  today = kstToday(),
): Promise<{ day: string; items: WorkItem[]; nextCursor: string | null; remaining: number }> {
  if (query.cursor !== undefined && !/^[0-9a-f]{32}$/.test(query.cursor))
    throw new ValidationError(rankMessages.cursorInvalid);
  const [pairs, checked] = await Promise.all([trackedPairs(today), rankObservationsStore.checkedPairIds(today)]);
  const open = pairs.filter((p) => !checked.has(p.id) && (query.cursor === undefined || p.id > query.cursor));
  const page = open.slice(0, query.limit);
  return {
    day: today,
    items: page.map((p) => ({ ...p.pair, slots: p.slots })),
    nextCursor: open.length > query.limit ? page[page.length - 1].id : null,
    remaining: open.length,
  };
}
