import { mutate } from 'swr';
import type { SlotDto } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { systemStatsKey } from './get-system-stats';
import { revalidateSlots } from '@/lib/slots/invalidate';

/** POST /slots/{id}/extend {extensionDays}: a new linked slot after this one (built by the extension part). */
export async function extendSlot(id: string, extensionDays: number) {
  try {
    return await api.post<{ message?: string; slot?: SlotDto }>(`/slots/${encodeURIComponent(id)}/extend`, {
      extensionDays,
    });
  } finally {
    await Promise.all([revalidateSlots(), mutate(systemStatsKey)]);
  }
}
