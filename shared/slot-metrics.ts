/**
 * Impressions, clicks and CTR (advertiser spec §3, issue 29 item 6): CTR = clicks / impressions × 100
 * with 2 decimals, 0 when there are no impressions. One rule for the list, the cards and the history.
 */
export function ctrPercent(impressions: number | null | undefined, clicks: number | null | undefined): number {
  if (!impressions || !clicks) return 0;
  return Math.round((clicks / impressions) * 10_000) / 100;
}

/** '1.25%' (always two decimals: '0.00%' without impressions). */
export const ctrText = (impressions: number | null | undefined, clicks: number | null | undefined) =>
  `${ctrPercent(impressions, clicks).toFixed(2)}%`;

/** '1,234' or '-' when nothing was reported. */
export const countText = (n: number | null | undefined) => (typeof n === 'number' ? n.toLocaleString('ko-KR') : '-');
