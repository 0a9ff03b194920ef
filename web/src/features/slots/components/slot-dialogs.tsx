import { lazy, Suspense } from 'react';
import type { FieldConfig } from '#shared/field-configs';
import type { SlotDto } from '#shared/schemas/slots';
import { isPausable } from '#shared/slot-status';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useActionKey } from '@/hooks/use-action-key';

// Each dialog loads when first opened: the forms (react-hook-form, zod), the bulk grid and the rank
// chart are not part of the list's first load (issue 18: /slots ≤ 150 KB gzip).
const RegisterSlotModal = lazy(() => import('./register-slot-modal').then((m) => ({ default: m.RegisterSlotModal })));
const EditSlotModal = lazy(() => import('./edit-slot-modal').then((m) => ({ default: m.EditSlotModal })));
const RankHistoryModal = lazy(() => import('./rank-history-modal').then((m) => ({ default: m.RankHistoryModal })));
const RankAlertDialog = lazy(() => import('./rank-alert-dialog').then((m) => ({ default: m.RankAlertDialog })));
const BulkEditModal = lazy(() => import('./bulk-edit-modal').then((m) => ({ default: m.BulkEditModal })));
const BulkInputModal = lazy(() =>
  import('@/features/slot-bulk/components/bulk-input-modal').then((m) => ({ default: m.BulkInputModal })),
);

/** The one dialog My slots shows at a time. */
export type SlotDialog =
  | { kind: 'register' }
  | { kind: 'edit'; slot: SlotDto }
  | { kind: 'history'; slot: SlotDto }
  | { kind: 'rank-alert'; slot: SlotDto }
  | { kind: 'bulk-edit' }
  | { kind: 'bulk-input' }
  | { kind: 'pause'; slot: SlotDto }
  | null;

interface SlotDialogsProps {
  dialog: SlotDialog;
  configs: FieldConfig[] | undefined;
  selectedSlots: SlotDto[];
  onClose: () => void;
  /** A bulk modal saved: close it and clear the selection. */
  onBulkDone: () => void;
  onConfirmPause: (slot: SlotDto) => void;
  /** From the rank history: swap to the slot's rank alert dialog. */
  onRankAlert: (slot: SlotDto) => void;
}

export function SlotDialogs({
  dialog,
  configs,
  selectedSlots,
  onClose,
  onBulkDone,
  onConfirmPause,
  onRankAlert,
}: SlotDialogsProps) {
  const pausing = dialog?.kind === 'pause' && isPausable(dialog.slot.status);
  // One key per slot the advertiser means to register: 등록 again after a lost answer is a retry.
  const registerKeys = useActionKey();
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
      {dialog?.kind === 'bulk-edit' && <BulkEditModal slots={selectedSlots} onClose={onClose} onDone={onBulkDone} />}
      {dialog?.kind === 'bulk-input' && configs && (
        <BulkInputModal slots={selectedSlots} configs={configs} onClose={onClose} onDone={onBulkDone} />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'pause'}
        title={pausing ? '슬롯 일시정지' : '슬롯 재개'}
        message={
          pausing
            ? '이 슬롯을 일시정지하시겠습니까? 일시정지해도 만료일은 변경되지 않습니다.'
            : '일시정지된 슬롯을 다시 진행하시겠습니까?'
        }
        confirmLabel={pausing ? '일시정지' : '재개'}
        onConfirm={() => dialog?.kind === 'pause' && onConfirmPause(dialog.slot)}
        onCancel={onClose}
      />
    </Suspense>
  );
}
