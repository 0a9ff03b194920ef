import type { FieldConfig } from '#shared/field-configs';
import type { SlotDto } from '#shared/schemas/slots';
import { AdminEditSlotModal } from './admin-edit-slot-modal';
import type { AdminSlotModal } from './admin-slot-row-actions';
import { ApproveSlotModal } from './approve-slot-modal';
import { ExtendSlotModal } from './extend-slot-modal';
import { RankHistoryModal } from '@/features/slots/components/rank-history-modal';
import { RefundSlotModal } from './refund-slot-modal';
import { RejectSlotModal } from './reject-slot-modal';
import { SlotLogModal } from './slot-log-modal';

export type OpenModal = { slot: SlotDto; modal: AdminSlotModal } | null;

/** The one modal open on /admin/slots, if any. */
export function AdminSlotModals({
  open,
  configs,
  onClose,
}: {
  open: OpenModal;
  configs: FieldConfig[];
  onClose: () => void;
}) {
  if (!open) return null;
  const { slot, modal } = open;
  switch (modal) {
    case 'approve':
      return <ApproveSlotModal slot={slot} onClose={onClose} />;
    case 'reject':
      return <RejectSlotModal slot={slot} onClose={onClose} />;
    case 'refund':
      return <RefundSlotModal slot={slot} onClose={onClose} />;
    case 'edit':
      return <AdminEditSlotModal slot={slot} configs={configs} onClose={onClose} />;
    case 'extend':
      return <ExtendSlotModal slot={slot} onClose={onClose} />;
    case 'log':
      return <SlotLogModal slot={slot} onClose={onClose} />;
    case 'rank':
      return <RankHistoryModal slot={slot} onClose={onClose} />;
  }
}
