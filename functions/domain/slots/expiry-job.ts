import { expiryNoticeText, notificationActionLabels } from '#shared/messages/notification-events';
import { notifyQuietly } from '../notifications/notify-users';
import { ulid } from 'ulid';
import { kstDaysBetween, kstToday } from '#shared/kst';
import { slotLogTexts } from '#shared/messages/slots';
import { slotsStore, type ExpiryNotice, type SlotRecord } from '../../storage/slots';
import { slotLogsStore } from '../../storage/slot-logs';
import { slotCountersStore } from '../../storage/slot-counters';
import { slotBulksStore } from '../../storage/slot-bulks';
import { transact } from '../../storage/transactions';
import { logger } from '#commons/logger';
import { retrying } from '#commons/retry';
import { isCommittedBulkRow } from './slot-visibility';
import { statusMove } from './slot-record';

/**
 * Scheduled job `expiry` (00:10 KST, after slot-status): unfilled issued slots expire, owners hear before an end.
 *  1. Pre-allocated slots never filled by their (inclusive) end date become `expired` (만료), with
 *     their counters and a log line, each in one transaction guarded by the slot's version.
 *  2. Each owner gets one '만료 예정' notice per slot 3 days and 1 day before it ends. A notice is
 *     recorded on the slot (`expiry_notices`) in the same transaction that claims it, so a second
 *     run — or a run after an interrupted one — sends nothing twice; a day the job missed is caught up
 *     (2 days left and no D-3 notice yet: the D-3 notice goes now).
 * Until the notification service exists the notice is that record (and a log line for operators).
 */
const NOTICE_STATUSES = ['empty', 'waiting', 'active', 'paused'] as const;

export async function runExpiryJob(today = kstToday()) {
  let expired = 0;
  let noticed = 0;
  let failed = 0;
  const attempt = async (slotId: string, decide: (slot: SlotRecord) => Promise<boolean>) => {
    try {
      return await retrying(async () => {
        const slot = await slotsStore.get(slotId);
        // Rows of a bulk attempt that never committed do not exist.
        if (!slot || (slot.bulkId !== undefined && !isCommittedBulkRow(slot, await slotBulksStore.get(slot.bulkId))))
          return false;
        return decide(slot);
      });
    } catch (err) {
      failed += 1;
      logger.error('expiry job: slot not handled', { slotId, error: err as Error });
      return false;
    }
  };

  for (const listed of await slotsStore.listByStatus('empty')) {
    if (!endOf(listed) || endOf(listed)! >= today) continue;
    const done = await attempt(listed.id, async (slot) => {
      const end = endOf(slot);
      if (slot.status !== 'empty' || !end || end >= today) return false;
      const now = new Date().toISOString();
      await transact([
        slotsStore.update(slot, { status: 'expired', expiredAt: now, updatedAt: now }),
        slotLogsStore.put({
          id: ulid(),
          slot_id: slot.id,
          change_type: 'status_change',
          field_key: 'status',
          old_value: 'empty',
          new_value: 'expired',
          description: slotLogTexts.expiredUnfilled(end),
          user_id: 'system',
          actor_id: null,
          full_name: slotLogTexts.system,
          ip_address: '',
          user_agent: 'expiry job',
          created_at: now,
        }),
        slotCountersStore.userUpdate(slot.userId, statusMove('empty', 'expired')),
        slotCountersStore.globalUpdate(statusMove('empty', 'expired')),
      ]);
      return true;
    });
    if (done) expired += 1;
  }

  for (const status of NOTICE_STATUSES) {
    for (const listed of await slotsStore.listByStatus(status)) {
      if (!noticeDue(listed, today)) continue;
      const done = await attempt(listed.id, async (slot) => {
        const due = noticeDue(slot, today);
        if (!due || !(NOTICE_STATUSES as readonly string[]).includes(slot.status)) return false;
        const now = new Date().toISOString();
        // The claim and the record are one write: a notice goes out at most once per slot.
        await transact([
          slotsStore.update(slot, { expiry_notices: { ...slot.expiry_notices, [due.notice]: now }, updatedAt: now }),
          // Lists show the slot: their cached copies must see the change (listVersion).
          slotCountersStore.userUpdate(slot.userId, {}),
        ]);
        await sendExpiryNotice(slot, due.notice, due.end, due.daysLeft);
        return true;
      });
      if (done) noticed += 1;
    }
  }

  logger.info('expiry finished', { today, expired, noticed, failed });
  return { today, expired, noticed, failed };
}

const endOf = (slot: Pick<SlotRecord, 'endDate' | 'pre_allocation_end_date'>) =>
  slot.endDate ?? slot.pre_allocation_end_date ?? null;

/** The notice this slot is owed today, if any: D-1 from 1 day left, D-3 from 3 (caught up if missed). */
function noticeDue(
  slot: Pick<SlotRecord, 'endDate' | 'pre_allocation_end_date' | 'expiry_notices'>,
  today: string,
): { notice: ExpiryNotice; end: string; daysLeft: number } | null {
  const end = endOf(slot);
  if (!end || end < today) return null;
  const daysLeft = kstDaysBetween(today, end);
  const sent = slot.expiry_notices ?? {};
  if (daysLeft <= 1) return sent['D-1'] ? null : { notice: 'D-1', end, daysLeft };
  if (daysLeft <= 3) return sent['D-3'] ? null : { notice: 'D-3', end, daysLeft };
  return null;
}

/** The owner hears it once per notice: the claim above is written first, and the slot and notice are the dedupe key. */
async function sendExpiryNotice(slot: SlotRecord, notice: string, end: string, daysLeft: number): Promise<void> {
  await notifyQuietly(slot.userId, {
    type: 'warning',
    title: expiryNoticeText.title,
    event: 'expiry-notice',
    message: slotLogTexts.expiryNotice(slot.slot_number, end, daysLeft),
    actions: [{ label: notificationActionLabels.slots, style: 'primary', action: '/slots' }],
    metadata: { slotId: slot.id, endDate: end, daysLeft, notice },
    dedupeKey: `expiry-notice#${slot.id}#${notice}#${end}`,
  });
}
