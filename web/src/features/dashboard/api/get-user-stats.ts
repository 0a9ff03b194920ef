import useSWR from 'swr';
import { z } from '#shared/zod';
import { api } from '@/lib/api-client';
import { routeCacheKey } from '@/lib/route-data';

/** GET /users/stats: member counts (dashboard). A failed load is logged and the section shows '-'. */
const count = z.number().check(z.int(), z.nonnegative());
const userStatsSchema = z.object({
  total: count,
  active: count,
  inactive: count,
  byRole: z.object({ user: count, operator: count, developer: count }),
});
export type UserStats = z.infer<typeof userStatsSchema>;

const getUserStats = async () => userStatsSchema.parse(await api.call('GET /api/users/stats'));

/** Under the route's own cache key (the answer checked on arrival), so a change that names the route reloads it. */
export function useUserStats() {
  return useSWR(routeCacheKey('GET /api/users/stats'), getUserStats, {
    onError: (error) => console.error('회원 통계 로드 실패', error),
    shouldRetryOnError: false,
  });
}
