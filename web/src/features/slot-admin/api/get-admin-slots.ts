import type { SlotListQueryInput } from '#shared/schemas/slots';
import type { CallInput } from '@/lib/api-client';

/**
 * GET /slots for operators: every user's slots with the staff filters (search modes, userId,
 * registration period, the inactive-accounts tab), as the route's query. Read under the route's key,
 * so slot changes (which name the route) refresh it too.
 */
export function adminSlotsInput(query: SlotListQueryInput): CallInput<'GET /api/slots'> {
  const { page, limit, status, searchType, search, dateFrom, dateTo, sortBy, sortOrder, userId, userStatus } = query;
  return {
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
  };
}
