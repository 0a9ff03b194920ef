import { useState } from 'react';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import type { SlotDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import type { ActionKeys } from '@/hooks/use-action-key';
import { approveSlot } from '../api/approve-slot';
import { approvePriceSchema, firstIssue } from '../utils/admin-slot-forms';
import { failureText } from '@/lib/failure-text';

/** 승인: the price to charge for the slot (> 0; asked when the cash system is off, prefilled otherwise). */
export function ApproveSlotModal({ slot, onClose, keys }: { slot: SlotDto; onClose: () => void; keys: ActionKeys }) {
  const [price, setPrice] = useState(slot.price > 0 ? String(slot.price) : '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = approvePriceSchema.safeParse({ approvedPrice: price });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    setBusy(true);
    try {
      const decision = { approved: true as const, approvedPrice: parsed.data.approvedPrice };
      await keys.send({ slotId: slot.id, ...decision }, (key) => approveSlot(slot.id, decision, key));
      toast({ tone: 'success', message: slotAdminMessages.approved });
      onClose();
    } catch (e) {
      setFailure(
        failureText(e, { refused: slotAdminMessages.approveFailed, unexpected: slotAdminMessages.approveError }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`슬롯 #${slot.slot_number} 승인`}
      description={`${slot.user_name} (${slot.user_email})`}
      size="sm"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            취소
          </Button>
          <Button type="submit" form="approve-slot-form" loading={busy}>
            승인
          </Button>
        </>
      }
    >
      <form id="approve-slot-form" onSubmit={submit} noValidate>
        <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
        <TextField
          label="가격 (원)"
          inputMode="numeric"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={error ?? undefined}
          requiredMark
          data-autofocus
        />
      </form>
    </Modal>
  );
}
