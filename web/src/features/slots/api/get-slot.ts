import useSWR from 'swr';
import type { SlotDto } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';

/** GET /slots/{id}: one slot (the rank-history popup window opens by id). */
export const slotKey = (id: string) => ['/slots/one', id] as const;

export const getSlot = (id: string) => api.get<SlotDto>(`/slots/${encodeURIComponent(id)}`);

export function useSlot(id: string | null) {
  return useSWR(id ? slotKey(id) : null, ([, slotId]) => getSlot(slotId), { revalidateOnFocus: false });
}
