import { mutate } from 'swr';
import { api } from '@/lib/api-client';
import { systemStatsKey } from './get-system-stats';
import { revalidateSlots } from '@/lib/slots/invalidate';

/**
 * POST /slots/{id}/extend {extensionDays}: a new linked slot after this one. With the Idempotency-Key
 * of this extension: a retry after a lost answer hears the first one instead of "already extended".
 */
export async function extendSlot(id: string, extensionDays: number, idempotencyKey: string) {
  try {
    return await api.call('POST /api/slots/{id}/extend', { path: { id }, body: { extensionDays }, idempotencyKey });
  } finally {
    await Promise.all([revalidateSlots(), mutate(systemStatsKey)]);
  }
}
