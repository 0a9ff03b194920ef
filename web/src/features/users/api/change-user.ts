import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  createUserSchema,
  updateUserSchema,
  type AdminUserDto,
  type CreateUserInput,
  type UpdateUserInput,
} from '#shared/schemas/users';
import { api } from '@/lib/api-client';
import { isUsersKey, usersPath } from './get-users';
import { userStatsKey } from './get-user-stats';

/** The same schemas the server validates with (add user, edit user). */
export { createUserSchema, updateUserSchema, type CreateUserInput, type UpdateUserInput };

export type UserChange =
  | { action: 'create'; body: CreateUserInput }
  | { action: 'update'; id: string; body: UpdateUserInput }
  | { action: 'delete'; id: string };

export function changeUser(change: UserChange): Promise<AdminUserDto | { deleted: true; id: string }> {
  if (change.action === 'create') return api.call('POST /api/users', { body: change.body });
  const path = { id: change.id };
  if (change.action === 'update') return api.call('PUT /api/users/{id}', { path, body: change.body });
  return api.call('DELETE /api/users/{id}', { path });
}

/** Create, edit or delete; every user list and the stats refresh afterwards, even on failure. */
export function useChangeUser() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${usersPath}#change`, async (_key: string, { arg }: { arg: UserChange }) => {
    try {
      return await changeUser(arg);
    } finally {
      await Promise.all([mutate(isUsersKey), mutate(userStatsKey)]);
    }
  });
}

/** A developer resets another staff member's second factor (they enrol again at the next sign-in). */
export const resetUserSecondFactor = (id: string) =>
  api.call('POST /api/users/{id}/second-factor/reset', { path: { id } });
