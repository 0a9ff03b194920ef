import { allocationMessages } from '#shared/messages/slot-allocations';
import type { AllocationHistoryRow } from '#shared/schemas/slot-allocations';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Modal } from '@/components/ui/modal';
import { failureText } from '@/lib/failure-text';
import { kstToday } from '@/lib/format';
import { useRoute } from '@/lib/route-data';
import { allocationSlotStatusLabel } from '../utils/history-filters';
import styles from './slot-allocations.module.css';

const tones: Record<string, BadgeTone> = {
  진행중: 'success',
  완료: 'neutral',
  일시정지: 'warning',
  거절: 'danger',
  대기: 'primary',
  진행대기: 'primary',
};

/** The slots of one issuance: number, keyword, status, url, period, extension, test tag. */
export function AllocationSlotsModal({
  allocation,
  onClose,
}: {
  allocation: AllocationHistoryRow | null;
  onClose: () => void;
}) {
  const { data, error, isLoading } = useRoute(
    'GET /api/slots/by-allocation/{id}',
    allocation ? { path: { id: allocation.id } } : null,
  );
  const today = kstToday();
  const slots = error ? [] : (data ?? []);
  const failure =
    error &&
    failureText(error, { refused: allocationMessages.slotInfoFailed, unexpected: allocationMessages.slotInfoError });

  return (
    <Modal
      open={!!allocation}
      onClose={onClose}
      title="발행 슬롯"
      description={
        allocation ? `${allocation.current_user_name ?? allocation.user_name} · ${allocation.slot_count}개` : undefined
      }
      size="lg"
    >
      {isLoading && <p className={styles.note}>불러오는 중...</p>}
      {failure && <p className={styles.note}>{failure}</p>}
      {!isLoading && !failure && slots.length === 0 && (
        <p className={styles.note}>{allocationMessages.noLinkedSlots}</p>
      )}
      <div className={styles.slotList} role="list" aria-label="발행 슬롯 목록">
        {slots.map((s) => {
          const label = allocationSlotStatusLabel(s, today);
          return (
            <div key={s.id} role="listitem" className={styles.slotItem} data-testid="allocation-slot">
              <div className={styles.slotHead}>
                <strong>#{s.slot_number}</strong>
                <span>{s.keyword || '키워드 없음'}</span>
                <Badge tone={tones[label] ?? 'neutral'}>{label}</Badge>
                {s.is_test && <Badge tone="warning">테스트</Badge>}
                {s.parent_slot_id && <Badge tone="primary">{s.extension_days}일 연장</Badge>}
              </div>
              {s.url && <span className={styles.muted}>{s.url}</span>}
              <span className={styles.muted}>
                작업 기간: {s.pre_allocation_start_date ?? s.startDate ?? '-'} ~{' '}
                {s.pre_allocation_end_date ?? s.endDate ?? '-'}
              </span>
            </div>
          );
        })}
      </div>
    </Modal>
  );
}
