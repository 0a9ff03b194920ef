import { slotMetricTexts as t } from '#shared/messages/slots';
import { countText, ctrText } from '#shared/slot-metrics';
import styles from './slot-list-views.module.css';

/** '노출 1,234 · 클릭 12 · CTR 0.97%' (spec §3: CTR with 2 decimals, 0 without impressions). */
export function SlotMetrics({ impressions, clicks }: { impressions: number | null; clicks: number | null }) {
  return (
    <span className={styles.metrics} data-testid="slot-metrics">
      <span>
        {t.impressions} {countText(impressions ?? 0)}
      </span>
      <span>
        {t.clicks} {countText(clicks ?? 0)}
      </span>
      <span>
        {t.ctr} {ctrText(impressions, clicks)}
      </span>
    </span>
  );
}
