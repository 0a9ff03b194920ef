import { slotAdminMessages } from '#shared/messages/slot-admin';
import type { SlotDto } from '#shared/schemas/slots';
import type { ActionKeys } from '@/hooks/use-action-key';
import { failureText } from '@/lib/failure-text';
import { approveSlot } from '../api/slot-changes';
import { rejectReasonSchema } from '../utils/admin-slot-forms';
import { ActionDialog } from './action-dialog';

/** 거절: a reason is required; the registration price goes back to the advertiser. */
export function RejectSlotModal({ slot, onClose, keys }: { slot: SlotDto; onClose: () => void; keys: ActionKeys }) {
  return (
    <ActionDialog
      slot={slot}
      action="거절"
      danger
      size="sm"
      reasonLabel="거절 사유"
      parse={(reason) => rejectReasonSchema.safeParse({ rejectionReason: reason })}
      run={({ rejectionReason }) => {
        const decision = { approved: false as const, rejectionReason };
        return keys.send({ slotId: slot.id, ...decision }, (key) => approveSlot(slot.id, decision, key));
      }}
      successMessage={slotAdminMessages.rejected}
      failureText={(e) =>
        failureText(e, { refused: slotAdminMessages.rejectFailed, unexpected: slotAdminMessages.rejectError })
      }
      onClose={onClose}
    />
  );
}
