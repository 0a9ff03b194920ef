import { answerOf, type RouteContract } from '../route';
import type { Paginated } from '../../api';
import { onlyAdministratorsText } from '../../messages/settings';
import type { Settings, SettingsByCategory } from '../../settings';
import {
  settingCategoryPathSchema,
  settingChangeIdPathSchema,
  settingHistoryQuerySchema,
  settingKeyPathSchema,
  settingKeyReadPathSchema,
  updateSettingSchema,
  updateSettingsSchema,
  type HealthDto,
  type SettingChange,
  type SettingEntryDto,
} from '../../schemas/settings';

/**
 * The `settings` group: liveness and system settings; writes by operators and developers,
 * history and revert by developers.
 */
export const settingsRoutes = [
  // 503 in the error envelope, with the same fields as details, while the store does not answer
  {
    method: 'GET',
    path: '/api/health',
    group: 'settings',
    op: 'health',
    access: 'public',
    answer: answerOf<HealthDto>(),
  },
  {
    method: 'GET',
    path: '/api/system-settings',
    group: 'settings',
    op: 'getAll',
    access: 'public',
    answer: answerOf<SettingsByCategory>(),
  },
  {
    method: 'PUT',
    path: '/api/system-settings',
    group: 'settings',
    op: 'updateAll',
    access: 'operator',
    forbidden: onlyAdministratorsText,
    input: { body: updateSettingsSchema },
    answer: answerOf<SettingsByCategory>(),
  },
  {
    method: 'GET',
    path: '/api/system-settings/category/{category}',
    group: 'settings',
    op: 'getCategory',
    access: 'public',
    input: { path: settingCategoryPathSchema },
    answer: answerOf<Partial<Settings>>(),
  },
  {
    method: 'GET',
    path: '/api/system-settings/key/{key}',
    group: 'settings',
    op: 'getKey',
    access: 'public',
    input: { path: settingKeyReadPathSchema },
    answer: answerOf<SettingEntryDto>(),
  },
  {
    method: 'PUT',
    path: '/api/system-settings/key/{key}',
    group: 'settings',
    op: 'updateKey',
    access: 'operator',
    forbidden: onlyAdministratorsText,
    input: { path: settingKeyPathSchema, body: updateSettingSchema },
    answer: answerOf<SettingEntryDto>(),
  },
  {
    method: 'GET',
    path: '/api/system-settings/history',
    group: 'settings',
    op: 'history',
    access: 'developer',
    input: { query: settingHistoryQuerySchema },
    answer: answerOf<Paginated<SettingChange>>(),
  },
  {
    method: 'POST',
    path: '/api/system-settings/history/{id}/revert',
    group: 'settings',
    op: 'revert',
    access: 'developer',
    input: { path: settingChangeIdPathSchema },
    answer: answerOf<SettingEntryDto>(),
  },
] as const satisfies readonly RouteContract[];
