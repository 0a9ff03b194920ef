import { kstDaysBetween, type KstDay } from './kst';
import { slotAdminMessages } from './messages/slot-admin';
import { deriveDisplayStatus, type SlotStatusInput } from './slot-status';

/**
 * Refunds (see 'A refund is computed on the server' in docs/decisions.md): who may be refunded and how
 * much, shared by the server (which alone decides and computes the amount) and the operator page (which
 * offers the action).
 */

export type SlotOperationMode = 'normal' | 'pre-allocation';

export interface RefundSlot extends SlotStatusInput {
  price: number;
  approved_price?: number | null;
}

/**
 * Allowed from active or paused (display), or from empty in pre-allocation mode; never for a
 * completed or waiting slot, never twice.
 */
export function decideRefund(
  slot: SlotStatusInput,
  mode: SlotOperationMode,
  today: KstDay,
): { ok: true } | { ok: false; message: string } {
  if (slot.status === 'refunded') return { ok: false, message: slotAdminMessages.alreadyRefunded };
  const display = deriveDisplayStatus(slot, today);
  if (display === 'completed') return { ok: false, message: slotAdminMessages.refundNotCompleted };
  if (display === 'waiting') return { ok: false, message: slotAdminMessages.refundNotWaiting };
  if (display === 'active' || display === 'paused') return { ok: true };
  if (mode === 'pre-allocation' && slot.status === 'empty') return { ok: true };
  return {
    ok: false,
    message:
      mode === 'pre-allocation' ? slotAdminMessages.refundOnlyRunningOrEmpty : slotAdminMessages.refundOnlyRunning,
  };
}

export interface RefundAmount {
  /** What the refund credits (the whole price with `fullRefund`). */
  amount: number;
  /** The price paid through the balance (the registration charge). */
  fullAmount: number;
  /** Refund day to end date, both included; null without dates. */
  remainingDays: number | null;
  /** Start to end, both included; null without dates. */
  totalDays: number | null;
}

/**
 * price paid × remaining days (refund day to end, inclusive) ÷ total days (start to end, inclusive),
 * rounded down to 10 won. Without dates, or before the start, the whole price; `fullRefund` is the
 * operator's explicit choice of the whole price.
 */
export function refundAmount(
  slot: Pick<RefundSlot, 'price' | 'approved_price' | 'startDate' | 'endDate'>,
  today: KstDay,
  fullRefund = false,
): RefundAmount {
  // What the ledger took for the slot: the registration charge. An approved price set by an operator
  // (asked when the cash system is off) was never paid through the balance, so it is never refunded.
  const fullAmount = Math.max(0, slot.price ?? 0);
  const { startDate, endDate } = slot;
  if (!startDate || !endDate) return { amount: fullAmount, fullAmount, remainingDays: null, totalDays: null };
  const totalDays = Math.max(1, kstDaysBetween(startDate, endDate) + 1);
  const remainingDays = Math.min(totalDays, Math.max(0, kstDaysBetween(today, endDate) + 1));
  if (fullRefund || today < startDate) return { amount: fullAmount, fullAmount, remainingDays, totalDays };
  const amount = Math.floor((fullAmount * remainingDays) / totalDays / 10) * 10;
  return { amount, fullAmount, remainingDays, totalDays };
}
