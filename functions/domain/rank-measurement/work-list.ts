import { kstToday } from '#shared/kst';
import { rankMessages } from '#shared/messages/rank';
import type { WorkListDto } from '#shared/schemas/rank';
import { ValidationError } from '#commons/errors';
import { rankLeasesStore } from '../../storage/rank-leases';
import { rankObservationsStore } from '../../storage/rank-observations';
import { holderOf, leaseIsLive, newLease } from './leases';
import { trackedPairs, type TrackedPair } from './pairs';
import type { WorkerIdentity } from './worker-auth';

/**
 * The first window of pairs read after the cursor, and the most: a window's checked markers and leases
 * are two range reads, so a page costs a few reads however long the day's list is; the window doubles
 * while a page is not full (late in the day most pairs are checked already).
 */
const FIRST_WINDOW = 100;
const MAX_WINDOW = 5000;

/** Index of the first pair whose id sorts after `cursor` (pairs are in id order). */
function firstAfter(pairs: TrackedPair[], cursor: string): number {
  let [lo, hi] = [0, pairs.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pairs[mid].id <= cursor) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * GET /rank/work: today's distinct pairs of tracked slots without a valid check today (KST), in pair-id
 * order, paged by the last pair id. With `worker`, the page's pairs are leased to that worker process,
 * and pairs another one holds are left out; without it the list is only read (every pair still to check).
 * The tracked pairs come from the cached list in pairs.ts; the checks and leases of the pairs a page
 * looks at are read on every call, a window of ids at a time.
 */
export async function workList(
  query: { limit: number; cursor?: string; worker?: string },
  caller: WorkerIdentity,
  now = new Date(),
): Promise<WorkListDto> {
  if (query.cursor !== undefined && !/^[0-9a-f]{32}$/.test(query.cursor))
    throw new ValidationError(rankMessages.cursorInvalid);
  const today = kstToday(now);
  const pairs = await trackedPairs(today);
  const lease = query.worker !== undefined ? newLease(caller, query.worker, now) : null;
  const holder = query.worker !== undefined ? holderOf(caller, query.worker) : null;

  const page: TrackedPair[] = [];
  let next = query.cursor === undefined ? 0 : firstAfter(pairs, query.cursor);
  /** Open pairs read but not handed out (past a full page). */
  let openUnhanded = 0;
  let lastHanded: string | null = null;
  for (let window = Math.max(FIRST_WINDOW, query.limit); page.length < query.limit && next < pairs.length;) {
    const slice = pairs.slice(next, next + window);
    next += slice.length;
    window = Math.min(window * 2, MAX_WINDOW);
    const [from, to] = [slice[0].id, slice[slice.length - 1].id];
    const [checked, leases] = await Promise.all([
      rankObservationsStore.checkedInRange(today, from, to),
      holder ? rankLeasesStore.inRange(today, from, to) : null,
    ]);
    let open = slice.filter((p) => {
      if (checked.has(p.id)) return false;
      const held = leases?.get(p.id);
      return !(leaseIsLive(held, now) && held.holder !== holder);
    });
    // Take the open pairs in id order until the page is full; one another worker took meanwhile is skipped.
    while (open.length && page.length < query.limit) {
      const tried = open.slice(0, query.limit - page.length);
      open = open.slice(tried.length);
      const taken = lease
        ? await rankLeasesStore.take(
            today,
            tried.map((p) => p.id),
            lease.record,
            now.toISOString(),
          )
        : null;
      for (const p of tried) if (!taken || taken.has(p.id)) page.push(p);
      lastHanded = tried[tried.length - 1].id;
    }
    openUnhanded = open.length;
  }
  // Past a full page the next one starts after the last pair tried; pairs not read yet count as open.
  const more = page.length >= query.limit && (openUnhanded > 0 || next < pairs.length);
  return {
    day: today,
    items: page.map((p) => ({ id: p.id, ...p.pair, slots: p.slots })),
    nextCursor: more ? lastHanded : null,
    remaining: page.length + openUnhanded + (pairs.length - next),
    lease: lease && page.length ? lease.dto : null,
  };
}
