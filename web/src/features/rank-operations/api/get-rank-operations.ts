import useSWR from 'swr';
import type { RankOperationsDto } from '#shared/rank-operations';
import { api } from '@/lib/api-client';

/** GET /rank/operations (staff): coverage, worker keys, recompute runs and alerts, read from counters. */
export type { RankOperationsDto };

export const rankOperationsKey = '/rank/operations';

export const getRankOperations = () => api.call('GET /api/rank/operations');

/** Read again every minute while the screen is open: checks keep arriving. */
export function useRankOperations() {
  return useSWR(rankOperationsKey, getRankOperations, { refreshInterval: 60_000, revalidateOnFocus: true });
}
