import { ulid } from 'ulid';
import { kstToday } from '#shared/kst';
import { calendarStatus, displayStatusLabels } from '#shared/slot-status';
import { slotsStore } from '../../storage/slots';
import { slotLogsStore } from '../../storage/slot-logs';
import { slotCountersStore } from '../../storage/slot-counters';
import { slotBulksStore, type BulkRecord } from '../../storage/slot-bulks';
import { transact } from '../../storage/transactions';
import { logger } from '#commons/logger';
import { isCommittedBulkRow } from './slot-visibility';
import { statusMove } from './slot-record';
import { retrying } from '#commons/retry';
import { slotLogTexts } from '#shared/messages/slots';

/**
 * Scheduled job `slot-status` (00:05 KST): moves stored statuses along the calendar so the counters
 * (status cards, dashboards) follow the dates — approved slots whose start has not come are
 * `waiting`, started ones `active`, those past their (inclusive) end `completed`. Display statuses are
 * derived from the dates on every answer anyway; this keeps the counted ones in step. Each move is
 * one transaction with its log line and counters, guarded by the slot's version. The rule itself
 * (`calendarStatus`) lives in shared/slot-status.ts: fill, approve, resume and restore store it too.
 */
export async function runSlotStatusJob(today = kstToday()) {
  let checked = 0;
  let moved = 0;
  let failed = 0;
  for (const status of ['waiting', 'active', 'paused'] as const) {
    for (const listed of await slotsStore.listByStatus(status)) {
      checked += 1;
      if (calendarStatus(listed, today) === listed.status) continue;
      try {
        const done = await retrying(async (attempt) => {
          const slot = attempt === 1 ? listed : await slotsStore.get(listed.id);
          // Rows of a bulk attempt that never committed do not exist.
          if (!slot || (slot.bulkId !== undefined && !isCommittedBulkRow(slot, await slotBulksStore.get(slot.bulkId))))
            return false;
          const next = calendarStatus(slot, today);
          if (next === slot.status) return false;
          const now = new Date().toISOString();
          await transact([
            slotsStore.update(slot, { status: next, updatedAt: now }),
            slotLogsStore.put({
              id: ulid(),
              slot_id: slot.id,
              change_type: 'status_change',
              field_key: 'status',
              old_value: slot.status,
              new_value: next,
              description: slotLogTexts.movedByCalendar(displayStatusLabels[slot.status], displayStatusLabels[next]),
              user_id: 'system',
              actor_id: null,
              full_name: slotLogTexts.system,
              ip_address: '',
              user_agent: 'slot-status job',
              created_at: now,
            }),
            slotCountersStore.userUpdate(slot.userId, statusMove(slot.status, next)),
            slotCountersStore.globalUpdate(statusMove(slot.status, next)),
          ]);
          return true;
        });
        if (done) moved += 1;
      } catch (err) {
        failed += 1;
        logger.error('slot status not moved', { slotId: listed.id, error: err as Error });
      }
    }
  }
  const sweptBulkRows = await sweepUncommittedBulkRows();
  logger.info('slot-status finished', { today, checked, moved, failed, sweptBulkRows });
  return { today, checked, moved, failed, sweptBulkRows };
}

/** A bulk request lives for seconds (API Gateway gives up at 30 s); an hour is far beyond any of them. */
const UNCOMMITTED_BULK_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes the rows of bulk attempts that never committed (their charge failed, the request died
 * before it, or a twin request with the same key committed instead: registration.ts). Nobody sees, counts or paid for them; left alone they would
 * sit in the lists' indexes for ever. Only rows older than the grace period go, each only as read.
 */
export async function sweepUncommittedBulkRows(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - UNCOMMITTED_BULK_GRACE_MS).toISOString();
  const records = new Map<string, BulkRecord | undefined>();
  let swept = 0;
  // A bulk writes its rows as `pending`, or `active` with slotAutoApproval; a pre-allocation issuance as `empty`.
  for (const status of ['pending', 'active', 'empty'] as const) {
    for (const slot of await slotsStore.listByStatus(status)) {
      if (slot.bulkId === undefined || slot.createdAt >= cutoff) continue;
      if (!records.has(slot.bulkId)) records.set(slot.bulkId, await slotBulksStore.get(slot.bulkId));
      if (isCommittedBulkRow(slot, records.get(slot.bulkId))) continue;
      if (await slotsStore.deleteUncommittedBulkRow(slot)) swept += 1;
    }
  }
  if (swept) logger.warn('uncommitted bulk rows deleted', { swept });
  return swept;
}
