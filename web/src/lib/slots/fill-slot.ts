import { fillSlotSchema, type FillSlotInput } from '#shared/schemas/slots';
import type { ActionKeys } from '@/hooks/use-action-key';
import { api } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';
import { slotReads } from './invalidate';

/** With the Idempotency-Key of this fill: a retry after a lost answer gets the filled slot, not "only empty slots". */
export const fillSlot = (id: string, input: FillSlotInput, idempotencyKey: string) =>
  api.call('PUT /api/slots/{id}/fill', { path: { id }, body: fillSlotSchema.parse(input), idempotencyKey });

/** An empty (pre-allocated) slot gets its fields. `keys` belongs to the form: the same values reuse their key. */
export const useFillSlot = (keys: ActionKeys) =>
  useAction(
    'fill slot',
    (arg: { id: string } & FillSlotInput) => {
      const { id, ...input } = arg;
      return keys.send(arg, (idempotencyKey) => fillSlot(id, input, idempotencyKey));
    },
    { invalidates: slotReads, invalidatesOnError: true },
  );
