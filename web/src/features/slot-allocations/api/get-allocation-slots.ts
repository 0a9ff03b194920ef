import useSWR from 'swr';
import { api } from '@/lib/api-client';

export const allocationSlotsPath = '/slots/by-allocation';
export const allocationSlotsKey = (id: string) => [allocationSlotsPath, id] as const;
export const isAllocationSlotsKey = (key: unknown) => Array.isArray(key) && key[0] === allocationSlotsPath;

export const getAllocationSlots = (id: string) => api.call('GET /api/slots/by-allocation/{id}', { path: { id } });

/** The slots of one issuance (originals and extensions); null = not asked. */
export function useAllocationSlots(id: string | null) {
  return useSWR(id ? allocationSlotsKey(id) : null, ([, allocationId]) => getAllocationSlots(allocationId));
}
