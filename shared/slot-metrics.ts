/**
 * Impressions, clicks and CTR: CTR = clicks / impressions × 100 with 2 decimals, 0 when a report says
 * there were no impressions. Where no worker reported anything, every figure reads '-': a slot nobody
 * reported on must not look like one nobody saw. One rule for the list, the cards and the history.
 */
const reported = (n: number | null | undefined): n is number => typeof n === 'number';

/** The CTR in percent (2 decimals), or null when no impressions were reported. */
function ctrPercent(impressions: number | null | undefined, clicks: number | null | undefined): number | null {
  if (!reported(impressions)) return null;
  if (!impressions || !clicks) return 0;
  return Math.round((clicks / impressions) * 10_000) / 100;
}

/** '1.25%', '0.00%' for a report without impressions, '-' without a report. */
export function ctrText(impressions: number | null | undefined, clicks: number | null | undefined): string {
  const ctr = ctrPercent(impressions, clicks);
  return ctr === null ? '-' : `${ctr.toFixed(2)}%`;
}

/** '1,234' or '-' when nothing was reported. */
export const countText = (n: number | null | undefined) => (reported(n) ? n.toLocaleString('ko-KR') : '-');
