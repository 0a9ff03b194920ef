import { answerOf, type RouteContract } from '../route';
import type { FieldConfig } from '../../field-configs';
import { createFieldConfigSchema, fieldKeyPathSchema, replaceFieldConfigsSchema } from '../../schemas/field-configs';

/**
 * The `fieldConfigs` group: the slot forms are generated from this list, read by every signed-in page,
 * disabled fields included; the /api/admin routes are the developer's field tab on the settings page.
 */
export const fieldConfigRoutes = [
  {
    method: 'GET',
    path: '/api/field-configs',
    group: 'fieldConfigs',
    op: 'list',
    access: 'user',
    answer: answerOf<FieldConfig[]>(),
  },
  {
    method: 'PUT',
    path: '/api/admin/field-configs',
    group: 'fieldConfigs',
    op: 'replace',
    access: 'developer',
    input: { body: replaceFieldConfigsSchema },
    answer: answerOf<FieldConfig[]>(),
  },
  {
    method: 'POST',
    path: '/api/admin/field-configs',
    group: 'fieldConfigs',
    op: 'create',
    access: 'developer',
    input: { body: createFieldConfigSchema },
    answer: answerOf<FieldConfig>(),
  },
  {
    method: 'POST',
    path: '/api/admin/field-configs/reset',
    group: 'fieldConfigs',
    op: 'reset',
    access: 'developer',
    answer: answerOf<FieldConfig[]>(),
  },
  {
    method: 'DELETE',
    path: '/api/admin/field-configs/{key}',
    group: 'fieldConfigs',
    op: 'remove',
    access: 'developer',
    input: { path: fieldKeyPathSchema },
    answer: answerOf<{ deleted: string }>(),
  },
] as const satisfies readonly RouteContract[];
