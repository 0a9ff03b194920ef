import { MAX_BULK_EDIT } from '#shared/slot-constants';
import { slotMessages } from '#shared/messages/slots';
import { Button } from '@/components/ui/button';
import styles from './slots-page.module.css';

interface SlotSelectionBarProps {
  count: number;
  /** The field configs are loaded (the multi-slot input needs them). */
  canInput: boolean;
  onBulkInput: () => void;
  onBulkEdit: () => void;
  onClear: () => void;
}

/** Fixed at the bottom while slots are selected: the bulk actions (at most MAX_BULK_EDIT slots). */
export function SlotSelectionBar({ count, canInput, onBulkInput, onBulkEdit, onClear }: SlotSelectionBarProps) {
  if (count === 0) return null;
  const tooMany = count > MAX_BULK_EDIT;
  return (
    <>
      <div className={styles.barSpacer} aria-hidden="true" />
      <div className={styles.selectionBar} role="region" aria-label="선택한 슬롯 작업">
        <span className={styles.selectionCount}>
          <strong>{count}</strong>개 선택됨
        </span>
        {tooMany && <span className={styles.selectionWarn}>{slotMessages.tooManySelected(MAX_BULK_EDIT)}</span>}
        <Button size="sm" onClick={onBulkInput} disabled={tooMany || !canInput}>
          다중 슬롯 입력
        </Button>
        <Button size="sm" variant="secondary" onClick={onBulkEdit} disabled={tooMany}>
          일괄 정보 변경
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear} className={styles.selectionClear}>
          선택 해제
        </Button>
      </div>
    </>
  );
}
