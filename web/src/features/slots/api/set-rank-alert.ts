import { rankAlertInputSchema, type RankAlertInput } from '#shared/schemas/rank-alerts';
import type { SlotDto } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { revalidateSlots } from '@/lib/slots/invalidate';

/** PUT /slots/{id}/rank-alert: set (or, with both off, clear) the slot's rank alert; then the lists read again. */
export async function setRankAlert(id: string, input: RankAlertInput): Promise<SlotDto> {
  const slot = await api.call('PUT /api/slots/{id}/rank-alert', {
    path: { id },
    body: rankAlertInputSchema.parse(input),
  });
  await revalidateSlots();
  return slot;
}
