import useSWR from 'swr';
import { api } from '@/lib/api-client';

/**
 * GET /slots/{id}/rank-delete-query: what a keyword or URL change of the slot would wipe, counted by
 * the server (the rank-history days the update deletes), for the warning asked before that change.
 */
export const RANK_RESET_KEY = '/slots/rank-delete-query';
export const rankResetKey = (slotId: string) => [RANK_RESET_KEY, slotId] as const;

export const getRankReset = (slotId: string) =>
  api.call('GET /api/slots/{id}/rank-delete-query', { path: { id: slotId } });

/**
 * Read each time the warning opens (`slotId` null while it is closed): the rank job may have added a
 * day since the last look, and the count must be the one the update would delete now.
 */
export function useRankReset(slotId: string | null) {
  return useSWR(slotId ? rankResetKey(slotId) : null, ([, id]) => getRankReset(id), {
    revalidateOnFocus: false,
    // A failed read leaves the general warning in place; retrying would keep taking the answer away.
    shouldRetryOnError: false,
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
}
