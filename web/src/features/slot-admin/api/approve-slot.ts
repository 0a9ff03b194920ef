import { mutate } from 'swr';
import { approveSlotSchema, type SlotDto } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { systemStatsKey } from './get-system-stats';
import { revalidateSlots } from '@/lib/slots/invalidate';

/**
 * POST /slots/{id}/approve: approve with a price, or reject with a reason (the registration price
 * goes back). With the Idempotency-Key of this decision: a retry hears the first answer.
 */
export async function approveSlot(
  id: string,
  input: { approved: true; approvedPrice: number } | { approved: false; rejectionReason: string },
  idempotencyKey: string,
) {
  try {
    return await api.post<SlotDto>(`/slots/${encodeURIComponent(id)}/approve`, approveSlotSchema.parse(input), {
      idempotencyKey,
    });
  } finally {
    await Promise.all([revalidateSlots(), mutate(systemStatsKey)]);
  }
}
