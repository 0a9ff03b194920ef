import useSWR from 'swr';
import type { UserStatsDto } from '#shared/schemas/users';
import { api } from '@/lib/api-client';

/** GET /api/users/stats: counts kept with every change (the dashboard reads the same call). */
export const userStatsKey = '/users/stats';

export const getUserStats = () => api.get<UserStatsDto>(userStatsKey);

export function useUserStats() {
  return useSWR(userStatsKey, getUserStats);
}
