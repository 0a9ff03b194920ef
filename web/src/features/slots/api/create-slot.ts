import useSWRMutation from 'swr/mutation';
import { createSlotSchema, type CreateSlotInput } from '#shared/schemas/slots';
import type { ActionKeys } from '@/hooks/use-action-key';
import { api } from '@/lib/api-client';
import { revalidateSlotsAndBalance } from '@/lib/slots/invalidate';

/** POST /slots: one slot; charges the slot price when the cash system is on (402 when short). */
export const createSlotKey = '/slots#create';

export const createSlot = (input: CreateSlotInput, idempotencyKey: string) =>
  api.call('POST /api/slots', { body: createSlotSchema.parse(input), idempotencyKey });

/**
 * `keys` belongs to the registration form: the same values sent again after a lost answer carry
 * the same Idempotency-Key, so the server answers the slot it made instead of making (and charging)
 * a second one.
 */
export function useCreateSlot(keys: ActionKeys) {
  return useSWRMutation(createSlotKey, async (_key: string, { arg }: { arg: CreateSlotInput }) => {
    try {
      return await keys.send(arg, (idempotencyKey) => createSlot(arg, idempotencyKey));
    } finally {
      // Also after a lost answer: the slot may exist and the balance may have moved.
      await revalidateSlotsAndBalance();
    }
  });
}
