import { config } from '#commons/config';
import { logger } from '#commons/logger';
import { retrying } from '#commons/retry';
import type { SlotCounters } from '../../storage/slot-counters';
import { SLOT_SEARCH_SHARDS } from '../../storage/keys';
import { slotsStore, type SlotSearchRow } from '../../storage/slots';
import { headPrint, readSnapshot, type SnapshotUnusable } from './search-snapshot';
import { currentCounters } from './staff-list';

/**
 * The staff search's copy of every slot's search row (list attributes and field values), kept per
 * process and filtered in memory by every search across users: every slot of every status, with no
 * registration period or row bound to narrow it first (docs/data-model.md S8s).
 *
 * It comes from the search index (GSI3 `SLOTSEARCH#{shard}` / `{writtenAt}#{id}`: every write of a
 * slot stamps it). The first search in a process loads every partition whole; later searches read
 * the global counters' list version (one shared batch read) and, only when it moved, the slots
 * written since the last read. That read starts SYNC_MARGIN_MS before the last one began: a write
 * stamped by a slower clock, or committed a moment after its stamp, is still caught, and reading a
 * row twice is harmless (the higher `version` wins). The version counts as caught up only once the
 * index lag has passed since the last change; until then every search reads the recent writes again.
 *
 * A process's first search starts from the newest snapshot of the copy (search-snapshot.ts, written
 * hourly by the slot-search-snapshot job) and reads from the index only the slots written since the
 * snapshot's read began, minus the same margin: a few large items and a short query instead of every
 * slot's row. A missing, damaged, partial or too old snapshot is passed over for the whole index.
 *
 * Memory: about 0.8 KB a slot with its lowered texts (100,000 slots ≈ 80 MB, measured with Coupang URLs
 * and Korean keywords); the first search of a process pays the load
 * (docs/performance.md, console-lists).
 */
const SYNC_MARGIN_MS = 60_000;
/** Above this many rows read at once, the order is rebuilt by one sort instead of row by row. */
const RESORT_ABOVE = 1_000;

interface Copy {
  rows: Map<string, SlotSearchRow>;
  /** Newest registration first (the list's default order): createdAt, slot number, id, all descending. */
  ordered: SlotSearchRow[];
  /** When the last read of the index began (epoch ms). */
  readFrom: number;
  version: number;
  settled: boolean;
  /** Moves with every read of what changed: results computed from the copy are valid for one generation. */
  generation: number;
  sync?: Promise<void>;
  /** How it was loaded. */
  load: CopyLoad;
}

/** One copy per table (a process may serve several: tests, benches). */
const copies = new Map<string, Copy>();

/** Descending list order; negative when `a` comes first. */
function order(a: SlotSearchRow, b: SlotSearchRow): number {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1;
  if (a.slot_number !== b.slot_number) return b.slot_number - a.slot_number;
  return a.id === b.id ? 0 : a.id > b.id ? -1 : 1;
}

