import type { KstDay } from '#shared/kst';
import type { SlotListQuery } from '#shared/schemas/slots';
import { deriveDisplayStatus, slotStatuses, type DisplayStatus, type SlotStatus } from '#shared/slot-status';
import { config } from '#commons/config';
import { slotsStore, type SlotListRow } from '../../storage/slots';
import { slotCountersStore, type SlotCounters } from '../../storage/slot-counters';
import { visibleSlots } from './slot-visibility';

/**
 * The staff list across users, paged in the table (a page costs about one page of reads,
 * not every slot of the statuses asked). Answers the common query — a display status or all, sorted
 * by registration time, no search or date filter — by walking GSI2 `SLOTS#{status}` in
 * `{createdAt}#{id}` order, merging the stored statuses the display status can come from, and
 * filtering rows by their display status as they stream by.
 *
 * Page N: positions along that walk are remembered in this process as checkpoints (every
 * CHECKPOINT_EVERY matching rows, the registration time where a group of equal times ends), so a
 * deep page resumes from the nearest one below it (`GSI2SK < {createdAt}#`) instead of reading N
 * pages. Checkpoints are valid for one version of the list: the global counters' list version (every
 * slot-changing transaction bumps one shard), the KST day (display statuses follow the calendar) and,
 * on AWS, the index lag after the last change. Limits: a process that has not seen the query since
 * the last change reads up to the page once (then every later page is cheap); under constant writes
 * deep pages pay that walk each time (first pages never do). The ids of each page asked are kept
 * with the checkpoints (the slots themselves are always read fresh), so concurrent and repeated
 * asks for one page of one version share one walk.
 *
 * Totals: from the counters where the display status is the stored one (all, pending, empty and the
 * terminal statuses: a non-empty stored status always has keyword and URL, so none of those shows as
 * empty). The dated display statuses (waiting, active, paused, completed) depend on today and the
 * slot's dates, which the counters only follow after the daily job: those are counted by one walk of
 * their partitions (rows are counted, not kept), shared by concurrent requests and cached like the
 * checkpoints.
 */

/** Stored statuses that can show as a display status (the job keeps them close; dates decide). */
const storedFor: Record<DisplayStatus, SlotStatus[]> = {
  empty: ['empty', 'pending', 'waiting', 'active', 'paused', 'completed'],
  pending: ['pending'],
  waiting: ['waiting', 'active', 'paused'],
  active: ['waiting', 'active'],
  paused: ['paused'],
  completed: ['waiting', 'active', 'paused', 'completed'],
  rejected: ['rejected'],
  refunded: ['refunded'],
  expired: ['expired'],
  deleted: ['deleted'],
};

const CHECKPOINT_EVERY = 100;
const MAX_READ_PAGE = 1000;
const undated = new Set<DisplayStatus>(['empty', 'pending', 'rejected', 'refunded', 'expired', 'deleted']);

/** Whether the paged path answers the query exactly like the full read would. */
export function isPagedStaffQuery(query: SlotListQuery): boolean {
  return (
    !query.userId &&
    query.sortBy === 'createdAt' &&
    !query.search?.trim() &&
    !query.dateFrom &&
    !query.dateTo &&
    !query.workFrom &&
    !query.workTo &&
    !query.hideExpired &&
    // The inactive-accounts tab filters by owner: the in-memory path.
    query.userStatus !== 'inactive'
  );
}

interface Checkpoint {
  pos: number;
  createdAt: string;
}
interface Entry {
  version: number;
  today: KstDay;
  readAt: number;
  checkpoints: Checkpoint[];
  total?: Promise<number>;
  /** The rows of pages asked in this version (`{offset}|{limit}`): which slots, in which order — the slots themselves are read fresh. */
  pages: Map<string, Promise<PageRow[]>>;
}
/** Bounds memory: at most 22 entries × 50 pages × 200 ids. */
const MAX_PAGES_PER_ENTRY = 50;
type PageRow = Pick<SlotListRow, 'id' | 'userId'>;
/** 11 statuses × 2 orders (a few hundred checkpoints each at 20,000 slots). */
const entries = new Map<string, Entry>();
const MAX_ENTRIES = 40;

/**
 * Requests that arrive while a counters read is under way share it (20 operators paging at once read
 * the 8 shards once, not 20 times); a request arriving after it finished starts a new one.
 */
let countersInFlight: Promise<SlotCounters> | undefined;
export function currentCounters(): Promise<SlotCounters> {
  countersInFlight ??= slotCountersStore.global({ consistent: true }).finally(() => (countersInFlight = undefined));
  return countersInFlight;
}

function entryFor(list: string, counters: SlotCounters, today: KstDay): Entry {
  // The table is part of the key: one process may serve several tables (tests, benches).
  const key = `${config().tableName}|${list}`;
  const hit = entries.get(key);
  const settledAfter = (counters.listChangedAt ? Date.parse(counters.listChangedAt) : 0) + config().indexLagMs;
  if (hit && hit.version === counters.listVersion && hit.today === today && hit.readAt >= settledAfter) return hit;
  const fresh: Entry = { version: counters.listVersion, today, readAt: Date.now(), checkpoints: [], pages: new Map() };
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, fresh);
  return fresh;
}

function remember(entry: Entry, checkpoint: Checkpoint) {
  const list = entry.checkpoints;
  if (list.some((c) => c.pos === checkpoint.pos)) return;
  list.push(checkpoint);
  list.sort((a, b) => a.pos - b.pos);
}

