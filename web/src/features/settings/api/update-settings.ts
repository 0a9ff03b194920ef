import { mutate } from 'swr';
import { settingDefinitions, type SettingKey, type Settings } from '#shared/settings';
import { api } from '@/lib/api-client';
import { SETTINGS_CHANGED_EVENT } from '@/lib/app-settings';
import { invalidate } from '@/lib/route-data';

export type SettingChange = { [K in SettingKey]: { key: K; value: Settings[K] } }[SettingKey];

/**
 * After any write: drop the cached settings and history, and tell the rest of the app (the shell
 * listens for the window event and re-reads at once, not after the 10 s cache).
 */
export function announceSettingsChanged() {
  void invalidate(mutate, ['GET /api/system-settings', 'GET /api/system-settings/history']);
  window.dispatchEvent(new Event(SETTINGS_CHANGED_EVENT));
}

/** PUT /system-settings: several settings in one request; answers all settings by category. */
export async function updateSettings(changes: SettingChange[]) {
  const settings = changes.map(({ key, value }) => ({ key, value, category: settingDefinitions[key].category }));
  const answer = await api.call('PUT /api/system-settings', { body: { settings } });
  announceSettingsChanged();
  return answer;
}
