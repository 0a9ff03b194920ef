import { createFieldConfigSchema, fieldKeyPathSchema, replaceFieldConfigsSchema } from '#shared/schemas/field-configs';
import * as FieldConfigs from '../domain/field-configs/field-config-service';
import { defineGroup, op, reply } from '../http/api-handler';
import { fieldConfigRoutes } from '#infra/routes/field-configs';

/**
 * GET /api/field-configs: the slot forms are generated from this list (spec §3 field config), disabled
 * fields included (the forms filter them; the settings page edits them). The /api/admin routes are
 * the developer's field tab (operator-console §2, §7).
 */
export const handler = defineGroup(fieldConfigRoutes, {
  list: op({}, () => FieldConfigs.listFieldConfigs()),

  replace: op({ body: replaceFieldConfigsSchema }, ({ body }, ctx) =>
    FieldConfigs.replaceFieldConfigs(ctx.user, body.fields),
  ),

  create: op({ body: createFieldConfigSchema }, async ({ body }, ctx) =>
    reply(await FieldConfigs.createFieldConfig(ctx.user, body), { status: 201 }),
  ),

  remove: op({ path: fieldKeyPathSchema }, ({ path }, ctx) => FieldConfigs.removeFieldConfig(ctx.user, path.key)),

  reset: op({}, (_, ctx) => FieldConfigs.resetFieldConfigs(ctx.user)),
});
