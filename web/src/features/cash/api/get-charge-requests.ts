import useSWR from 'swr';
import { chargeRequestListQuerySchema, type ChargeRequestListQuery } from '#shared/schemas/cash';
import { api } from '@/lib/api-client';

/** The same query schema the server parses (page, limit, status, userId). */
export { chargeRequestListQuerySchema, type ChargeRequestListQuery };

export const chargeRequestsPath = '/cash/charge-requests';

/** swr key: the path plus the query, so every filter combination caches on its own. */
export const chargeRequestsKey = (query: ChargeRequestListQuery) => [chargeRequestsPath, query] as const;

/** Matches every cached charge-request list (to refresh them after a change). */
export const isChargeRequestsKey = (key: unknown) => Array.isArray(key) && key[0] === chargeRequestsPath;

export const getChargeRequests = (query: ChargeRequestListQuery) =>
  api.call('GET /api/cash/charge-requests', { query });

/** Users get their own requests; operators everyone's (status and user filters apply). */
export function useChargeRequests(query: ChargeRequestListQuery, enabled = true) {
  return useSWR(enabled ? chargeRequestsKey(query) : null, ([, q]) => getChargeRequests(q), { keepPreviousData: true });
}
