import { createUserSchema, updateUserSchema, userIdParamSchema, userListQuerySchema } from '#shared/schemas/users';
import { createUserByOperator, deleteUser, updateUser } from '../domain/users/admin-changes';
import * as Queries from '../domain/users/queries';
import { defineGroup, op, reply } from '../http/api-handler';
import { userRoutes } from '#infra/routes/users';

const id = userIdParamSchema;

export const handler = defineGroup(userRoutes, {
  list: op({ query: userListQuerySchema }, ({ query }, ctx) => Queries.listUsers(ctx.user, query)),
  create: op({ body: createUserSchema }, async ({ body }, ctx) =>
    reply(await createUserByOperator(ctx.user, body), { status: 201 }),
  ),
  stats: op({}, (_, ctx) => Queries.userStats(ctx.user)),
  get: op({ path: id }, ({ path }, ctx) => Queries.getUser(ctx.user, path.id)),
  update: op({ path: id, body: updateUserSchema }, ({ path, body }, ctx) => updateUser(ctx.user, path.id, body)),
  remove: op({ path: id }, ({ path }, ctx) => deleteUser(ctx.user, path.id)),
  logs: op({ path: id }, ({ path }, ctx) => Queries.userLogs(ctx.user, path.id)),
});
