import useSWR from 'swr';
import { api } from '@/lib/api-client';

/**
 * GET /users/{id}: the account the slot console is filtered to, so the filter names who it is (and
 * whether the account is active) even when the user has no slots to take a name from.
 */
export const slotOwnerKey = (userId: string) => ['/users', userId, 'slot-owner'] as const;

export const getSlotOwner = (userId: string) => api.call('GET /api/users/{id}', { path: { id: userId } });

export function useSlotOwner(userId: string | undefined) {
  return useSWR(userId ? slotOwnerKey(userId) : null, ([, id]) => getSlotOwner(id));
}
