import { commonMessages } from '#shared/messages/common';
import { z } from '#shared/zod';
import {
  settingChangeIdPathSchema,
  settingHistoryQuerySchema,
  settingKeyPathSchema,
  updateSettingSchema,
  updateSettingsSchema,
} from '#shared/schemas/settings';
import * as SettingsService from '../domain/settings/settings-service';
import * as SettingsWrites from '../domain/settings/settings-writes';
import { defineGroup, op, reply } from '../http/api-handler';
import { settingsRoutes } from '#infra/routes/settings';

export const handler = defineGroup(settingsRoutes, {
  health: op({}, async () => {
    const { storeReachable, checkedAt } = await SettingsService.checkHealth();
    if (storeReachable) return { status: 'ok', store: 'reachable', checkedAt };
    // The §5 error envelope; the health fields ride along as `details` for monitors.
    return reply(
      { status: 'degraded', store: 'unreachable', checkedAt },
      { status: 503, error: { code: 'INTERNAL', message: commonMessages.unavailable } },
    );
  }),

  getAll: op({}, () => SettingsService.getSettingsByCategory()),

  getCategory: op({ path: z.object({ category: z.string() }) }, ({ path }) =>
    SettingsService.getCategory(path.category),
  ),

  getKey: op({ path: z.object({ key: z.string() }) }, ({ path }) => SettingsService.getSetting(path.key)),

  // issue 11: writes, their history and one-click revert
  updateAll: op({ body: updateSettingsSchema }, ({ body }, ctx) =>
    SettingsWrites.updateSettings(ctx.user, body.settings),
  ),

  updateKey: op({ path: settingKeyPathSchema, body: updateSettingSchema }, ({ path, body }, ctx) =>
    SettingsWrites.updateSetting(ctx.user, path.key, body.value),
  ),

  history: op({ query: settingHistoryQuerySchema }, ({ query }, ctx) =>
    SettingsWrites.listSettingChanges(ctx.user, query),
  ),

  revert: op({ path: settingChangeIdPathSchema }, ({ path }, ctx) =>
    SettingsWrites.revertSettingChange(ctx.user, path.id),
  ),
});
