import useSWR from 'swr';
import type { SlotList, SlotListQueryInput } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';

/** GET /slots: the caller's own slots, one page. */
export const SLOTS_KEY = '/slots';
export type SlotsKey = readonly [typeof SLOTS_KEY, SlotListQueryInput];

export const slotsKey = (query: SlotListQueryInput): SlotsKey => [SLOTS_KEY, query];

/** Every cached slot list page (any query): what slot mutations revalidate. */
export const isSlotsKey = (key: unknown) => Array.isArray(key) && key[0] === SLOTS_KEY;

export function getSlots(query: SlotListQueryInput): Promise<SlotList> {
  const {
    page,
    limit,
    status,
    searchType,
    search,
    dateFrom,
    dateTo,
    workFrom,
    workTo,
    hideExpired,
    sortBy,
    sortOrder,
  } = query;
  return api.call('GET /api/slots', {
    query: {
      page: page === undefined ? undefined : Number(page),
      limit: limit === undefined ? undefined : Number(limit),
      status: status === 'all' ? undefined : status,
      searchType: search ? searchType : undefined,
      search,
      dateFrom,
      dateTo,
      workFrom,
      workTo,
      hideExpired: hideExpired ? 'true' : undefined,
      sortBy,
      sortOrder,
    },
  });
}

export function useSlots(query: SlotListQueryInput) {
  return useSWR(slotsKey(query), ([, q]) => getSlots(q), { keepPreviousData: true });
}
