import useSWRMutation from 'swr/mutation';
import { fillSlotSchema, type FillSlotInput } from '#shared/schemas/slots';
import type { ActionKeys } from '@/hooks/use-action-key';
import { api } from '@/lib/api-client';
import { revalidateSlots } from './invalidate';

/** PUT /slots/{id}/fill: an empty (pre-allocated) slot gets its fields. */
export const fillSlotKey = '/slots#fill';

/** With the Idempotency-Key of this fill: a retry after a lost answer gets the filled slot, not "only empty slots". */
export const fillSlot = (id: string, input: FillSlotInput, idempotencyKey: string) =>
  api.call('PUT /api/slots/{id}/fill', { path: { id }, body: fillSlotSchema.parse(input), idempotencyKey });

/** `keys` belongs to the form: the same values again reuse their key (see use-action-key). */
export function useFillSlot(keys: ActionKeys) {
  return useSWRMutation(fillSlotKey, async (_key: string, { arg }: { arg: { id: string } & FillSlotInput }) => {
    const { id, ...input } = arg;
    try {
      return await keys.send(arg, (idempotencyKey) => fillSlot(id, input, idempotencyKey));
    } finally {
      await revalidateSlots();
    }
  });
}
