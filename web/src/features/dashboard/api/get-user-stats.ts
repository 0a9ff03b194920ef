import useSWR from 'swr';
import { z } from '#shared/zod';
import { api } from '@/lib/api-client';

/** GET /users/stats: member counts (dashboard). A failed load is logged and the section shows '-'. */
const count = z.number().check(z.int(), z.nonnegative());
export const userStatsSchema = z.object({
  total: count,
  active: count,
  inactive: count,
  byRole: z.object({ user: count, operator: count, developer: count }),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const userStatsKey = '/users/stats';

export const getUserStats = async () => userStatsSchema.parse(await api.call('GET /api/users/stats'));

export function useUserStats() {
  return useSWR(userStatsKey, getUserStats, {
    onError: (error) => console.error('회원 통계 로드 실패', error),
    shouldRetryOnError: false,
  });
}
