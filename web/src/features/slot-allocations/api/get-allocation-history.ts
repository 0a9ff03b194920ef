import useSWR from 'swr';
import { allocationHistoryQuerySchema, type AllocationHistoryQuery } from '#shared/schemas/slot-allocations';
import { api } from '@/lib/api-client';

/** The same query schema the server parses. */
export { allocationHistoryQuerySchema, type AllocationHistoryQuery };

export const allocationHistoryPath = '/slots/allocation-history';
export const allocationHistoryKey = (query: AllocationHistoryQuery) => [allocationHistoryPath, query] as const;
/** Matches every cached history page (refreshed after an issuance, a payment change or an extension). */
export const isAllocationHistoryKey = (key: unknown) => Array.isArray(key) && key[0] === allocationHistoryPath;

export const getAllocationHistory = (query: AllocationHistoryQuery) =>
  api.call('GET /api/slots/allocation-history', { query });

export function useAllocationHistory(query: AllocationHistoryQuery) {
  return useSWR(allocationHistoryKey(query), ([, q]) => getAllocationHistory(q), { keepPreviousData: true });
}
