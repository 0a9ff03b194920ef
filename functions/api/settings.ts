import { commonMessages } from '#shared/messages/common';
import * as SettingsService from '../domain/settings/settings-service';
import * as SettingsWrites from '../domain/settings/settings-writes';
import { defineGroup, reply } from '../http/api-handler';
import { settingsRoutes } from '#shared/contract/routes/settings';

export const handler = defineGroup(settingsRoutes, {
  health: async () => {
    const { storeReachable, checkedAt } = await SettingsService.checkHealth();
    if (storeReachable) return { status: 'ok', store: 'reachable', checkedAt } as const;
    // The error envelope; the health fields ride along as `details` for monitors.
    return reply(
      { status: 'degraded', store: 'unreachable', checkedAt },
      { status: 503, error: { code: 'INTERNAL', message: commonMessages.unavailable } },
    );
  },

  getAll: () => SettingsService.getSettingsByCategory(),

  getCategory: ({ path }) => SettingsService.getCategory(path.category),

  getKey: ({ path }) => SettingsService.getSetting(path.key),

  // writes, their history and one-click revert
  updateAll: ({ body }, ctx) => SettingsWrites.updateSettings(ctx.user, body.settings),

  updateKey: ({ path, body }, ctx) => SettingsWrites.updateSetting(ctx.user, path.key, body.value),

  history: ({ query }, ctx) => SettingsWrites.listSettingChanges(ctx.user, query),

  revert: ({ path }, ctx) => SettingsWrites.revertSettingChange(ctx.user, path.id),
});
