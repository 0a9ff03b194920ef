import useSWR from 'swr';
import type { SlotLogDto } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';

/** GET /slots/{id}/logs: the change log, newest first (operators see IP and browser on every line). */
export const slotLogsKey = (id: string) => ['/slots/logs', id] as const;

export const getSlotLogs = (id: string) => api.get<SlotLogDto[]>(`/slots/${encodeURIComponent(id)}/logs`);

export function useSlotLogs(id: string) {
  return useSWR(slotLogsKey(id), ([, slotId]) => getSlotLogs(slotId));
}
