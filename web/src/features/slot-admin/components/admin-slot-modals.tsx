import type { ReactNode } from 'react';
import type { FieldConfig } from '#shared/field-configs';
import type { SlotDto } from '#shared/schemas/slots';
import { useActionKey } from '@/hooks/use-action-key';
import { AdminEditSlotModal } from './admin-edit-slot-modal';
import type { AdminSlotModal } from './admin-slot-row-actions';
import { ApproveSlotModal } from './approve-slot-modal';
import { ExtendSlotModal } from './extend-slot-modal';
import { RefundSlotModal } from './refund-slot-modal';
import { RejectSlotModal } from './reject-slot-modal';
import { PriceEditModal } from './price-edit-modal';
import { SlotLogModal } from './slot-log-modal';
import { SlotStatusActionDialog } from './slot-status-action-dialog';

export type OpenModal = { slot: SlotDto; modal: AdminSlotModal } | null;

export type RankHistoryRenderer = (slot: SlotDto, onClose: () => void) => ReactNode;

/** The one modal open on /admin/slots, if any. */
export function AdminSlotModals({
  open,
  configs,
  onClose,
  rankHistory,
}: {
  open: OpenModal;
  configs: FieldConfig[];
  onClose: () => void;
  /** The advertiser feature's rank history dialog, passed in by the app route. */
  rankHistory: RankHistoryRenderer;
}) {
  // Held here, not in each dialog: the same decision sent again, even after reopening its dialog,
  // carries the same Idempotency-Key (values include the slot, so slots never share one).
  const keys = useActionKey();
  if (!open) return null;
  const { slot, modal } = open;
  switch (modal) {
    case 'approve':
      return <ApproveSlotModal slot={slot} onClose={onClose} keys={keys} />;
    case 'reject':
      return <RejectSlotModal slot={slot} onClose={onClose} keys={keys} />;
    case 'refund':
      return <RefundSlotModal slot={slot} onClose={onClose} keys={keys} />;
    case 'edit':
      return <AdminEditSlotModal slot={slot} configs={configs} onClose={onClose} />;
    case 'priceEdit':
      return <PriceEditModal slot={slot} onClose={onClose} keys={keys} />;
    case 'extend':
      return <ExtendSlotModal slot={slot} onClose={onClose} keys={keys} />;
    case 'log':
      return <SlotLogModal slot={slot} onClose={onClose} />;
    case 'rank':
      return rankHistory(slot, onClose);
    case 'pause':
    case 'resume':
    case 'delete':
    case 'restore':
      return <SlotStatusActionDialog slot={slot} action={modal} onClose={onClose} />;
  }
}
