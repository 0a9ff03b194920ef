import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import { logger } from '#commons/logger';
import { retrying } from '#commons/retry';
import { inParallel } from '#commons/batching';
import { searchAttributes, type SlotSearchRow } from '../../storage/slots';
import { slotSearchSnapshotsStore, type SnapshotHead } from '../../storage/slot-search-snapshots';

/**
 * The staff search's copy stored as a snapshot, so a process's first search reads a few large items
 * (seconds) instead of every slot's index row (minutes at 100,000 slots). Each chunk is gzip'd JSON of
 * consecutive rows in the copy's order; gzip's own checksum and the row counts in the head catch a
 * damaged or partial chunk. zlib runs on libuv's threads, so compressing never holds a request up.
 */
const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

/** Well under DynamoDB's 400 KB item limit, with room for the key and attribute names. */
const MAX_CHUNK_BYTES = 350_000;
/** Rows first tried in one chunk; a chunk that compresses larger is halved until it fits. */
const FIRST_TRY_ROWS = 4_000;
/** A snapshot older than this is not used: the index is read whole instead (the job writes one hourly). */
export const SNAPSHOT_MAX_AGE_MS = 26 * 3_600_000;
/** A reader takes the attributes it knows; a snapshot of other attributes is not read. */
export const SNAPSHOT_FORMAT = `gzip-json-1:${searchAttributes.join(',')}`;

export interface Snapshot {
  head: SnapshotHead;
  rows: SlotSearchRow[];
}

/** What names a head's content: two heads alike in it describe the same chunks. */
export const headPrint = (head: SnapshotHead) =>
  [head.snapshotId, head.takenAt, head.rows, head.chunkRows.join(',')].join('|');

/** Why a snapshot was not used: the caller loads from the index instead. */
export class SnapshotUnusable extends Error {
  /** The head of the snapshot passed over (headPrint), when it was read. */
  print?: string;
}

function checkedRows(json: string, expected: number): SlotSearchRow[] {
  const rows: unknown = JSON.parse(json);
  if (!Array.isArray(rows) || rows.length !== expected) throw new SnapshotUnusable('chunk row count');
  for (const row of rows as Array<Partial<SlotSearchRow>>)
    if (typeof row?.id !== 'string' || typeof row.version !== 'number' || typeof row.createdAt !== 'string')
      throw new SnapshotUnusable('chunk row shape');
  return rows as SlotSearchRow[];
}

/**
 * The newest complete snapshot, its rows in the order they were written, or undefined when there is
 * none. Throws SnapshotUnusable when it is too old, of another format, or any chunk is missing or
 * damaged: a snapshot is used whole or not at all.
 */
export async function readSnapshot(now = Date.now()): Promise<Snapshot | undefined> {
  const head = await retrying(() => slotSearchSnapshotsStore.head());
  if (!head) return undefined;
  try {
    return { head, rows: await rowsOf(head, now) };
  } catch (err) {
    if (err instanceof SnapshotUnusable) err.print = headPrint(head);
    throw err;
  }
}

async function rowsOf(head: SnapshotHead, now: number): Promise<SlotSearchRow[]> {
  if (head.format !== SNAPSHOT_FORMAT) throw new SnapshotUnusable('format');
  if (now - Date.parse(head.takenAt) > SNAPSHOT_MAX_AGE_MS) throw new SnapshotUnusable('too old');
  const parts: SlotSearchRow[][] = new Array(head.chunkRows.length);
  await inParallel(
    head.chunkRows.map((_, i) => i),
    8,
    async (i) => {
      // A busy store retries the one chunk (not a reason to read the whole index instead).
      const data = await retrying(() => slotSearchSnapshotsStore.chunk(head.snapshotId, i));
      if (!data) throw new SnapshotUnusable(`chunk ${i} missing`);
      let json: string;
      try {
        json = (await gunzip(data)).toString('utf8');
      } catch {
        throw new SnapshotUnusable(`chunk ${i} damaged`);
      }
      try {
        parts[i] = checkedRows(json, head.chunkRows[i]);
      } catch (err) {
        throw err instanceof SnapshotUnusable ? err : new SnapshotUnusable(`chunk ${i} damaged`);
      }
    },
  );
  const rows = parts.flat();
  if (rows.length !== head.rows) throw new SnapshotUnusable('row count');
  return rows;
}

/** The rows cut into gzip'd chunks of at most MAX_CHUNK_BYTES each, in order. */
async function encodeChunks(rows: readonly SlotSearchRow[]): Promise<Array<{ rows: number; data: Buffer }>> {
  const chunks: Array<{ rows: number; data: Buffer }> = [];
  let at = 0;
  let size = FIRST_TRY_ROWS;
  while (at < rows.length) {
    const part = rows.slice(at, at + size);
    const data = await gzip(JSON.stringify(part));
    if (data.length > MAX_CHUNK_BYTES && part.length > 1) {
      size = Math.max(1, Math.floor(part.length / 2));
      continue;
    }
    chunks.push({ rows: part.length, data });
    at += part.length;
  }
  return chunks;
}

/**
 * Writes the rows as a new snapshot and names it the newest, unless a snapshot taken later is named
 * already; the one it replaces is kept for readers still on it, the one before that is deleted.
 */
export async function writeSnapshot(
  rows: readonly SlotSearchRow[],
  meta: Pick<SnapshotHead, 'takenAt' | 'listVersion' | 'settled' | 'fullAt'>,
  replacing: SnapshotHead | undefined,
): Promise<{ head: SnapshotHead; written: boolean }> {
  const snapshotId = `${meta.takenAt}-${crypto.randomUUID().slice(0, 8)}`;
  const chunks = await encodeChunks(rows);
  await inParallel(
    chunks.map((c, i) => ({ ...c, i })),
    4,
    (c) => slotSearchSnapshotsStore.putChunk(snapshotId, c.i, c.data),
  );
  const head: SnapshotHead = {
    ...meta,
    snapshotId,
    format: SNAPSHOT_FORMAT,
    rows: rows.length,
    chunkRows: chunks.map((c) => c.rows),
    bytes: chunks.reduce((n, c) => n + c.data.length, 0),
    ...(replacing && { previous: { snapshotId: replacing.snapshotId, chunks: replacing.chunkRows.length } }),
  };
  if (!(await slotSearchSnapshotsStore.putHead(head))) {
    // A run that read later named its snapshot first: this one is nobody's.
    await slotSearchSnapshotsStore.deleteChunks(snapshotId, chunks.length);
    return { head, written: false };
  }
  if (replacing?.previous)
    await slotSearchSnapshotsStore.deleteChunks(replacing.previous.snapshotId, replacing.previous.chunks);
  logger.info('slot search snapshot written', {
    snapshotId,
    rows: head.rows,
    chunks: chunks.length,
    bytes: head.bytes,
  });
  return { head, written: true };
}
