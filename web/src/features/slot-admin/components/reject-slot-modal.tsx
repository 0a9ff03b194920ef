import { useState } from 'react';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import type { SlotDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import type { ActionKeys } from '@/hooks/use-action-key';
import { approveSlot } from '../api/approve-slot';
import { firstIssue, rejectReasonSchema } from '../utils/admin-slot-forms';
import { failureText } from '@/lib/failure-text';
import { ReasonField } from './reason-field';

/** 거절: a reason is required; the registration price goes back to the advertiser. */
export function RejectSlotModal({ slot, onClose, keys }: { slot: SlotDto; onClose: () => void; keys: ActionKeys }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = rejectReasonSchema.safeParse({ rejectionReason: reason });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    setBusy(true);
    try {
      const decision = { approved: false as const, rejectionReason: parsed.data.rejectionReason };
      await keys.send({ slotId: slot.id, ...decision }, (key) => approveSlot(slot.id, decision, key));
      toast({ tone: 'success', message: slotAdminMessages.rejected });
      onClose();
    } catch (e) {
      setFailure(
        failureText(e, { refused: slotAdminMessages.rejectFailed, unexpected: slotAdminMessages.rejectError }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`슬롯 #${slot.slot_number} 거절`}
      size="sm"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            취소
          </Button>
          <Button type="submit" form="reject-slot-form" variant="danger" loading={busy}>
            거절
          </Button>
        </>
      }
    >
      <form id="reject-slot-form" onSubmit={submit} noValidate>
        <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
        <ReasonField label="거절 사유" value={reason} onChange={setReason} error={error} />
      </form>
    </Modal>
  );
}
