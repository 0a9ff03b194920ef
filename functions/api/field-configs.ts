import * as FieldConfigs from '../domain/field-configs/field-config-service';
import { defineGroup, reply } from '../http/api-handler';
import { fieldConfigRoutes } from '#shared/contract/routes/field-configs';

/**
 * GET /api/field-configs: the slot forms are generated from this list, disabled
 * fields included (the forms filter them; the settings page edits them). The /api/admin routes are
 * the developer's field tab on the settings page.
 */
export const handler = defineGroup(fieldConfigRoutes, {
  list: () => FieldConfigs.listFieldConfigs(),

  replace: ({ body }, ctx) => FieldConfigs.replaceFieldConfigs(ctx.user, body.fields),

  create: async ({ body }, ctx) => reply(await FieldConfigs.createFieldConfig(ctx.user, body), { status: 201 }),

  remove: ({ path }, ctx) => FieldConfigs.removeFieldConfig(ctx.user, path.key),

  reset: (_, ctx) => FieldConfigs.resetFieldConfigs(ctx.user),
});
