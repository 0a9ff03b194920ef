import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /slots/{id}: one slot (the rank-history popup window opens by id). */
export const slotKey = (id: string) => ['/slots/one', id] as const;

export const getSlot = (id: string) => api.call('GET /api/slots/{id}', { path: { id } });

export function useSlot(id: string | null) {
  return useSWR(id ? slotKey(id) : null, ([, slotId]) => getSlot(slotId), { revalidateOnFocus: false });
}
