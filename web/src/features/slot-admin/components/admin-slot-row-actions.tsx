import { priceEditDialogTexts } from '#shared/messages/slot-price-edit';
import { slotActionTexts } from '#shared/messages/slots';
import { Button } from '@/components/ui/button';
import { RowMenu } from '@/components/ui/row-menu';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import type { AdminSlotActions } from '../utils/admin-slot-actions';
import styles from './admin-slots.module.css';

/** The status changes the row menu asks to confirm. */
export type AdminStatusAction = 'pause' | 'resume' | 'delete' | 'restore';

export type AdminSlotModal =
  'approve' | 'reject' | 'edit' | 'priceEdit' | 'refund' | 'extend' | 'log' | 'rank' | AdminStatusAction;

const menuItems: Array<{ key: keyof AdminSlotActions & AdminSlotModal; label: string }> = [
  { key: 'edit', label: '수정' },
  { key: 'priceEdit', label: priceEditDialogTexts.menuLabel },
  { key: 'refund', label: '환불' },
  { key: 'extend', label: '연장' },
  { key: 'pause', label: slotActionTexts.pauseLabel },
  { key: 'resume', label: slotActionTexts.resumeLabel },
  { key: 'delete', label: slotActionTexts.deleteLabel },
  { key: 'restore', label: slotActionTexts.restoreLabel },
  { key: 'log', label: '변경 이력' },
];

/**
 * Approve/reject for pending rows and the row menu (edit, refund, extend, pause, resume, delete,
 * restore, log) where the status rules and the shared policy allow them. On narrow screens approve
 * and reject move into the menu too: two more buttons in the sticky column would cover most of a
 * phone's width.
 */
export function AdminSlotRowActions({
  slotNumber,
  actions,
  onOpen,
}: {
  slotNumber: number;
  actions: AdminSlotActions;
  onOpen: (modal: AdminSlotModal) => void;
}) {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const decisions: Array<{ key: AdminSlotModal; label: string; tone?: 'danger' }> = actions.approve
    ? [
        { key: 'approve', label: '승인' },
        { key: 'reject', label: '거절', tone: 'danger' },
      ]
    : [];
  const offered = [...(narrow ? decisions : []), ...menuItems.filter((item) => actions[item.key])];
  return (
    <div className={styles.actions}>
      {!narrow && actions.approve && (
        <>
          <Button size="sm" onClick={() => onOpen('approve')} aria-label={`슬롯 #${slotNumber} 승인`}>
            승인
          </Button>
          <Button size="sm" variant="danger" onClick={() => onOpen('reject')} aria-label={`슬롯 #${slotNumber} 거절`}>
            거절
          </Button>
        </>
      )}
      <RowMenu
        label={`슬롯 #${slotNumber} 작업`}
        items={offered.map((item) => ({ ...item, onSelect: () => onOpen(item.key) }))}
      />
    </div>
  );
}
