import { mutate } from 'swr';
import { slotStatusChangeSchema } from '#shared/schemas/slots';
import type { PatchableStatus } from '#shared/slot-status';
import { api } from '@/lib/api-client';
import { revalidateSlots } from '@/lib/slots/invalidate';
import { systemStatsKey } from './get-system-stats';

/**
 * PATCH /slots/{id}/status for staff: pause (`paused`), resume or restore (`active`: a deleted slot
 * goes back to the status it had) and delete (`deleted`). The server decides by the same policy
 * (shared/slot-status.ts decideStatusChange); then every list, the counts and the tab counts are
 * read again.
 */
export async function changeSlotStatus(id: string, status: PatchableStatus) {
  try {
    return await api.call('PATCH /api/slots/{id}/status', {
      path: { id },
      body: slotStatusChangeSchema.parse({ status }),
    });
  } finally {
    await Promise.all([revalidateSlots(), mutate(systemStatsKey)]);
  }
}