/** One stored status's rows in walk order, read a page at a time (pages grow up to MAX_READ_PAGE). */
class PartitionReader {
  private buffer: SlotListRow[] = [];
  private startKey?: Record<string, unknown>;
  private done = false;
  constructor(
    private status: SlotStatus,
    private ascending: boolean,
    private beyond: string | undefined,
    private pageSize: number,
  ) {}

  async head(): Promise<SlotListRow | undefined> {
    while (!this.buffer.length && !this.done) {
      const page = await slotsStore.pageRowsByStatus(this.status, {
        ascending: this.ascending,
        beyond: this.beyond,
        limit: this.pageSize,
        startKey: this.startKey,
      });
      this.buffer = await visibleSlots(page.rows);
      this.startKey = page.next;
      this.done = !page.next;
      this.pageSize = Math.min(MAX_READ_PAGE, this.pageSize * 2);
    }
    return this.buffer[0];
  }

  take(): SlotListRow | undefined {
    return this.buffer.shift();
  }
}

const sortKey = (row: SlotListRow) => `${row.createdAt}#${row.id}`;

/**
 * The visible rows of the stored statuses merged in registration order, one group of equal
 * registration times at a time, each group in the order the list sorts ties (slot number).
 */
async function* groups(
  stored: SlotStatus[],
  ascending: boolean,
  beyond: string | undefined,
  pageSize: number,
): AsyncGenerator<SlotListRow[]> {
  const readers = stored.map((s) => new PartitionReader(s, ascending, beyond, pageSize));
  const heads = await Promise.all(readers.map((r) => r.head()));
  const direction = ascending ? 1 : -1;
  let group: SlotListRow[] = [];
  for (;;) {
    let best = -1;
    heads.forEach((h, i) => {
      if (h && (best < 0 || (sortKey(h) < sortKey(heads[best]!) ? -1 : 1) * direction < 0)) best = i;
    });
    if (best < 0) break;
    const row = readers[best].take()!;
    heads[best] = await readers[best].head();
    if (group.length && group[0].createdAt !== row.createdAt) {
      yield group.sort((a, b) => (a.slot_number - b.slot_number) * direction);
      group = [];
    }
    group.push(row);
  }
  if (group.length) yield group.sort((a, b) => (a.slot_number - b.slot_number) * direction);
}

/** The stored statuses worth walking: undated display statuses come only from their own one. */
const walked = (status: DisplayStatus | undefined): SlotStatus[] =>
  !status ? slotStatuses.filter((s) => s !== 'deleted') : undated.has(status) ? [status] : storedFor[status];

export async function pagedStaffList(
  query: SlotListQuery,
  status: DisplayStatus | undefined,
  today: KstDay,
): Promise<{ rows: PageRow[]; total: number }> {
  const ascending = query.sortOrder === 'asc';
  const stored = walked(status);
  const matches = (row: SlotListRow) =>
    status ? deriveDisplayStatus(row, today) === status : deriveDisplayStatus(row, today) !== 'deleted';

  /** Walks from the nearest checkpoint at or below `from`, remembering new ones; stops once `until` rows matched. */
  const walk = async (
    entry: Entry,
    from: number,
    until: number,
    pageSize: number,
    keep: (row: SlotListRow, pos: number) => void,
  ): Promise<number> => {
    const start = entry.checkpoints.findLast((c) => c.pos <= from);
    let pos = start?.pos ?? 0;
    for await (const group of groups(stored, ascending, start?.createdAt, pageSize)) {
      const before = pos;
      for (const row of group) if (matches(row)) keep(row, pos++);
      if (Math.floor(pos / CHECKPOINT_EVERY) > Math.floor(before / CHECKPOINT_EVERY))
        remember(entry, { pos, createdAt: group[0].createdAt });
      if (pos >= until) break;
    }
    return pos;
  };

  const offset = (query.page - 1) * query.limit;
  const page = async (entry: Entry) => {
    const rows: PageRow[] = [];
    const start = entry.checkpoints.findLast((c) => c.pos <= offset)?.pos ?? 0;
    await walk(
      entry,
      offset,
      offset + query.limit,
      Math.min(MAX_READ_PAGE, offset - start + query.limit + 1),
      (row, pos) => {
        if (pos >= offset && pos < offset + query.limit) rows.push({ id: row.id, userId: row.userId });
      },
    );
    return rows;
  };

  const counters = await currentCounters();
  const entry = entryFor(`${status ?? 'all'}|${query.sortOrder}`, counters, today);
  // Concurrent and repeated asks for one page of one version share one walk; forgotten when it fails.
  const pageKey = `${offset}|${query.limit}`;
  let rowsOfPage = entry.pages.get(pageKey);
  if (!rowsOfPage) {
    rowsOfPage = page(entry).catch((err) => {
      entry.pages.delete(pageKey);
      throw err;
    });
    if (entry.pages.size >= MAX_PAGES_PER_ENTRY) entry.pages.delete(entry.pages.keys().next().value!);
    entry.pages.set(pageKey, rowsOfPage);
  }
  const total = () => {
    if (!status) return Promise.resolve(stored.reduce((n, s) => n + counters.byStatus[s], 0));
    if (undated.has(status)) return Promise.resolve(counters.byStatus[status]);
    // Shared by concurrent requests of this list version; forgotten when it fails.
    entry.total ??= walk(entry, 0, Number.POSITIVE_INFINITY, MAX_READ_PAGE, () => {}).catch((err) => {
      entry.total = undefined;
      throw err;
    });
    return entry.total;
  };
  const [rows, count] = await Promise.all([rowsOfPage, total()]);
  return { rows, total: count };
}
