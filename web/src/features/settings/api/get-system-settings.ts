import useSWR, { mutate } from 'swr';
import { settingsFromAnswer } from '#shared/setting-defaults';
import type { Settings } from '#shared/settings';
import { api } from '@/lib/api-client';
import { routeCacheKey } from '@/lib/route-data';

/** Under the route's own key (the answer laid over the defaults on arrival). */
const systemSettingsKey = routeCacheKey('GET /api/system-settings');

/** The settings cache: 10 seconds, so a change reaches every open page soon without a read per page. */
const SETTINGS_CACHE_MS = 10_000;

let loadedAt = 0;

/**
 * Flat settings over the defaults. The server validated every value; a value of another type than
 * its default keeps the default (shared/setting-defaults). No zod here: the shell loads this.
 */
async function getSystemSettings(): Promise<Settings> {
  const answer = await api.call('GET /api/system-settings');
  loadedAt = Date.now();
  const groups =
    answer && typeof answer === 'object' ? Object.values(answer).filter((g) => g && typeof g === 'object') : [];
  return settingsFromAnswer(Object.assign({}, ...groups));
}

export function useSystemSettings() {
  return useSWR(systemSettingsKey, getSystemSettings, {
    dedupingInterval: SETTINGS_CACHE_MS,
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}

/**
 * Reloads when the cached copy is older than the cache time (called on every route change). Before
 * the first answer the hook's own load is under way, so nothing is added.
 */
export function reloadSystemSettingsIfStale() {
  if (loadedAt > 0 && Date.now() - loadedAt >= SETTINGS_CACHE_MS) void mutate(systemSettingsKey);
}

/** Reloads now (a settings page saved something). */
export function reloadSystemSettings() {
  void mutate(systemSettingsKey);
}
