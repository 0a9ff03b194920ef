import { useMemo } from 'react';
import type { USER_LIST_MAX_LIMIT } from '#shared/schemas/users';
import { useRoute } from '@/lib/route-data';
import type { PickedUser } from '../utils/send-form';

/** The users API's ceiling, and the most recipients the picker loads; typed so the two cannot drift. */
const RECIPIENT_LIST_LIMIT: typeof USER_LIST_MAX_LIMIT = 1000;

/**
 * Who may receive a notification: active role-user accounts only (the server refuses anyone else).
 * GET /api/users?role=user&status=active, up to 1000.
 */
export function useRecipientSearch(search: string, enabled: boolean) {
  const answer = useRoute(
    'GET /api/users',
    enabled
      ? { query: { role: 'user', status: 'active', search: search || undefined, page: 1, limit: RECIPIENT_LIST_LIMIT } }
      : null,
    { keepPreviousData: true, shouldRetryOnError: false },
  );
  const { data } = answer;
  const recipients = useMemo(
    () =>
      data && {
        users: (data.users ?? []).map((u): PickedUser => ({ id: u.id, email: u.email, fullName: u.fullName })),
        total: data.pagination?.total ?? 0,
      },
    [data],
  );
  return { ...answer, data: recipients };
}
