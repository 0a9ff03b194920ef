import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /api/users/stats: counts kept with every change (the dashboard reads the same call). */
export const userStatsKey = '/users/stats';

export const getUserStats = () => api.call('GET /api/users/stats');

export function useUserStats() {
  return useSWR(userStatsKey, getUserStats);
}
