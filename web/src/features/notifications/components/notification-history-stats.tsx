import type { SendHistoryStats } from '#shared/schemas/notifications';
import { formatNumber } from '@/lib/format';
import styles from './admin-notifications.module.css';

/** The four stat cards above the history (over the filtered sends): sent, sent today, recipients, read rate. */
export function NotificationHistoryStats({ stats }: { stats: SendHistoryStats | undefined }) {
  const count = (n: number | undefined, unit: string) => (n === undefined ? '-' : `${formatNumber(n)}${unit}`);
  const cards = [
    { label: '총 발송', value: count(stats?.totalSent, '건') },
    { label: '오늘 발송', value: count(stats?.sentToday, '건') },
    { label: '총 수신자', value: count(stats?.totalRecipients, '명') },
    {
      label: '읽음률',
      value: stats ? `${stats.readRate.toFixed(1)}%` : '-',
      hint: stats ? `${formatNumber(stats.totalRead)}명 읽음` : undefined,
    },
  ];
  return (
    <ul className={styles.stats} aria-label="발송 통계">
      {cards.map((card) => (
        <li key={card.label} className={styles.stat} data-testid={`stat-${card.label}`}>
          <p className={styles.statLabel}>{card.label}</p>
          <p className={styles.statValue}>{card.value}</p>
          {card.hint && <p className={styles.muted}>{card.hint}</p>}
        </li>
      ))}
    </ul>
  );
}
