import { Button } from '@/components/ui/button';
import { formatNumber, formatWon } from '@/lib/format';
import styles from './bulk-registration-page.module.css';

interface BulkSummaryProps {
  count: number;
  useCashSystem: boolean;
  /** null while loading or after a failure. */
  balance: number | null;
  balanceFailed: boolean;
  onRetryBalance: () => void;
  required: number;
  insufficient: boolean;
  price: number;
}

/** Slots to register and, with the cash system, the balance and the amount they cost. */
export function BulkSummary({
  count,
  useCashSystem,
  balance,
  balanceFailed,
  onRetryBalance,
  required,
  insufficient,
  price,
}: BulkSummaryProps) {
  return (
    <div className={styles.counters} aria-label="신청 요약">
      <div className={styles.counter}>
        <span className={styles.counterLabel}>등록할 슬롯</span>
        <strong className={styles.counterValue} data-testid="bulk-count">
          {formatNumber(count)}개
        </strong>
      </div>
      {useCashSystem && (
        <>
          <div className={styles.counter}>
            <span className={styles.counterLabel}>현재 잔액</span>
            <strong className={styles.counterValue}>{balance === null ? '-' : formatWon(balance)}</strong>
            {balanceFailed && (
              <span className={styles.counterHint}>
                불러오지 못했습니다.{' '}
                <Button variant="ghost" size="sm" onClick={onRetryBalance}>
                  다시 시도
                </Button>
              </span>
            )}
          </div>
          <div className={`${styles.counter} ${insufficient ? styles.counterDanger : ''}`}>
            <span className={styles.counterLabel}>필요 금액</span>
            <strong className={styles.counterValue}>{formatWon(required)}</strong>
            <span className={styles.counterHint}>슬롯당 {formatWon(price)}</span>
          </div>
        </>
      )}
    </div>
  );
}
