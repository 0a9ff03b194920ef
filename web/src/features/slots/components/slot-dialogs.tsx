import { lazy, Suspense, type ComponentType } from 'react';
import type { FieldConfig } from '#shared/field-configs';
import type { SlotDto } from '#shared/schemas/slots';
import { slotActionTexts } from '#shared/messages/slots';
import { isPausable } from '#shared/slot-status';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useActionKey } from '@/hooks/use-action-key';
import { useSessionState } from '@/lib/session-store';

// Each dialog loads when first opened: the forms (react-hook-form, zod), the bulk grid and the rank
// chart are not part of the list's first load (its budget: test/browser/first-load-budget.test.ts).
const RegisterSlotModal = lazy(() => import('./register-slot-modal').then((m) => ({ default: m.RegisterSlotModal })));
const EditSlotModal = lazy(() => import('./edit-slot-modal').then((m) => ({ default: m.EditSlotModal })));
const RankHistoryModal = lazy(() => import('./rank-history-modal').then((m) => ({ default: m.RankHistoryModal })));
const ExtensionHistoryModal = lazy(() =>
  import('./extension-history-modal').then((m) => ({ default: m.ExtensionHistoryModal })),
);
const RankAlertDialog = lazy(() => import('./rank-alert-dialog').then((m) => ({ default: m.RankAlertDialog })));
const BulkEditModal = lazy(() => import('./bulk-edit-modal').then((m) => ({ default: m.BulkEditModal })));

/** The multi-slot input dialog: the bulk feature owns the grid, the app route passes it in. */
export type BulkInputDialog = ComponentType<{
  slots: SlotDto[];
  configs: FieldConfig[];
  onClose: () => void;
  onDone: () => void;
}>;

/** The one dialog My slots shows at a time. */
export type SlotDialog =
  | { kind: 'register' }
  | { kind: 'edit'; slot: SlotDto }
  | { kind: 'history'; slot: SlotDto }
  | { kind: 'extensions'; slot: SlotDto }
  | { kind: 'rank-alert'; slot: SlotDto }
  | { kind: 'bulk-edit' }
  | { kind: 'bulk-input' }
  | { kind: 'pause'; slot: SlotDto }
  /** Owner delete of finished slots: one from its row, or those of the selection. */
  | { kind: 'delete'; slots: SlotDto[]; fromSelection: boolean }
  | null;

interface SlotDialogsProps {
  dialog: SlotDialog;
  bulkInput: BulkInputDialog;
  configs: FieldConfig[] | undefined;
  selectedSlots: SlotDto[];
  onClose: () => void;
  /** A bulk modal saved: close it and clear the selection. */
  onBulkDone: () => void;
  onConfirmPause: (slot: SlotDto) => void;
  onConfirmDelete: (slots: SlotDto[], fromSelection: boolean) => void;
  /** A delete is on its way: the confirmation waits for it. */
  deleting: boolean;
  /** From the rank history: swap to the slot's rank alert dialog. */
  onRankAlert: (slot: SlotDto) => void;
}

export function SlotDialogs({
  dialog,
  bulkInput: BulkInputModal,
  configs,
  selectedSlots,
  onClose,
  onBulkDone,
  onConfirmPause,
  onConfirmDelete,
  deleting,
  onRankAlert,
}: SlotDialogsProps) {
  const pausing = dialog?.kind === 'pause' && isPausable(dialog.slot.status);
  // One key per slot the advertiser means to register: 등록 again after a lost answer is a retry,
  // also after a reload of the tab (the keys wait in session storage until the answer arrives).
  const userId = useSessionState().session?.user.id ?? '';
  const registerKeys = useActionKey({ persistAs: `register-slot:${userId}` });
  return (
    <Suspense fallback={null}>
      {dialog?.kind === 'register' && configs && (
        <RegisterSlotModal open onClose={onClose} configs={configs} keys={registerKeys} />
      )}
      {dialog?.kind === 'edit' && configs && <EditSlotModal slot={dialog.slot} configs={configs} onClose={onClose} />}
      {dialog?.kind === 'history' && (
        <RankHistoryModal slot={dialog.slot} onClose={onClose} onRankAlert={() => onRankAlert(dialog.slot)} />
      )}
      {dialog?.kind === 'rank-alert' && <RankAlertDialog slot={dialog.slot} onClose={onClose} />}
      {dialog?.kind === 'extensions' && <ExtensionHistoryModal slot={dialog.slot} onClose={onClose} />}
      {dialog?.kind === 'bulk-edit' && <BulkEditModal slots={selectedSlots} onClose={onClose} onDone={onBulkDone} />}
      {dialog?.kind === 'bulk-input' && configs && (
        <BulkInputModal slots={selectedSlots} configs={configs} onClose={onClose} onDone={onBulkDone} />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'pause'}
        title={pausing ? slotActionTexts.pauseTitle : slotActionTexts.resumeTitle}
        message={pausing ? slotActionTexts.pauseConfirm : slotActionTexts.resumeConfirm}
        confirmLabel={pausing ? slotActionTexts.pauseLabel : slotActionTexts.resumeLabel}
        onConfirm={() => dialog?.kind === 'pause' && onConfirmPause(dialog.slot)}
        onCancel={onClose}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={slotActionTexts.deleteTitle}
        message={
          dialog?.kind === 'delete' &&
          (dialog.fromSelection
            ? slotActionTexts.deleteManyConfirm(dialog.slots.length)
            : slotActionTexts.deleteConfirm(dialog.slots[0]?.slot_number ?? 0))
        }
        confirmLabel={slotActionTexts.deleteLabel}
        tone="danger"
        loading={deleting}
        onConfirm={() => dialog?.kind === 'delete' && onConfirmDelete(dialog.slots, dialog.fromSelection)}
        onCancel={onClose}
      />
    </Suspense>
  );
}
