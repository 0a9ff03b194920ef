import { notificationActionLabels, slotRefundedText } from '#shared/messages/notification-events';
import { notifyQuietly } from '../notifications/notify-users';
import { kstToday } from '#shared/kst';
import { slotAdminMessages, slotRefundTexts } from '#shared/messages/slot-admin';
import type { RefundPreviewDto } from '#shared/schemas/slot-admin';
import type { SlotDto } from '#shared/schemas/slots';
import { decideRefund, refundAmount } from '#shared/slot-refund';
import { displayStatusLabels } from '#shared/slot-status';
import { assertStaff } from '#commons/role-guards';
import { ConflictError } from '#commons/errors';
import { retrying } from '#commons/retry';
import { recordMetrics } from '#commons/metrics';
import type { Caller } from '../auth/tokens';
import { slotsStore, type SlotRecord } from '../../storage/slots';
import { slotLogsStore } from '../../storage/slot-logs';
import { slotCountersStore } from '../../storage/slot-counters';
import { transact } from '../../storage/transactions';
import * as Ledger from '../cash/ledger';
import { getSettings } from '../settings/settings-service';
import { loadSlot } from './queries';
import { logWriter, type ChangeContext } from './slot-change-log';
import { ownersOf, toSlotDto } from './slot-dto';
import { statusMove } from './slot-record';

/**
 * Refunds (see 'A refund is computed on the server' in docs/decisions.md), staff only. The amount is
 * computed here, never taken
 * from the client (shared/slot-refund.ts: the preview uses the same function). The credit, the slot
 * update, the counters and the `refund` log line are ONE transaction, once per slot (ledger key
 * `refund#{slotId}`; the slot's version guard refuses a second refund). Without the cash system, or
 * for a 0-won price, only the status changes.
 */

export interface RefundInput {
  refundReason: string;
  fullRefund?: boolean;
}

/** GET /slots/{id}/refund-preview: what a refund today would credit (403 for users, 409 when not refundable). */
export async function refundPreview(caller: Caller, slotId: string, fullRefund = false): Promise<RefundPreviewDto> {
  assertStaff(caller);
  const [slot, settings] = await Promise.all([loadSlot(caller, slotId), getSettings()]);
  const today = kstToday();
  const decision = decideRefund(slot, settings.slotOperationMode, today);
  if (!decision.ok) throw new ConflictError(decision.message);
  const { amount, fullAmount, remainingDays, totalDays } = refundAmount(slot, today, fullRefund);
  return { amount: settings.useCashSystem ? amount : 0, fullAmount, remainingDays, totalDays };
}

/** PATCH /slots/{id}/status with status refunded. */
export async function refundSlot(slotId: string, input: RefundInput, ctx: ChangeContext): Promise<SlotDto> {
  assertStaff(ctx.caller);
  const [settings, log] = await Promise.all([getSettings(), logWriter(ctx)]);
  const slot = await retrying(async () => {
    const s = await loadSlot(ctx.caller, slotId);
    const today = kstToday();
    const decision = decideRefund(s, settings.slotOperationMode, today);
    if (!decision.ok) throw new ConflictError(decision.message);
    const { amount: computed } = refundAmount(s, today, input.fullRefund);
    const amount = settings.useCashSystem ? computed : 0;
    const now = new Date().toISOString();
    const changes: Partial<SlotRecord> = {
      status: 'refunded',
      refund_reason: input.refundReason,
      refund_amount: amount,
      refundedAt: now,
      refundedBy: ctx.caller.userId,
      updatedAt: now,
    };
    const move = statusMove(s.status, 'refunded');
    const writes = [
      slotsStore.update(s, changes),
      slotLogsStore.put(
        log(s.id, now, {
          change_type: 'refund',
          field_key: 'status',
          old_value: s.status,
          new_value: 'refunded',
          description: slotRefundTexts.log(displayStatusLabels.refunded, input.refundReason, amount),
        }),
      ),
      slotCountersStore.userUpdate(s.userId, move),
      slotCountersStore.globalUpdate(move),
    ];
    if (amount > 0) {
      const money = await Ledger.refund({
        userId: s.userId,
        amount,
        description: slotRefundTexts.ledger(s.slot_number),
        referenceId: s.id,
        idempotencyKey: `refund#${s.id}`,
        with: writes,
      });
      // A replay wrote nothing: a twin request refunded the slot first.
      if (money.replayed) throw new ConflictError(slotAdminMessages.alreadyRefunded);
    } else {
      await transact(writes);
    }
    return { ...s, ...changes, version: s.version + 1 } as SlotRecord;
  });
  // Here only the first refund of a slot arrives (a twin request got a conflict above).
  recordMetrics({}, { Refunds: 1, RefundedWon: slot.refund_amount ?? 0 });
  // After the commit, best-effort, once per slot (a slot is refunded once).
  await notifyQuietly(slot.userId, {
    type: 'info',
    title: slotRefundedText.title,
    event: 'slot-refunded',
    message: slotRefundedText.message(slot.slot_number, slot.keyword ?? '', slot.refund_amount ?? 0),
    actions: [{ label: notificationActionLabels.cashHistory, style: 'primary', action: '/cash-history' }],
    metadata: { slotId: slot.id, amount: slot.refund_amount ?? 0 },
    dedupeKey: `slot-refunded#${slot.id}`,
  });
  const owners = await ownersOf([slot.userId]);
  return toSlotDto(slot, owners.get(slot.userId), kstToday());
}
