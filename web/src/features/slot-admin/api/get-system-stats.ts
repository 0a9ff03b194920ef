import useSWR from 'swr';
import type { SystemStatsDto } from '#shared/schemas/slot-admin';
import { api } from '@/lib/api-client';

/** GET /slots/system-stats (operators): counts by status from the counters, for the tabs and the dashboard. */
export const systemStatsKey = '/slots/system-stats';

export const getSystemStats = () => api.get<SystemStatsDto>(systemStatsKey);

export function useSystemStats() {
  return useSWR(systemStatsKey, getSystemStats);
}
