import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /slots/count?userId=: one user's slot counts from the counters kept with every change (never a scan). */
export const userSlotCountKey = (userId: string) => ['/slots/count', userId] as const;

export const getUserSlotCount = (userId: string) => api.call('GET /api/slots/count', { query: { userId } });

export function useUserSlotCount(userId: string | undefined) {
  return useSWR(userId ? userSlotCountKey(userId) : null, ([, id]) => getUserSlotCount(id));
}
