import type { SystemStatsDto } from '#shared/schemas/slot-admin';
import { formatNumber } from '@/lib/format';
import { adminSlotTabCount, adminSlotTabLabel, adminSlotTabs, type AdminSlotTab } from '../utils/admin-slot-tabs';
import styles from './admin-slots.module.css';

/** Status tabs with their counts (from the system stats) for the operation mode. */
export function AdminSlotTabs({
  mode,
  tab,
  stats,
  tabs = adminSlotTabs(mode),
  onChange,
}: {
  mode: string;
  tab: AdminSlotTab;
  /** The tabs offered (default: every tab of the mode). */
  tabs?: AdminSlotTab[];
  stats: SystemStatsDto | undefined;
  onChange: (tab: AdminSlotTab) => void;
}) {
  return (
    <div className={styles.tabs} role="tablist" aria-label="슬롯 상태">
      {tabs.map((t) => {
        const count = adminSlotTabCount(t, stats);
        return (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === tab}
            className={styles.tab}
            onClick={() => onChange(t)}
          >
            {adminSlotTabLabel(t, mode)}
            {count !== undefined ? (
              <span className={styles.tabCount}>{formatNumber(count)}</span>
            ) : (
              // Room for the count while it loads, so the tabs do not jump (or wrap anew) when it comes.
              <span className={`${styles.tabCount} ${styles.tabCountPending}`} aria-hidden="true" />
            )}
          </button>
        );
      })}
    </div>
  );
}
