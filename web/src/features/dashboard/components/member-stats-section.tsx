import { Card } from '@/components/ui/card';
import { roleLabels } from '#shared/roles';
import type { UserStats } from '../api/get-user-stats';
import { activeRatio, countText } from '../utils/dashboard-stats';
import styles from './dashboard.module.css';

/** Member counts with the active-ratio bar; '-' while the stats are missing or failed. */
export function MemberStatsSection({ stats }: { stats: UserStats | undefined }) {
  const ratio = stats ? activeRatio(stats) : undefined;
  return (
    <Card title="회원 현황">
      <div className={styles.totals}>
        {[
          { label: '전체 회원', value: stats?.total },
          { label: '활성', value: stats?.active },
          { label: '비활성', value: stats?.inactive },
          { label: roleLabels.user, value: stats?.byRole.user },
        ].map((item) => (
          <div key={item.label} data-testid={`member-${item.label}`}>
            <p className={styles.totalLabel}>{item.label}</p>
            <p className={styles.totalValue}>{countText(item.value)}</p>
          </div>
        ))}
      </div>
      <p className={styles.muted}>활성 비율 {ratio === undefined ? '-' : `${ratio}%`}</p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="활성 회원 비율"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={ratio}
      >
        <div className={styles.barFill} style={{ width: `${ratio ?? 0}%` }} />
      </div>
      <p className={styles.muted}>
        {roleLabels.operator} {countText(stats?.byRole.operator)} · {roleLabels.developer}{' '}
        {countText(stats?.byRole.developer)}
      </p>
    </Card>
  );
}
