import type { SlotCountDto } from '#shared/schemas/slots';
import { statusCardLabels, statusCards, type StatusCard } from '#shared/slot-status';
import { formatNumber } from '@/lib/format';
import styles from './slots-page.module.css';

/** Pre-allocation mode: allocated, used and available slots. */
export function SlotAllocationSummary({ counts }: { counts: SlotCountDto | undefined }) {
  return (
    <div className={styles.allocation} aria-label="슬롯 할당 현황">
      <div>
        <span>할당된 슬롯</span>
        <strong>{formatNumber(counts?.allocated ?? 0)}개</strong>
      </div>
      <div>
        <span>사용 중</span>
        <strong>{formatNumber(counts?.used ?? 0)}개</strong>
      </div>
      <div>
        <span>사용 가능</span>
        <strong className={styles.available}>{formatNumber(counts?.available ?? 0)}개</strong>
      </div>
    </div>
  );
}

/** The count of each status; a card is also the status filter ('total' = all). */
export function SlotStatusCards({
  cards,
  status,
  onSelect,
}: {
  cards: SlotCountDto['cards'] | undefined;
  status: string;
  onSelect: (status: string) => void;
}) {
  return (
    <div className={styles.statusCards} role="group" aria-label="상태별 슬롯 수">
      {statusCards.map((card: StatusCard) => {
        const value = card === 'total' ? 'all' : card;
        const active = status === value;
        return (
          <button
            key={card}
            type="button"
            className={`${styles.statusCard} ${styles[`card_${card}`]} ${active ? styles.statusCardActive : ''}`}
            aria-pressed={active}
            onClick={() => onSelect(value)}
          >
            <span className={styles.statusLabel}>{statusCardLabels[card]}</span>
            <strong className={styles.statusValue} data-testid={`count-${card}`}>
              {cards ? formatNumber(cards[card]) : '-'}
            </strong>
          </button>
        );
      })}
    </div>
  );
}
