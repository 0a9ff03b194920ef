import { useState } from 'react';
import { slotActionTexts } from '#shared/messages/slots';
import type { SlotDto } from '#shared/schemas/slots';
import type { PatchableStatus } from '#shared/slot-status';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { changeSlotStatus } from '../api/slot-changes';
import type { AdminStatusAction } from './admin-slot-row-actions';

/** Each row-menu status change: its question, the status it sends and what it says after. */
const actions: Record<
  AdminStatusAction,
  {
    title: string;
    label: string;
    message: (n: number) => string;
    status: PatchableStatus;
    done: string;
    failed: string;
    danger?: boolean;
  }
> = {
  pause: {
    title: slotActionTexts.pauseTitle,
    label: slotActionTexts.pauseLabel,
    message: () => slotActionTexts.pauseConfirm,
    status: 'paused',
    done: slotActionTexts.paused,
    failed: slotActionTexts.pauseFailed,
  },
  resume: {
    title: slotActionTexts.resumeTitle,
    label: slotActionTexts.resumeLabel,
    message: () => slotActionTexts.resumeConfirm,
    status: 'active',
    done: slotActionTexts.resumed,
    failed: slotActionTexts.resumeFailed,
  },
  delete: {
    title: slotActionTexts.deleteTitle,
    label: slotActionTexts.deleteLabel,
    message: slotActionTexts.deleteConfirmStaff,
    status: 'deleted',
    done: slotActionTexts.deleted,
    failed: slotActionTexts.deleteFailed,
    danger: true,
  },
  restore: {
    title: slotActionTexts.restoreTitle,
    label: slotActionTexts.restoreLabel,
    message: slotActionTexts.restoreConfirm,
    status: 'active',
    done: slotActionTexts.restored,
    failed: slotActionTexts.restoreFailed,
  },
};

/** Pause, resume, delete or restore from the console's row menu, after a confirmation. */
export function SlotStatusActionDialog({
  slot,
  action,
  onClose,
}: {
  slot: SlotDto;
  action: AdminStatusAction;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const spec = actions[action];

  const confirm = async () => {
    setBusy(true);
    try {
      await changeSlotStatus(slot.id, spec.status);
      toast({ tone: 'success', message: spec.done });
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, spec.failed) });
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open
      title={spec.title}
      message={spec.message(slot.slot_number)}
      confirmLabel={spec.label}
      tone={spec.danger ? 'danger' : 'primary'}
      loading={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
