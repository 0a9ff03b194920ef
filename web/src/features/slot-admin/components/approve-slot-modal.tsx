import { useState } from 'react';
import { priceEditDialogTexts } from '#shared/messages/slot-price-edit';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import type { SlotDto } from '#shared/schemas/slots';
import { TextField } from '@/components/ui/text-field';
import type { ActionKeys } from '@/hooks/use-action-key';
import { useAppSettings } from '@/lib/app-settings';
import { failureText } from '@/lib/failure-text';
import { formatWon } from '@/lib/format';
import { approveSlot } from '../api/slot-changes';
import { approvePriceSchema } from '../utils/admin-slot-forms';
import { ActionDialog } from './action-dialog';
import styles from './admin-slots.module.css';

/**
 * 승인. A slot the balance paid for (the cash system on) is approved at the price it paid: the
 * dialog shows that price and offers no other, because an approved price no money backs would be
 * untrue on every screen after. A different price is the price edit's job, which settles the
 * difference through the ledger. Other slots ask for the price (> 0).
 */
export function ApproveSlotModal({ slot, onClose, keys }: { slot: SlotDto; onClose: () => void; keys: ActionKeys }) {
  const { useCashSystem } = useAppSettings();
  const paid = useCashSystem && slot.price > 0;
  const [price, setPrice] = useState(slot.price > 0 ? String(slot.price) : '');
  return (
    <ActionDialog
      slot={slot}
      action="승인"
      size="sm"
      showOwner
      parse={() => approvePriceSchema.safeParse({ approvedPrice: paid ? slot.price : price })}
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
      {(error) =>
        paid ? (
          <div className={styles.amount} data-testid="approve-paid-price">
            <div>
              {slotAdminMessages.approvePaidPrice} <strong>{formatWon(slot.price)}</strong>
            </div>
            <p className={styles.muted}>{slotAdminMessages.approveOtherPrice(priceEditDialogTexts.menuLabel)}</p>
          </div>
        ) : (
          <TextField
            label="가격 (원)"
            inputMode="numeric"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={error ?? undefined}
            requiredMark
            data-autofocus
          />
        )
      }
    </ActionDialog>
  );
}
