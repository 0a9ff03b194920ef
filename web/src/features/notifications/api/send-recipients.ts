import useSWR from 'swr';
import type { USER_LIST_MAX_LIMIT } from '#shared/schemas/users';
import { api } from '@/lib/api-client';
import type { PickedUser } from '../utils/send-form';

/** The users API's query schema (search, role, status, page, limit ≤ 1000), loaded only if asked for. */
export const loadUserListQuerySchema = () => import('#shared/schemas/users').then((m) => m.userListQuerySchema);

/** The users API's ceiling, and the most recipients the picker loads; typed so the two cannot drift. */
const RECIPIENT_LIST_LIMIT: typeof USER_LIST_MAX_LIMIT = 1000;

/**
 * Who may receive a notification: active role-user accounts only (the server refuses anyone else).
 * GET /api/users?role=user&status=active, up to 1000.
 */
export const recipientSearchPath = '/users';
export const recipientSearchKey = (search: string) => [recipientSearchPath, 'notification-recipients', search] as const;

export const searchRecipients = async (search: string): Promise<{ users: PickedUser[]; total: number }> => {
  const data = await api.call('GET /api/users', {
    query: {
      role: 'user',
      status: 'active',
      search: search || undefined,
      page: 1,
      limit: RECIPIENT_LIST_LIMIT,
    },
  });
  return {
    users: (data.users ?? []).map((u) => ({ id: u.id, email: u.email, fullName: u.fullName })),
    total: data.pagination?.total ?? 0,
  };
};

export function useRecipientSearch(search: string, enabled: boolean) {
  return useSWR(enabled ? recipientSearchKey(search) : null, ([, , s]) => searchRecipients(s), {
    keepPreviousData: true,
    shouldRetryOnError: false,
  });
}
