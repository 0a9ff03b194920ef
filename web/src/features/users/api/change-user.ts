import {
  createUserSchema,
  updateUserSchema,
  type AdminUserDto,
  type CreateUserInput,
  type UpdateUserInput,
} from '#shared/schemas/users';
import { api } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';

/** The same schemas the server validates with (add user, edit user). */
export { createUserSchema, updateUserSchema };

export type UserChange =
  | { action: 'create'; body: CreateUserInput }
  | { action: 'update'; id: string; body: UpdateUserInput }
  | { action: 'delete'; id: string };

function changeUser(change: UserChange): Promise<AdminUserDto | { deleted: true; id: string }> {
  if (change.action === 'create') return api.call('POST /api/users', { body: change.body });
  const path = { id: change.id };
  if (change.action === 'update') return api.call('PUT /api/users/{id}', { path, body: change.body });
  return api.call('DELETE /api/users/{id}', { path });
}

/**
 * Create, edit or delete; every user list, the stats and the open customer view (a deactivation from
 * its edit dialog) refresh afterwards, even on failure.
 */
export const useChangeUser = () =>
  useAction('change user', changeUser, {
    invalidates: ['GET /api/users', 'GET /api/users/stats', 'GET /api/users/{id}', 'GET /api/users/{id}/logs'],
    invalidatesOnError: true,
  });
