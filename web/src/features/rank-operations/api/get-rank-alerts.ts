import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /rank/alerts (staff): the rank alerts firing now, asked every minute on console pages. */
export const rankAlertsKey = '/rank/alerts';

export const getRankAlerts = () => api.call('GET /api/rank/alerts');

export function useRankAlerts() {
  return useSWR(rankAlertsKey, getRankAlerts, { refreshInterval: 60_000, revalidateOnFocus: true });
}
