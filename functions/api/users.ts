import { createUserByOperator, deleteUser, updateUser } from '../domain/users/admin-changes';
import * as Queries from '../domain/users/queries';
import { updateUserDetails } from '../domain/users/details';
import { resetOther } from '../domain/auth/second-factor';
import { endUserSessions } from '../domain/sessions/sessions-service';
import { defineGroup, reply } from '../http/api-handler';
import { userRoutes } from '#shared/contract/routes/users';

export const handler = defineGroup(userRoutes, {
  list: ({ query }, ctx) => Queries.listUsers(ctx.user, query),
  create: async ({ body }, ctx) => reply(await createUserByOperator(ctx.user, body), { status: 201 }),
  stats: (_, ctx) => Queries.userStats(ctx.user),
  get: ({ path }, ctx) => Queries.getUser(ctx.user, path.id),
  update: ({ path, body }, ctx) => updateUser(ctx.user, path.id, body),
  updateDetails: ({ path, body }, ctx) => updateUserDetails(ctx.user, path.id, body),
  remove: ({ path }, ctx) => deleteUser(ctx.user, path.id),
  logs: ({ path }, ctx) => Queries.userLogs(ctx.user, path.id),
  resetSecondFactor: ({ path }, ctx) => resetOther(ctx.user, path.id),
  endSessions: ({ path }, ctx) => endUserSessions(ctx.user, path.id),
});
