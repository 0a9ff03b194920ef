import { historyPeriods, type HistoryPeriod } from '@/lib/history-period';
import styles from './choice-group.module.css';

/** The period buttons above a history list (all, today, 7 days, 30 days). */
export function PeriodChooser({
  value,
  onChange,
}: {
  value: HistoryPeriod;
  onChange: (period: HistoryPeriod) => void;
}) {
  return (
    <div className={styles.choices} role="group" aria-label="기간">
      {historyPeriods.map((p) => (
        <button
          key={p.value}
          type="button"
          className={styles.choice}
          aria-pressed={value === p.value}
          onClick={() => onChange(p.value)}
        >
          {p.label}
        </button>
      ))}
    </div>
  );
}
