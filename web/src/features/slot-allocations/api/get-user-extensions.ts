import useSWR from 'swr';
import { userExtensionsQuerySchema, type UserExtensionsQuery } from '#shared/schemas/slot-allocations';
import { api } from '@/lib/api-client';

/** The same query schema the server parses. */
export { userExtensionsQuerySchema, type UserExtensionsQuery };

/** GET /slots/extensions?userId=: one user's extensions, newest first, paged (the customer view). */
export const userExtensionsKey = (query: UserExtensionsQuery) => ['/slots/extensions#user', query] as const;

export const getUserExtensions = (query: UserExtensionsQuery) => api.call('GET /api/slots/extensions', { query });

export function useUserExtensions(query: UserExtensionsQuery) {
  return useSWR(userExtensionsKey(query), ([, q]) => getUserExtensions(q), { keepPreviousData: true });
}
