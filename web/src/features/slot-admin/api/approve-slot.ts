import { mutate } from 'swr';
import { approveSlotSchema } from '#shared/schemas/slots';
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
    return await api.call('POST /api/slots/{id}/approve', {
      path: { id },
      body: approveSlotSchema.parse(input),
      idempotencyKey,
    });
  } finally {
    await Promise.all([revalidateSlots(), mutate(systemStatsKey)]);
  }
}
