import useSWR from 'swr';
import type { Paginated } from '#shared/api';
import { api } from '@/lib/api-client';

/** One recorded settings change (GET /system-settings/history, developer only). */
export interface SettingChangeRecord {
  id: string;
  key: string;
  category: string;
  oldValue: unknown;
  newValue: unknown;
  changedBy: { id: string; name: string } | null;
  changedAt: string;
  /** Set when this change undid an earlier one (its id). */
  revertOf: string | null;
}

export const settingsHistoryKeyPrefix = '/system-settings/history';

export interface SettingsHistoryQuery {
  page: number;
  limit: number;
  key?: string;
}

export const settingsHistoryKey = ({ page, limit, key }: SettingsHistoryQuery) =>
  `${settingsHistoryKeyPrefix}?page=${page}&limit=${limit}${key ? `&key=${encodeURIComponent(key)}` : ''}`;

export const getSettingsHistory = (query: SettingsHistoryQuery) =>
  api.get<Paginated<SettingChangeRecord>>(settingsHistoryKeyPrefix, {
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
  api.post<{ key: string; value: unknown; category: string }>(
    `${settingsHistoryKeyPrefix}/${encodeURIComponent(id)}/revert`,
  );
