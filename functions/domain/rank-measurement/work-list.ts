import { kstToday } from '#shared/kst';
import { rankMessages } from '#shared/messages/rank';
import type { WorkItem } from '#shared/schemas/rank';
import { ValidationError } from '#commons/errors';
import { rankObservationsStore } from '../../storage/rank-observations';
import { trackedPairs } from './pairs';

/**
 * GET /rank/work (issue 12 item 2): today's distinct pairs of tracked slots that have no valid check
 * today (KST), in pair-id order, paged by the last pair id. The tracked pairs come from the cached
 * list in pairs.ts; the checked-today markers are read on every call so a pair leaves the list once
 * it is checked.
 */
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
