import { useState } from 'react';
import type { SendResult } from '#shared/schemas/notifications';
import { Modal } from '@/components/ui/modal';
import type { PickedUser } from '../utils/send-form';
import { SendNotificationForm } from './send-notification-form';

interface Props {
  open: boolean;
  onClose: () => void;
  /** After a send went out (the dialog then closes). */
  onSent?: (result: SendResult) => void;
  /** One user to send to (the customer view): the form opens with them selected. */
  recipient?: PickedUser;
}

/** The send dialog (the history page's and the customer view's): it stays open while a send is in flight. */
export function SendNotificationDialog({ open, onClose, onSent, recipient }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onClose={onClose} title="알림 발송" size="xl" dismissible={!busy}>
      <SendNotificationForm
        recipient={recipient}
        onSent={(result) => {
          onSent?.(result);
          onClose();
        }}
        onCancel={onClose}
        onBusyChange={setBusy}
      />
    </Modal>
  );
}
