import type { SlotListQueryInput } from '#shared/schemas/slots';
import type { CallInput } from '@/lib/api-client';

/** GET /slots for the caller's own slots: the list's filters as the route's query. */
export function slotsInput(query: SlotListQueryInput): CallInput<'GET /api/slots'> {
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
  return {
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
  };
}
