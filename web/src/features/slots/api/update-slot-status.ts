import useSWRMutation from 'swr/mutation';
import { slotStatusChangeSchema, type SlotStatusChangeInput } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { revalidateSlots } from './invalidate';

/** PATCH /slots/{id}/status: pause, resume (and delete). */
export { slotStatusChangeSchema };

export const updateSlotStatusKey = '/slots#status';

export const updateSlotStatus = (id: string, input: SlotStatusChangeInput) =>
  api.patch<unknown>(`/slots/${encodeURIComponent(id)}/status`, slotStatusChangeSchema.parse(input));

export function useUpdateSlotStatus() {
  return useSWRMutation(updateSlotStatusKey, async (_key: string, { arg }: { arg: { id: string } & SlotStatusChangeInput }) => {
    try {
      return await updateSlotStatus(arg.id, { status: arg.status });
    } finally {
      await revalidateSlots();
    }
  });
}
