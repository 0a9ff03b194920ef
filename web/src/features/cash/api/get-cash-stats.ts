import useSWR from 'swr';
import { api } from '@/lib/api-client';

export const cashStatsKey = '/cash/stats';

export const getCashStats = () => api.call('GET /api/cash/stats');

/** Charge request counts by status (operator dashboard); kept by the server, never scanned. */
export function useCashStats(enabled = true) {
  return useSWR(enabled ? cashStatsKey : null, getCashStats);
}
