import { useEffect, useRef, useState } from 'react';
import { priceEditDialogTexts } from '#shared/messages/slot-price-edit';
import { slotActionTexts } from '#shared/messages/slots';
import { Button } from '@/components/ui/button';
import type { AdminSlotActions } from '../utils/admin-slot-actions';
import styles from './admin-slots.module.css';

/** The status changes the row menu asks to confirm (issue 24 item 3). */
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
 * restore, log) where §4 and the shared policy allow them.
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
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const offered = menuItems.filter((item) => actions[item.key]);
  const pick = (modal: AdminSlotModal) => {
    setOpen(false);
    onOpen(modal);
  };
  return (
    <div className={styles.actions} ref={ref}>
      {actions.approve && (
        <>
          <Button size="sm" onClick={() => onOpen('approve')} aria-label={`슬롯 #${slotNumber} 승인`}>
            승인
          </Button>
          <Button size="sm" variant="danger" onClick={() => onOpen('reject')} aria-label={`슬롯 #${slotNumber} 거절`}>
            거절
          </Button>
        </>
      )}
      <Button
        size="sm"
        variant="ghost"
        onClick={() => setOpen(!open)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`슬롯 #${slotNumber} 작업`}
      >
        ⋯
      </Button>
      {open && (
        <div className={styles.menu} role="menu">
          {offered.map((item) => (
            <button key={item.key} type="button" role="menuitem" onClick={() => pick(item.key)}>
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
