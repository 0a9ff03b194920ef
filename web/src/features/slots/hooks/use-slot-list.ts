import { useEffect } from 'react';
import type { SlotListQueryInput } from '#shared/schemas/slots';
import { routeCacheKey, useRoute } from '@/lib/route-data';
import { slotsInput } from '@/lib/slots/get-slots';
import type { SlotFilters } from './use-slot-filters';

/** The list query of My slots: the applied filters, newest first. */
function slotListQuery(filters: SlotFilters, page: number, pageSize: number): SlotListQueryInput {
  return {
    page,
    limit: pageSize,
    status: filters.status === 'all' ? undefined : (filters.status as SlotListQueryInput['status']),
    searchType: filters.searchType,
    search: filters.search || undefined,
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
    workFrom: filters.workFrom || undefined,
    workTo: filters.workTo || undefined,
    hideExpired: filters.hideExpired,
    sortBy: 'createdAt',
    sortOrder: 'desc',
  };
}

/** One page of My slots; a page past the end (the list shrank) moves to the last one. */
export function useSlotList(filters: SlotFilters, page: number, pageSize: number, setPage: (page: number) => void) {
  const query = slotListQuery(filters, page, pageSize);
  const input = slotsInput(query);
  const list = useRoute('GET /api/slots', input, { keepPreviousData: true });

  // Slots deleted, a filter changed on another tab: page 7 of 3 shows page 3.
  const totalPages = list.data?.pagination.totalPages;
  useEffect(() => {
    if (totalPages === undefined || list.isLoading) return;
    const last = Math.max(1, totalPages);
    if (page > last) setPage(last);
  }, [totalPages, page, list.isLoading, setPage]);

  return { query, key: routeCacheKey('GET /api/slots', input), list };
}
