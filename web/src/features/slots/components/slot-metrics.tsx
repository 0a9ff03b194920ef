import { slotMetricTexts as t } from '#shared/messages/slots';
import { countText, ctrText } from '#shared/slot-metrics';
import styles from './slot-list-views.module.css';

/** '노출 1,234 · 클릭 12 · CTR 0.97%', or '노출 - · 클릭 - · CTR -' while nothing was reported. */
export function SlotMetrics({ impressions, clicks }: { impressions: number | null; clicks: number | null }) {
  return (
    <span className={styles.metrics} data-testid="slot-metrics">
      <span>
        {t.impressions} {countText(impressions)}
      </span>
      <span>
        {t.clicks} {countText(impressions === null ? null : clicks)}
      </span>
      <span>
        {t.ctr} {ctrText(impressions, clicks)}
      </span>
    </span>
  );
}
