import { PreAllocationAction } from '@/features/slot-allocations/components/pre-allocation-action';
import { AdminSlotsPage } from '@/features/slot-admin/components/admin-slots-page';
import { RankHistoryModal } from '@/features/slots/components/rank-history-modal';
import { useAppSettings } from '@/lib/app-settings';

/**
 * /admin/slots: slot management, with the slot-allocations feature's '선슬롯 발행' action in the
 * toolbar in pre-allocation mode (modal variant: up to 100 slots, 1/7/10/30 days) and the slots
 * feature's rank history behind the '순위' row action.
 */
export function AdminSlotsRoute() {
  const { slotOperationMode } = useAppSettings();
  return (
    <AdminSlotsPage
      toolbarActions={
        slotOperationMode === 'pre-allocation' ? (refresh) => <PreAllocationAction onIssued={refresh} /> : undefined
      }
      rankHistory={(slot, onClose) => <RankHistoryModal slot={slot} onClose={onClose} />}
    />
  );
}
