import { useId, useState, type ReactNode } from 'react';
import type { z } from '#shared/zod';
import type { SlotDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { firstIssue } from '../utils/admin-slot-forms';
import { ReasonField } from './reason-field';
import styles from './admin-slots.module.css';

type Parsed<T> = { success: true; data: T } | { success: false; error: z.ZodError };

export interface ActionDialogProps<T> {
  slot: SlotDto;
  /** '승인', '거절', '환불': the title's verb and the confirm button. */
  action: string;
  danger?: boolean;
  size?: 'sm' | 'md';
  /** Names the advertiser under the title (approve, refund). */
  showOwner?: boolean;
  /** A required reason textarea under the dialog's own fields, with this label. */
  reasonLabel?: string;
  /** The form's rule (the server's schema); `reason` is the textarea's text. */
  parse: (reason: string) => Parsed<T>;
  run: (input: T) => Promise<unknown>;
  successMessage: string;
  /** The text for a failed call: the server's reason, else the action's own failure text. */
  failureText: (error: unknown) => string;
  onClose: () => void;
  /** The dialog's own fields; `error` is the rule's message when there is no reason field to show it. */
  children?: (error: string | null) => ReactNode;
}

/**
 * The operator's one-step slot actions (approve, reject, refund): fields, a required reason where
 * asked, the rule's message, the server's failure, and a confirm button that is busy while the call
 * runs (the dialog cannot be dismissed meanwhile). Success toasts and closes.
 */
export function ActionDialog<T>({
  slot,
  action,
  danger,
  size = 'md',
  showOwner,
  reasonLabel,
  parse,
  run,
  successMessage,
  failureText,
  onClose,
  children,
}: ActionDialogProps<T>) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parse(reason);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(null);
    setBusy(true);
    try {
      await run(parsed.data);
      toast({ tone: 'success', message: successMessage });
      onClose();
    } catch (e) {
      setFailure(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`슬롯 #${slot.slot_number} ${action}`}
      description={showOwner ? `${slot.user_name} (${slot.user_email})` : undefined}
      size={size}
      dismissible={!busy}
      footer={
        <>
          <DialogActions
            onCancel={onClose}
            busy={busy}
            type="submit"
            form={formId}
            variant={danger ? 'danger' : undefined}
          >
            {action}
          </DialogActions>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className={styles.stack}>
        <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
        {children?.(reasonLabel ? null : error)}
        {reasonLabel && <ReasonField label={reasonLabel} value={reason} onChange={setReason} error={error} />}
      </form>
    </Modal>
  );
}
