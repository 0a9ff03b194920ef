import { recordMetrics } from '#commons/metrics';
import { notificationActionLabels, slotApprovedText, slotRejectedText } from '#shared/messages/notification-events';
import { notifyQuietly } from '../notifications/notify-users';
import type { SlotRecord } from '../../storage/slots';
import { addKstDays, kstToday } from '#shared/kst';
import { slotMessages, slotStatusMessages, slotLogTexts } from '#shared/messages/slots';
import { type ApproveSlotInput, type SlotDto } from '#shared/schemas/slots';
import { calendarStatus, displayStatusLabels, type SlotStatus } from '#shared/slot-status';
import { slotsStore } from '../../storage/slots';
import { slotLogsStore } from '../../storage/slot-logs';
import { slotCountersStore } from '../../storage/slot-counters';
import { transact } from '../../storage/transactions';
import * as Ledger from '../cash/ledger';
import { ConflictError, ValidationError } from '#commons/errors';
import { getSettings } from '../settings/settings-service';
import { loadSlot } from './queries';
import { logWriter, type ChangeContext } from './slot-change-log';
import { ownersOf, toSlotDto } from './slot-dto';
import { statusMove } from './slot-record';
import { retrying } from '#commons/retry';

/**
 * POST /slots/{id}/approve (operators and developers; the route admits only them).
 * - approve: pending → active, starting this KST day for slotDurationDays days (see docs/decisions.md,
 *   'Normal-mode slots run slotDurationDays from approval'), with
 *   the approved price: with the cash system on, a slot paid at registration is approved at exactly
 *   what it paid (another price is refused, 400, nothing written); other slots take the price asked.
 * - reject: pending → rejected with the reason, and the price charged at registration goes back
 *   through the ledger in the SAME transaction, once (idempotency key `reject#{slotId}`).
 * Repeating the same decision answers with the slot as it is; the other decision is refused.
 */
export async function approveSlot(slotId: string, input: ApproveSlotInput, ctx: ChangeContext): Promise<SlotDto> {
  const [settings, log] = await Promise.all([getSettings(), logWriter(ctx)]);
  // What a rejection gave back in this call (a replayed refund gave nothing): counted once, after the commit.
  let returnedWon = 0;
  const slot = await retrying(async () => {
    const s = await loadSlot(ctx.caller, slotId);
    if (input.approved && s.status !== 'pending' && s.approvedAt) return s;
    if (!input.approved && s.status === 'rejected') return s;
    if (s.status !== 'pending') throw new ConflictError(slotStatusMessages.approveOnlyPending);
    const now = new Date().toISOString();
    const move = (to: SlotStatus) => [
      slotCountersStore.userUpdate(s.userId, statusMove('pending', to)),
      slotCountersStore.globalUpdate(statusMove('pending', to)),
    ];

    if (input.approved) {
      // Paid from the balance at registration: the approved price is what was paid. Another price
      // would be a price no money backs; the price edit settles a difference through the ledger.
      const paid = settings.useCashSystem && s.price > 0;
      if (paid && input.approvedPrice !== undefined && input.approvedPrice !== s.price) {
        const message = slotMessages.approvePaidPriceOnly(s.price);
        throw new ValidationError(message, [{ field: 'approvedPrice', message }]);
      }
      const price = paid ? s.price : input.approvedPrice;
      if (!price || price <= 0)
        throw new ValidationError(slotMessages.invalidPrice, [
          { field: 'approvedPrice', message: slotMessages.invalidPrice },
        ]);
      const today = kstToday();
      const startDate = today;
      const endDate = addKstDays(today, settings.slotDurationDays - 1);
      // The calendar status of its dates (active: it starts today), as every dated write stores.
      const status = calendarStatus({ status: 'active', startDate, endDate }, today);
      const changes = {
        status,
        approved_price: price,
        approvedAt: now,
        approvedBy: ctx.caller.userId,
        startDate,
        endDate,
        updatedAt: now,
      };
      await transact([
        slotsStore.update(s, changes),
        slotLogsStore.put(
          log(s.id, now, {
            change_type: 'approve',
            field_key: 'status',
            old_value: 'pending',
            new_value: status,
            description: slotLogTexts.approved(price, startDate, endDate),
          }),
        ),
        ...move(status),
      ]);
      return { ...s, ...changes, version: s.version + 1 };
    }

    const reason = input.rejectionReason;
    const changes = { status: 'rejected' as const, rejection_reason: reason, rejectedAt: now, updatedAt: now };
    const money = await Ledger.refund({
      userId: s.userId,
      amount: s.price,
      description: slotLogTexts.rejectRefund(s.slot_number),
      referenceId: s.id,
      idempotencyKey: `reject#${s.id}`,
      with: [
        slotsStore.update(s, changes),
        slotLogsStore.put(
          log(s.id, now, {
            change_type: 'reject',
            field_key: 'status',
            old_value: 'pending',
            new_value: 'rejected',
            description: slotLogTexts.rejected(displayStatusLabels.rejected, reason),
          }),
        ),
        ...move('rejected'),
      ],
    });
    returnedWon = money.replayed ? 0 : s.price;
    return { ...s, ...changes, version: s.version + 1 };
  });
  if (returnedWon > 0) recordMetrics({}, { Refunds: 1, RefundedWon: returnedWon });
  await notifySlotDecision(slot);
  const owners = await ownersOf([slot.userId]);
  return toSlotDto(slot, owners.get(slot.userId), kstToday());
}

/** After the commit, best-effort and once per slot (a repeated decision answers the slot as it is): the owner hears it. */
async function notifySlotDecision(slot: SlotRecord): Promise<void> {
  const keyword = slot.keyword ?? '';
  if (slot.status === 'rejected') {
    await notifyQuietly(slot.userId, {
      type: 'error',
      title: slotRejectedText.title,
      event: 'slot-rejected',
      message: slotRejectedText.message(slot.slot_number, keyword, slot.rejection_reason ?? ''),
      actions: [{ label: notificationActionLabels.slots, style: 'primary', action: '/slots' }],
      // The registration price went back to the balance with the rejection.
      metadata: { slotId: slot.id },
      dedupeKey: `slot-rejected#${slot.id}`,
    });
  } else if (slot.approvedAt && slot.startDate && slot.endDate) {
    await notifyQuietly(slot.userId, {
      type: 'success',
      title: slotApprovedText.title,
      event: 'slot-approved',
      message: slotApprovedText.message(slot.slot_number, keyword, slot.startDate, slot.endDate),
      actions: [{ label: notificationActionLabels.slots, style: 'primary', action: '/slots' }],
      metadata: { slotId: slot.id },
      dedupeKey: `slot-approved#${slot.id}`,
    });
  }
}
