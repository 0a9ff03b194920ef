import { config } from '#commons/config';
import { logger } from '#commons/logger';
import { slotSearchSnapshotsStore } from '../../storage/slot-search-snapshots';
import { copyForSnapshot } from './search-copy';
import { headPrint, SNAPSHOT_FORMAT, SNAPSHOT_MAX_AGE_MS, writeSnapshot } from './search-snapshot';

/** Once a day the snapshot is rebuilt from the whole index rather than from the one before it. */
const FULL_REBUILD_EVERY_MS = 24 * 3_600_000;

/**
 * Scheduled job `slot-search-snapshot` (infra/schedules.ts): stores the staff search's copy as a
 * snapshot, so a process's first search starts from it. Builds on the process's copy (itself loaded
 * from the last snapshot and the index rows written since); nothing is written when no slot changed
 * since the last snapshot's read, so a second run right after the first writes nothing again.
 */
/** The head of the snapshot this process last wrote, by table: known whole without reading it back. */
const wrote = new Map<string, string>();

export async function runSlotSearchSnapshotJob(now = Date.now()) {
  const table = config().tableName;
  const started = Date.now();
  const head = await slotSearchSnapshotsStore.head();
  const usable = head?.format === SNAPSHOT_FORMAT && now - Date.parse(head.takenAt) <= SNAPSHOT_MAX_AGE_MS;
  const full = !usable || now - Date.parse(head.fullAt) > FULL_REBUILD_EVERY_MS;
  const copy = await copyForSnapshot({ fromIndex: full });
  // Nothing changed since the last snapshot, which this process wrote or loaded whole: nothing to write.
  const print = head && headPrint(head);
  const known =
    !!print && (print === copy.snapshotPrint || print === wrote.get(table)) && print !== copy.passedOverPrint;
  if (usable && !full && known && head.settled && head.listVersion === copy.version)
    return { written: false, snapshotId: head.snapshotId, rows: head.rows, chunks: head.chunkRows.length, ms: 0 };
  const takenAt = new Date(copy.readFrom).toISOString();
  const { head: written, written: named } = await writeSnapshot(
    copy.rows,
    {
      takenAt,
      listVersion: copy.version,
      settled: copy.settled,
      fullAt: full ? takenAt : head!.fullAt,
    },
    head,
  );
  if (named) wrote.set(table, headPrint(written));
  const summary = {
    written: named,
    // A run that lost to a later one names the snapshot that is current.
    snapshotId: named ? written.snapshotId : ((await slotSearchSnapshotsStore.head())?.snapshotId ?? ''),
    rows: written.rows,
    chunks: written.chunkRows.length,
    bytes: written.bytes,
    full,
    ms: Date.now() - started,
  };
  logger.info('slot search snapshot job', summary);
  return summary;
}
