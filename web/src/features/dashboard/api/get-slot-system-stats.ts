import useSWR from 'swr';
import { z } from '#shared/zod';
import { api } from '@/lib/api-client';
import { routeCacheKey } from '@/lib/route-data';

/**
 * GET /slots/system-stats: every slot counted by status (from the server's counters, never a scan).
 * Dashboard only: a failed load is logged and the section shows '-'.
 */
const count = z.number().check(z.int(), z.nonnegative());
const slotSystemStatsSchema = z.object({
  totalSlots: count,
  statusBreakdown: z.object({
    empty: count,
    pending: count,
    active: count,
    waiting: count,
    completed: count,
    paused: count,
    rejected: count,
    refunded: count,
    expired: count,
    deleted: count,
    inactive: count,
  }),
});
export type SlotSystemStats = z.infer<typeof slotSystemStatsSchema>;

const getSlotSystemStats = async () => slotSystemStatsSchema.parse(await api.call('GET /api/slots/system-stats'));

/** Under the route's own cache key (the answer checked on arrival), so a change that names the route reloads it. */
export function useSlotSystemStats() {
  return useSWR(routeCacheKey('GET /api/slots/system-stats'), getSlotSystemStats, {
    onError: (error) => console.error('슬롯 통계 로드 실패', error),
    shouldRetryOnError: false,
  });
}
