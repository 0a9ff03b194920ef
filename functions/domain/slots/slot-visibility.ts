import type { SlotListRow } from '../../storage/slots';
import { inParallel } from '#commons/batching';
import { slotBulksStore, type BulkRecord } from '../../storage/slot-bulks';

/** Whether a bulk row exists: its bulk committed, and it was this row's attempt that did. */
export const isCommittedBulkRow = (
  row: Pick<SlotListRow, 'bulkAttempt'>,
  record: Pick<BulkRecord, 'attempt'> | undefined,
) => !!record && record.attempt === row.bulkAttempt;

/** Bulk records are immutable once written: a committed bulk's attempt never needs a second read. */
const committedAttempts = new Map<string, string>();

/**
 * Slots of a bulk registration are written before the money moves and exist only once their bulk
 * record (written in the charge's transaction) names their attempt — see registration.ts. Every
 * reader passes slots through here: rows of the committed attempt are kept, all others dropped.
 */
export async function visibleSlots<T extends Pick<SlotListRow, 'bulkId' | 'bulkAttempt'>>(rows: T[]): Promise<T[]> {
  const unknown = [...new Set(rows.map((r) => r.bulkId).filter((b): b is string => !!b && !committedAttempts.has(b)))];
  // A search over every slot may meet thousands of bulks the process has not seen: several reads at once.
  await inParallel(unknown, 16, async (bulkId) => {
    const record = await slotBulksStore.get(bulkId);
    if (!record) return;
    if (committedAttempts.size > 50_000) committedAttempts.clear();
    committedAttempts.set(bulkId, record.attempt);
  });
  return rows.filter(
    (r) =>
      !r.bulkId ||
      isCommittedBulkRow(
        r,
        committedAttempts.has(r.bulkId) ? { attempt: committedAttempts.get(r.bulkId)! } : undefined,
      ),
  );
}
