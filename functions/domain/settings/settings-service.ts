import {
  groupByCategory,
  isSettingKey,
  mergeSettings,
  settingCategories,
  settingDefinitions,
  type SettingCategory,
  type Settings,
} from '#shared/settings';
import { commonMessages } from '#shared/messages/common';
import { settingsStore } from '../../storage/settings';
import { NotFoundError } from '#commons/errors';
import { config } from '#commons/config';

/**
 * Settings are read on almost every request; 10 s of staleness is the cache window the product allows. A
 * write clears this process's copy at once; other Lambda instances (and other groups' functions) keep
 * theirs until it is 10 s old, so a change reaches every reader within 10 s.
 */
const CACHE_MS = 10_000;
let cache: { at: number; table: string; value: Settings } | undefined;

/**
 * Defaults that depend on where the product runs: every deployed stage requires staff to sign in with
 * a second factor until a developer switches it off; local mode starts with it off, so `npm start`
 * needs nothing but a password (switch it on to try the factor; the bootstrap developer then enrols).
 */
export const stageDefaults = (): Partial<Settings> => ({ staffSecondFactorRequired: !config().local });

export async function getSettings(): Promise<Settings> {
  const table = config().tableName;
  if (cache && cache.table === table && Date.now() - cache.at < CACHE_MS) return cache.value;
  const value = mergeSettings(await settingsStore.readAll(), stageDefaults());
  cache = { at: Date.now(), table, value };
  return value;
}

/** Writers call this so the next read in this process sees the change at once. */
export function invalidateSettingsCache() {
  cache = undefined;
}

export async function getSettingsByCategory() {
  return groupByCategory(await getSettings());
}

export async function getCategory(category: string) {
  if (!(settingCategories as readonly string[]).includes(category))
    throw new NotFoundError(commonMessages.settingsCategoryNotFound);
  return groupByCategory(await getSettings())[category as SettingCategory];
}

export async function getSetting(key: string) {
  if (!isSettingKey(key)) throw new NotFoundError(commonMessages.settingNotFound);
  const settings = await getSettings();
  return { key, value: settings[key], category: settingDefinitions[key].category };
}

/** GET /api/health: the store answers (a settings read), or the product is degraded. */
export async function checkHealth(): Promise<{ storeReachable: boolean; checkedAt: string }> {
  const checkedAt = new Date().toISOString();
  try {
    await settingsStore.readAll();
    return { storeReachable: true, checkedAt };
  } catch {
    return { storeReachable: false, checkedAt };
  }
}

/** First start on an empty table: store every default so operators see (and can edit) them. */
export async function seedDefaultSettings(): Promise<number> {
  let written = 0;
  const defaults: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries(settingDefinitions).map(([k, d]) => [k, d.default])),
    ...stageDefaults(),
  };
  for (const [key, def] of Object.entries(settingDefinitions)) {
    if (await settingsStore.put(key, defaults[key], def.category, 'system', true)) written += 1;
  }
  invalidateSettingsCache();
  return written;
}
