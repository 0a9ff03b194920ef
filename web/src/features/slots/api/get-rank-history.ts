import useSWR from 'swr';
import { rankHistoryQuerySchema } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';

/** GET /slots/{id}/rank-history?startDate&endDate (KST days). */
export const rankHistoryKey = (id: string, startDate: string, endDate: string) =>
  ['/slots/rank-history', id, startDate, endDate] as const;

export const getRankHistory = (id: string, startDate: string, endDate: string) =>
  api.call('GET /api/slots/{id}/rank-history', {
    path: { id },
    query: rankHistoryQuerySchema.parse({ startDate, endDate }),
  });

export function useRankHistory(id: string | null, startDate: string, endDate: string) {
  return useSWR(
    id ? rankHistoryKey(id, startDate, endDate) : null,
    ([, slotId, from, to]) => getRankHistory(slotId, from, to),
    {
      revalidateOnFocus: false,
    },
  );
}
