import { rankFreshness } from '#shared/rank-freshness';
import { MeasuredAt } from '@/components/slots/slot-cells';
import { useAppSettings } from '@/lib/app-settings';
import styles from './ranking.module.css';

/** Under a rank: when it was measured, or '측정 지연' once older than the setting allows. */
export function MeasuredLine({ at }: { at: string | null }) {
  const { rankDelayHours } = useAppSettings();
  return (
    <span className={styles.measuredLine}>
      <MeasuredAt freshness={rankFreshness(at, rankDelayHours)} />
    </span>
  );
}
