import { decideRefund, type SlotOperationMode } from '#shared/slot-refund';
import type { SlotDto } from '#shared/schemas/slots';
import { slotActions } from '#shared/slot-status';

export type AdminSlot = SlotDto;

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
 * What the operator may do with a row, from the rules the server checks:
 * approve/reject pending slots; edit, pause, resume, delete, restore, price edit and extend by the
 * shared policy (extension only in pre-allocation mode, as the server also requires); refund by the
 * shared refund rule (never completed or waiting).
 */
export function adminSlotActions(slot: AdminSlot, mode: SlotOperationMode, today: string): AdminSlotActions {
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
    extend: mode === 'pre-allocation' && staff.extend,
    log: true,
  };
}

/** '설명 텍스트…' at 10 characters (the end-date column's description, kept to one line). */
export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
