import useSWR from 'swr';
import { api } from '@/lib/api-client';

/**
 * Advertisers to issue slots to: GET /api/users?role=user&search= (the users feature's API, answer
 * `data.users` + `data.pagination`). Only the fields the picker shows are read.
 */
export interface PickableUser {
  id: string;
  email: string;
  fullName: string;
}

export const userSearchPath = '/users';
export const userSearchKey = (search: string) => [userSearchPath, 'pick', search] as const;

export const searchUsers = async (search: string): Promise<PickableUser[]> => {
  const data = await api.call('GET /api/users', {
    query: { role: 'user', search: search || undefined, page: 1, limit: 10 },
  });
  return (data.users ?? []).map((u) => ({ id: u.id, email: u.email, fullName: u.fullName }));
};

export function useUserSearch(search: string, enabled: boolean) {
  return useSWR(enabled ? userSearchKey(search) : null, ([, , s]) => searchUsers(s), {
    keepPreviousData: true,
    shouldRetryOnError: false,
  });
}
