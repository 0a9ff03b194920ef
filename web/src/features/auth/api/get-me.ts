import useSWR from 'swr';
import type { MeDto } from '#shared/schemas/auth';
import { api } from '@/lib/api-client';
import { routeCacheKey } from '@/lib/route-data';
import { updateSessionUser } from '@/lib/session-store';

type Me = MeDto;

/** Under the route's own key (the answer also updates the session's copy). */
export const meKey = routeCacheKey('GET /api/auth/me');

/** The signed-in user, fresh from the server (last login, status…); keeps the session's copy in step. */
async function getMe(): Promise<Me> {
  const me = await api.call('GET /api/auth/me');
  const { actingAs: _actingAs, ...user } = me;
  updateSessionUser(user);
  return me;
}

export function useMe() {
  return useSWR(meKey, getMe, { revalidateOnFocus: false });
}
