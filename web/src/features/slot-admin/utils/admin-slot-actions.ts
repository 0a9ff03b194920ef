import { decideRefund, type SlotOperationMode } from '#shared/slot-refund';
import type { SlotDto } from '#shared/schemas/slots';
import { remainingDays, slotActions } from '#shared/slot-status';

/** The extension window: the end date at most this many days ahead, or already past (spec §9). */
export const EXTENSION_WINDOW_DAYS = 7;

/** `has_extension` comes with the extension part's answer; absent means not extended yet. */
export type AdminSlot = SlotDto & { has_extension?: boolean };

export interface AdminSlotActions {
  approve: boolean;
  edit: boolean;
  refund: boolean;
  extend: boolean;
  log: boolean;
  pause: boolean;
  resume: boolean;
  delete: boolean;
  restore: boolean;
  /** A price edit after approval (the difference settled through the ledger, previewed first). */
  priceEdit: boolean;
}

/**
 * What the operator may do with a row (operator console §4), mirroring the server's rules:
 * approve/reject pending slots; edit pending, active or paused slots that are not completed;
 * refund by the shared refund rule (never completed or waiting); extend only in pre-allocation
 * mode, an approved or active slot without an extension whose end is within 7 days or past.
 */
export function adminSlotActions(slot: AdminSlot, mode: SlotOperationMode, today: string): AdminSlotActions {
  const left = remainingDays(slot.endDate, today);
  const approved = ['active', 'waiting', 'completed'].includes(slot.status) && !!slot.approvedAt;
  // The shared policy the server checks too (shared/slot-status.ts).
  const staff = slotActions(slot, 'staff', today);
  return {
    approve: slot.status === 'pending',
    edit: staff.edit,
    pause: staff.pause,
    resume: staff.resume,
    delete: staff.delete,
    restore: staff.restore,
    priceEdit: staff.priceEdit,
    refund: decideRefund(slot, mode, today).ok,
    extend:
      mode === 'pre-allocation' &&
      (approved || slot.status === 'active') &&
      !slot.has_extension &&
      left !== null &&
      left - 1 <= EXTENSION_WINDOW_DAYS,
    log: true,
  };
}

/** '설명 텍스트…' at 10 characters (the end-date column's description, spec §9). */
export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