/** Where `row` stands (or would stand) in `list`. */
function position(list: SlotSearchRow[], row: SlotSearchRow): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (order(list[mid], row) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function put(copy: Copy, row: SlotSearchRow) {
  const old = copy.rows.get(row.id);
  if (old && old.version > row.version) return;
  if (old) copy.ordered.splice(position(copy.ordered, old), 1);
  copy.ordered.splice(position(copy.ordered, row), 0, row);
  copy.rows.set(row.id, row);
}

async function readIndex(since?: number): Promise<SlotSearchRow[]> {
  const from = since === undefined ? undefined : new Date(since).toISOString();
  // A busy store retries one partition's read, not the whole load.
  const parts = await Promise.all(
    Array.from({ length: SLOT_SEARCH_SHARDS }, (_, shard) => retrying(() => slotsStore.searchRows(shard, from))),
  );
  return parts.flat();
}

/** How the last copy of this process was loaded (the bench and tests read it). */
export interface CopyLoad {
  source: 'snapshot' | 'index';
  rows: number;
  /** Rows read from the index: all of them, or those written since the snapshot's read began. */
  indexRows: number;
  ms: number;
  snapshotId?: string;
  /** The head of that snapshot (search-snapshot.ts headPrint). */
  snapshotPrint?: string;
  /** Why a snapshot there was not used, and its head (headPrint). */
  passedOver?: string;
  passedOverPrint?: string;
}
export const lastCopyLoad = (): CopyLoad | undefined => copies.get(config().tableName)?.load;

/** The index read whole, or the newest usable snapshot and the index rows written since its read began. */
async function loadRows(fromIndex: boolean): Promise<{ rows: SlotSearchRow[]; load: Omit<CopyLoad, 'ms'> }> {
  let passedOver: string | undefined;
  let passedOverPrint: string | undefined;
  if (!fromIndex) {
    const snapshot = await readSnapshot().catch((err: SnapshotUnusable) => {
      passedOver = err.message;
      passedOverPrint = err.print;
      logger.warn('slot search snapshot passed over', { reason: err.message });
      return undefined;
    });
    if (snapshot) {
      const since = await readIndex(Date.parse(snapshot.head.takenAt) - SYNC_MARGIN_MS - config().indexLagMs);
      const rows = snapshot.rows.concat(since);
      const load = { source: 'snapshot' as const, rows: snapshot.rows.length, indexRows: since.length };
      return {
        rows,
        load: { ...load, snapshotId: snapshot.head.snapshotId, snapshotPrint: headPrint(snapshot.head) },
      };
    }
  }
  const rows = await readIndex();
  return { rows, load: { source: 'index', rows: rows.length, indexRows: rows.length, passedOver, passedOverPrint } };
}

async function load(opts: { fromIndex?: boolean } = {}): Promise<Copy> {
  const counters = await currentCounters();
  const readFrom = Date.now();
  const { rows, load: how } = await loadRows(!!opts.fromIndex);
  const byId = new Map<string, SlotSearchRow>();
  // A row read twice (the snapshot's and the index's) keeps its newest version.
  for (const row of rows) {
    const old = byId.get(row.id);
    if (!old || old.version <= row.version) byId.set(row.id, row);
  }
  const loaded = { ...how, rows: byId.size, ms: Date.now() - readFrom };
  logger.info('slot search copy loaded', { ...loaded });
  return {
    load: loaded,
    rows: byId,
    ordered: [...byId.values()].sort(order),
    readFrom,
    version: counters.listVersion,
    settled: isSettled(counters, readFrom),
    generation: 0,
  };
}

const isSettled = (counters: SlotCounters, readFrom: number) =>
  readFrom >= (counters.listChangedAt ? Date.parse(counters.listChangedAt) : 0) + config().indexLagMs;

async function catchUp(copy: Copy, counters: SlotCounters) {
  const readFrom = Date.now();
  const rows = await readIndex(copy.readFrom - SYNC_MARGIN_MS - config().indexLagMs);
  if (rows.length > RESORT_ABOVE) {
    // Many rows at once (a rank run, a bulk registration): one sort, not a move per row.
    for (const row of rows) {
      const old = copy.rows.get(row.id);
      if (!old || old.version <= row.version) copy.rows.set(row.id, row);
    }
    copy.ordered = [...copy.rows.values()].sort(order);
  } else if (rows.length) {
    // A new array: the one handed out before stays as it was for the searches still filtering it.
    copy.ordered = copy.ordered.slice();
    for (const row of rows) put(copy, row);
  }
  copy.readFrom = readFrom;
  copy.generation += 1;
  copy.version = counters.listVersion;
  copy.settled = isSettled(counters, readFrom);
}

const loading = new Map<string, Promise<Copy>>();

/** Copies loaded in this process (each load is a new one): part of a result's generation. */
let loads = 0;

/**
 * Every slot's search row, newest registration first, current as of this call: every change
 * committed before it is in (the array is the copy's own: read it, never change it; a later catch-up
 * makes a new one, so a search may take turns of the event loop over it). `generation`
 * names the copy's state: what is computed from the rows holds while it is unchanged.
 */
export async function searchRows(): Promise<{ rows: readonly SlotSearchRow[]; generation: string }> {
  const table = config().tableName;
  let copy = copies.get(table);
  if (!copy) {
    // Concurrent first searches share one load; a failed load is forgotten.
    let pending = loading.get(table);
    if (!pending) {
      pending = load().finally(() => loading.delete(table));
      loading.set(table, pending);
    }
    copy = copies.get(table) ?? (await pending);
    if (!copies.has(table)) {
      loads += 1;
      copies.set(table, copy);
    }
  }
  const answer = (c: Copy) => ({ rows: c.ordered, generation: `${table}#${loads}#${c.generation}` });
  for (;;) {
    const counters = await currentCounters();
    if (copy.version === counters.listVersion && copy.settled) return answer(copy);
    // One catch-up at a time; a search that finds one under way waits for it and checks again.
    if (copy.sync) {
      await copy.sync.catch(() => undefined);
      continue;
    }
    const current = copy;
    current.sync = catchUp(current, counters).finally(() => (current.sync = undefined));
    await current.sync;
    return answer(current);
  }
}

/**
 * The copy as the snapshot job stores it: its rows (a copy of the order, so catch-ups meanwhile leave
 * it alone) and the state they are current to. `fromIndex` loads the index whole instead of starting
 * from the last snapshot (the job does so daily, so nothing a snapshot might lack is carried on for
 * ever); the fresh copy then serves this process's searches too.
 */
export async function copyForSnapshot(opts: { fromIndex: boolean }) {
  const table = config().tableName;
  if (opts.fromIndex) {
    const fresh = await load({ fromIndex: true });
    loads += 1;
    copies.set(table, fresh);
  } else await searchRows();
  const copy = copies.get(table)!;
  return {
    rows: [...copy.ordered],
    readFrom: copy.readFrom,
    version: copy.version,
    settled: copy.settled,
    snapshotPrint: copy.load.snapshotPrint,
    passedOverPrint: copy.load.passedOverPrint,
  };
}

/** Forgets this process's copies: the next search loads as a new process's first search does (tests, benches). */
export function dropSearchCopies() {
  copies.clear();
}
