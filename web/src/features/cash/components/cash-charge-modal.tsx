import { useEffect, useRef } from 'react';
import { Modal } from '@/components/ui/modal';
import { useActionKey } from '@/hooks/use-action-key';
import { CashChargeForm } from './cash-charge-form';

/** How long the success message stays before the modal closes itself. */
const CHARGE_MODAL_CLOSE_MS = 2000;

/** The charge dialog used when cashChargeMode is modal. */
export function CashChargeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const timer = useRef<number | undefined>(undefined);
  // Held here, not in the form: closing the dialog unmounts the form, and retrying the same charge
  // after reopening it must still send the same key.
  const idempotency = useActionKey();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) window.clearTimeout(timer.current);
  }, [open]);

  return (
    <Modal open={open} onClose={onClose} title="캐시 충전" description="무통장 입금 후 충전을 요청해주세요." size="md">
      <CashChargeForm
        onCancel={onClose}
        idempotency={idempotency}
        onSuccess={() => {
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(onClose, CHARGE_MODAL_CLOSE_MS);
        }}
      />
    </Modal>
  );
}
