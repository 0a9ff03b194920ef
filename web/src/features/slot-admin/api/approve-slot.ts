import { mutate } from 'swr';
import { approveSlotSchema, type SlotDto } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { systemStatsKey } from './get-system-stats';
import { revalidateSlots } from '@/lib/slots/invalidate';

/** POST /slots/{id}/approve: approve with a price, or reject with a reason (the registration price goes back). */
export async function approveSlot(
  id: string,
  input: { approved: true; approvedPrice: number } | { approved: false; rejectionReason: string },
) {
  try {
    return await api.post<SlotDto>(`/slots/${encodeURIComponent(id)}/approve`, approveSlotSchema.parse(input));
  } finally {
    await Promise.all([revalidateSlots(), mutate(systemStatsKey)]);
  }
}
