import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /slots/system-stats (operators): counts by status from the counters, for the tabs and the dashboard. */
export const systemStatsKey = '/slots/system-stats';

export const getSystemStats = () => api.call('GET /api/slots/system-stats');

export function useSystemStats() {
  return useSWR(systemStatsKey, getSystemStats);
}
