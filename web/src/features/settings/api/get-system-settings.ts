import useSWR, { mutate } from 'swr';
import { z } from 'zod';
import { mergeSettings, type Settings } from '#shared/settings';
import { api } from '@/lib/api-client';

/** GET /system-settings answers the settings grouped by category (business, theme, feature). */
export const systemSettingsAnswerSchema = z.record(z.string(), z.record(z.string(), z.unknown()));

export const systemSettingsKey = '/system-settings';

/** The spec's settings cache: 10 seconds. */
export const SETTINGS_CACHE_MS = 10_000;

let loadedAt = 0;

/** Flat settings over the defaults; a value that does not parse keeps its default (shared/settings). */
export async function getSystemSettings(): Promise<Settings> {
  const answer = systemSettingsAnswerSchema.parse(await api.get<unknown>(systemSettingsKey));
  loadedAt = Date.now();
  return mergeSettings(Object.assign({}, ...Object.values(answer)));
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
