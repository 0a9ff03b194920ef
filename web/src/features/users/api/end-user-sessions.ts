import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';

/** An operator ends every session of a customer (all devices sign in again). */
export const endUserSessions = (id: string) => api.call('POST /api/users/{id}/sessions/end', { path: { id } });

export function useEndUserSessions(id: string) {
  return useSWRMutation(['/users', id, 'sessions#end'] as const, ([, userId]) => endUserSessions(userId));
}
