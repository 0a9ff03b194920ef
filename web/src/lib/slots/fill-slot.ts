import useSWRMutation from 'swr/mutation';
import { fillSlotSchema, type FillSlotInput, type SlotDto } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { revalidateSlots } from './invalidate';

/** PUT /slots/{id}/fill: an empty (pre-allocated) slot gets its fields. */
export const fillSlotKey = '/slots#fill';

export const fillSlot = (id: string, input: FillSlotInput) =>
  api.put<SlotDto>(`/slots/${encodeURIComponent(id)}/fill`, fillSlotSchema.parse(input));

export function useFillSlot() {
  return useSWRMutation(fillSlotKey, async (_key: string, { arg }: { arg: { id: string } & FillSlotInput }) => {
    const { id, ...input } = arg;
    const slot = await fillSlot(id, input);
    await revalidateSlots();
    return slot;
  });
}
