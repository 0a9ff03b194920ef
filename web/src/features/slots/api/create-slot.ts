import useSWRMutation from 'swr/mutation';
import { createSlotSchema, type CreateSlotInput, type SlotDto } from '#shared/schemas/slots';
import { api, newIdempotencyKey } from '@/lib/api-client';
import { revalidateSlotsAndBalance } from '@/lib/slots/invalidate';

/** POST /slots: one slot; charges the slot price when the cash system is on (402 when short). */
export const createSlotKey = '/slots#create';

export const createSlot = (input: CreateSlotInput, idempotencyKey = newIdempotencyKey()) =>
  api.post<SlotDto>('/slots', createSlotSchema.parse(input), { idempotencyKey });

export function useCreateSlot() {
  return useSWRMutation(createSlotKey, async (_key: string, { arg }: { arg: CreateSlotInput }) => {
    const slot = await createSlot(arg);
    await revalidateSlotsAndBalance();
    return slot;
  });
}
