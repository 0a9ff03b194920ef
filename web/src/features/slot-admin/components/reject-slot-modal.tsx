import { slotAdminMessages } from '#shared/messages/slot-admin';
import type { SlotDto } from '#shared/schemas/slots';
import { failureText } from '@/lib/failure-text';
import { approveSlot } from '../api/approve-slot';
import { rejectReasonSchema } from '../utils/admin-slot-forms';
import { ActionDialog } from './action-dialog';

/** 거절: a reason is required; the registration price goes back to the advertiser. */
export function RejectSlotModal({ slot, onClose }: { slot: SlotDto; onClose: () => void }) {
  return (
    <ActionDialog
      slot={slot}
      action="거절"
      danger
      size="sm"
      reasonLabel="거절 사유"
      parse={(reason) => rejectReasonSchema.safeParse({ rejectionReason: reason })}
      run={({ rejectionReason }) => approveSlot(slot.id, { approved: false, rejectionReason })}
      successMessage={slotAdminMessages.rejected}
      failureText={(e) =>
        failureText(e, { refused: slotAdminMessages.rejectFailed, unexpected: slotAdminMessages.rejectError })
      }
      onClose={onClose}
    />
  );
}
