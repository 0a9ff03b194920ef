import { MAX_BULK_EDIT } from '#shared/slot-constants';
import { slotActionTexts, slotMessages } from '#shared/messages/slots';
import { Button } from '@/components/ui/button';
import styles from './slots-page.module.css';

interface SlotSelectionBarProps {
  count: number;
  /** Selected slots the bulk input and edit take (empty or running, not ended). */
  editable: number;
  /** Selected finished slots the owner may delete. */
  deletable: number;
  /** The field configs are loaded (the multi-slot input needs them). */
  canInput: boolean;
  onBulkInput: () => void;
  onBulkEdit: () => void;
  onDelete: () => void;
  onClear: () => void;
}

/**
 * Fixed at the bottom while slots are selected: the bulk actions (at most MAX_BULK_EDIT slots) for
 * the selected slots they apply to, and the delete for the finished ones among them.
 */
export function SlotSelectionBar({
  count,
  editable,
  deletable,
  canInput,
  onBulkInput,
  onBulkEdit,
  onDelete,
  onClear,
}: SlotSelectionBarProps) {
  if (count === 0) return null;
  const tooMany = editable > MAX_BULK_EDIT;
  return (
    <>
      <div className={styles.barSpacer} aria-hidden="true" />
      <div className={styles.selectionBar} role="region" aria-label="선택한 슬롯 작업">
        <span className={styles.selectionCount}>
          <strong>{count}</strong>개 선택됨
        </span>
        {tooMany && <span className={styles.selectionWarn}>{slotMessages.tooManySelected(MAX_BULK_EDIT)}</span>}
        {editable > 0 && (
          <>
            <Button size="sm" onClick={onBulkInput} disabled={tooMany || !canInput}>
              다중 슬롯 입력
            </Button>
            <Button size="sm" variant="secondary" onClick={onBulkEdit} disabled={tooMany}>
              일괄 정보 변경
            </Button>
          </>
        )}
        {deletable > 0 && (
          <Button size="sm" variant="danger" onClick={onDelete}>
            {deletable === count ? '선택 삭제' : `선택 삭제 (${deletable}개)`}
          </Button>
        )}
        {editable === 0 && deletable === 0 && (
          <span className={styles.selectionWarn}>{slotActionTexts.deleteOnlyFinished}</span>
        )}
        <Button size="sm" variant="ghost" onClick={onClear} className={styles.selectionClear}>
          선택 해제
        </Button>
      </div>
    </>
  );
}
