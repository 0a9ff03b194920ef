import useSWR from 'swr';
import type { SettingChange } from '#shared/schemas/settings';
import { api } from '@/lib/api-client';

/** One recorded settings change (GET /system-settings/history, developer only). */
export type SettingChangeRecord = SettingChange;

export const settingsHistoryKeyPrefix = '/system-settings/history';

export interface SettingsHistoryQuery {
  page: number;
  limit: number;
  key?: string;
}

export const settingsHistoryKey = ({ page, limit, key }: SettingsHistoryQuery) =>
  `${settingsHistoryKeyPrefix}?page=${page}&limit=${limit}${key ? `&key=${encodeURIComponent(key)}` : ''}`;

export const getSettingsHistory = (query: SettingsHistoryQuery) =>
  api.call('GET /api/system-settings/history', {
    query: { page: query.page, limit: query.limit, key: query.key },
  });

export function useSettingsHistory(query: SettingsHistoryQuery) {
  return useSWR(settingsHistoryKey(query), () => getSettingsHistory(query), {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}

/** POST /system-settings/history/{id}/revert: puts that setting back to the change's old value. */
export const revertSettingChange = (id: string) =>
  api.call('POST /api/system-settings/history/{id}/revert', { path: { id } });
