import useSWR from 'swr';
import type { SlotList, SlotListQueryInput } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { SLOTS_KEY } from '@/lib/slots/get-slots';

/**
 * GET /slots for operators: every user's slots with the staff filters (search modes, userId,
 * registration period, the inactive-accounts tab). Keyed under SLOTS_KEY so slot mutations
 * (revalidateSlots) refresh it too.
 */
export type AdminSlotsKey = readonly [typeof SLOTS_KEY, SlotListQueryInput, 'admin'];
export const adminSlotsKey = (query: SlotListQueryInput): AdminSlotsKey => [SLOTS_KEY, query, 'admin'];

export function getAdminSlots(query: SlotListQueryInput): Promise<SlotList> {
  const { page, limit, status, searchType, search, dateFrom, dateTo, sortBy, sortOrder, userId, userStatus } = query;
  return api.call('GET /api/slots', {
    query: {
      page: page === undefined ? undefined : Number(page),
      limit: limit === undefined ? undefined : Number(limit),
      status: status === 'all' || status === '' ? undefined : status,
      searchType: search ? searchType : undefined,
      search: search || undefined,
      dateFrom,
      dateTo,
      sortBy,
      sortOrder,
      userId: userId || undefined,
      userStatus,
      // The combined advanced search (all fields at once).
      keyword: query.keyword || undefined,
      url: query.url || undefined,
      productName: query.productName || undefined,
      user: query.user || undefined,
      slotNumber: query.slotNumber === undefined ? undefined : Number(query.slotNumber),
    },
  });
}

export function useAdminSlots(query: SlotListQueryInput) {
  return useSWR(adminSlotsKey(query), ([, q]) => getAdminSlots(q), { keepPreviousData: true });
}
