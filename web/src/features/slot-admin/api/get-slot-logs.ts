import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /slots/{id}/logs: the change log, newest first (operators see IP and browser on every line). */
export const slotLogsKey = (id: string) => ['/slots/logs', id] as const;

export const getSlotLogs = (id: string) => api.call('GET /api/slots/{id}/logs', { path: { id } });

export function useSlotLogs(id: string) {
  return useSWR(slotLogsKey(id), ([, slotId]) => getSlotLogs(slotId));
}
