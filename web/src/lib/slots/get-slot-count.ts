import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /slots/count: the status cards and the pre-allocation counts at the top of My slots. */
export const slotCountKey = '/slots/count';

export const getSlotCount = () => api.call('GET /api/slots/count');

export function useSlotCount() {
  return useSWR(slotCountKey, getSlotCount);
}
