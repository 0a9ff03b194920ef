import { Card } from '@/components/ui/card';
import type { SlotSystemStats } from '../api/get-slot-system-stats';
import { breakdownOrder, countText, slotTotals } from '../utils/dashboard-stats';
import styles from './dashboard.module.css';

/** Slot totals and the status breakdown; '-' everywhere while the stats are missing or failed. */
export function SlotStatsSection({ stats }: { stats: SlotSystemStats | undefined }) {
  const totals = stats ? slotTotals(stats) : undefined;
  const items = [
    { label: '전체 슬롯', value: totals?.total },
    { label: '진행중', value: totals?.active },
    { label: '승인대기', value: totals?.pending },
    { label: '비활성', value: totals?.inactive },
  ];
  return (
    <Card title="슬롯 현황">
      <div className={styles.totals}>
        {items.map((item) => (
          <div key={item.label} data-testid={`slot-total-${item.label}`}>
            <p className={styles.totalLabel}>{item.label}</p>
            <p className={styles.totalValue}>{countText(item.value)}</p>
          </div>
        ))}
      </div>
      <div className={styles.breakdown} aria-label="상태별 슬롯 수">
        {breakdownOrder.map(({ key, label }) => (
          <div key={key} data-testid={`slot-status-${key}`}>
            <span className={styles.muted}>{label}</span>
            <strong>{countText(stats?.statusBreakdown[key])}</strong>
          </div>
        ))}
      </div>
    </Card>
  );
}
