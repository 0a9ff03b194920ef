import useSWR from 'swr';
import { userListQuerySchema, type UserListQuery } from '#shared/schemas/users';
import type { z } from '#shared/zod';
import { api } from '@/lib/api-client';

/** The same query schema the server parses (search, role, status, page, limit; default 50). */
export { userListQuerySchema };
export type UsersQuery = Partial<Pick<UserListQuery, 'search' | 'page' | 'limit'>> &
  Pick<z.input<typeof userListQuerySchema>, 'role' | 'status'>;

export const usersPath = '/users';

/** swr key: the path plus the query, so every filter combination caches on its own. */
export const usersKey = (query: UsersQuery) => [usersPath, query] as const;

/** Matches every cached user list (refreshed after a change). */
export const isUsersKey = (key: unknown) => Array.isArray(key) && key[0] === usersPath;

export const getUsers = (query: UsersQuery) => api.call('GET /api/users', { query });

export function useUsers(query: UsersQuery) {
  return useSWR(usersKey(query), ([, q]) => getUsers(q), { keepPreviousData: true });
}
