import { answerOf, type RouteContract } from '../route';
import {
  createUserSchema,
  updateUserSchema,
  userDetailsSchema,
  userIdParamSchema,
  userListQuerySchema,
  type AdminUserDetailDto,
  type AdminUserDto,
  type UserDetails,
  type UserListDto,
  type UserLogDto,
  type UserStatsDto,
} from '../../schemas/users';
import type { EndedSessions } from '../../schemas/sessions';

import { secondFactorMessages } from '../../messages/second-factor';

const id = userIdParamSchema;

/** The `users` group: the operator console's user management; literal /stats beats {id}. */
export const userRoutes = [
  {
    method: 'GET',
    path: '/api/users',
    group: 'users',
    op: 'list',
    access: 'operator',
    input: { query: userListQuerySchema },
    answer: answerOf<UserListDto>(),
  },
  {
    method: 'POST',
    path: '/api/users',
    group: 'users',
    op: 'create',
    access: 'operator',
    input: { body: createUserSchema },
    answer: answerOf<AdminUserDto>(),
  },
  {
    method: 'GET',
    path: '/api/users/stats',
    group: 'users',
    op: 'stats',
    access: 'operator',
    answer: answerOf<UserStatsDto>(),
  },
  {
    method: 'GET',
    path: '/api/users/{id}',
    group: 'users',
    op: 'get',
    access: 'operator',
    input: { path: id },
    answer: answerOf<AdminUserDetailDto>(),
  },
  {
    method: 'PUT',
    path: '/api/users/{id}',
    group: 'users',
    op: 'update',
    access: 'operator',
    input: { path: id, body: updateUserSchema },
    answer: answerOf<AdminUserDto>(),
  },
  {
    method: 'PUT',
    path: '/api/users/{id}/details',
    group: 'users',
    op: 'updateDetails',
    access: 'operator',
    input: { path: id, body: userDetailsSchema },
    answer: answerOf<UserDetails>(),
  },
  {
    method: 'DELETE',
    path: '/api/users/{id}',
    group: 'users',
    op: 'remove',
    access: 'operator',
    input: { path: id },
    answer: answerOf<{ deleted: true; id: string }>(),
  },
  {
    method: 'GET',
    path: '/api/users/{id}/logs',
    group: 'users',
    op: 'logs',
    access: 'operator',
    input: { path: id },
    answer: answerOf<UserLogDto[]>(),
  },
  {
    method: 'POST',
    path: '/api/users/{id}/second-factor/reset',
    group: 'users',
    op: 'resetSecondFactor',
    access: 'developer',
    forbidden: secondFactorMessages.resetDeveloperOnly,
    input: { path: id },
    answer: answerOf<{ reset: boolean }>(),
  },
  {
    method: 'POST',
    path: '/api/users/{id}/sessions/end',
    group: 'users',
    op: 'endSessions',
    access: 'operator',
    input: { path: id },
    answer: answerOf<EndedSessions>(),
  },
] as const satisfies readonly RouteContract[];
