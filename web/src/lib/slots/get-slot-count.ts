import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /slots/count: the status cards and the pre-allocation counts (spec §2 header). */
export const slotCountKey = '/slots/count';

export const getSlotCount = () => api.call('GET /api/slots/count');

export function useSlotCount() {
  return useSWR(slotCountKey, getSlotCount);
}
