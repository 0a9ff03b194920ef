import { config } from '#commons/config';
import { logger } from '#commons/logger';
import { retrying } from '#commons/retry';
import type { SlotCounters } from '../../storage/slot-counters';
import { SLOT_SEARCH_SHARDS } from '../../storage/keys';
import { slotsStore, type SlotSearchRow } from '../../storage/slots';
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
 * Memory: about 0.8 KB a slot with its lowered texts (100,000 slots ≈ 80 MB, measured with Coupang URLs
 * and Korean keywords); the first search of a process pays the load
 * (docs/performance.md, console-lists).
 */
const SYNC_MARGIN_MS = 60_000;

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

async function load(): Promise<Copy> {
  const counters = await currentCounters();
  const readFrom = Date.now();
  const rows = await readIndex();
  logger.info('slot search copy loaded', { rows: rows.length, ms: Date.now() - readFrom });
  const byId = new Map<string, SlotSearchRow>();
  for (const row of rows) {
    const old = byId.get(row.id);
    if (!old || old.version <= row.version) byId.set(row.id, row);
  }
  return {
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
  for (const row of rows) put(copy, row);
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
 * committed before it is in (the array is the copy's own: read it, never change it). `generation`
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
