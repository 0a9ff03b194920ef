import { useState } from 'react';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import type { SlotDto } from '#shared/schemas/slots';
import { TextField } from '@/components/ui/text-field';
import type { ActionKeys } from '@/hooks/use-action-key';
import { failureText } from '@/lib/failure-text';
import { approveSlot } from '../api/approve-slot';
import { approvePriceSchema } from '../utils/admin-slot-forms';
import { ActionDialog } from './action-dialog';

/** 승인: the price to charge for the slot (> 0; asked when the cash system is off, prefilled otherwise). */
export function ApproveSlotModal({ slot, onClose, keys }: { slot: SlotDto; onClose: () => void; keys: ActionKeys }) {
  const [price, setPrice] = useState(slot.price > 0 ? String(slot.price) : '');
  return (
    <ActionDialog
      slot={slot}
      action="승인"
      size="sm"
      showOwner
      parse={() => approvePriceSchema.safeParse({ approvedPrice: price })}
      run={({ approvedPrice }) => {
        const decision = { approved: true as const, approvedPrice };
        return keys.send({ slotId: slot.id, ...decision }, (key) => approveSlot(slot.id, decision, key));
      }}
      successMessage={slotAdminMessages.approved}
      failureText={(e) =>
        failureText(e, { refused: slotAdminMessages.approveFailed, unexpected: slotAdminMessages.approveError })
      }
      onClose={onClose}
    >
      {(error) => (
        <TextField
          label="가격 (원)"
          inputMode="numeric"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={error ?? undefined}
          requiredMark
          data-autofocus
        />
      )}
    </ActionDialog>
  );
}
