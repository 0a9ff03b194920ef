import type { FieldConfig } from '#shared/field-configs';
import { createSlotSchema, type CreateSlotInput } from '#shared/schemas/slots';
import { collectFieldInput, registrationIntent } from '#shared/slot-fields';
import type { ActionKeys } from '@/hooks/use-action-key';
import { api } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';
import { slotAndBalanceReads } from '@/lib/slots/invalidate';

/**
 * POST /slots: one slot; charges the slot price when the cash system is on (402 when short).
 * `keys` belongs to the registration form: the same values sent again after a lost answer carry
 * the same Idempotency-Key, so the server answers the slot it made instead of making (and charging)
 * a second one. What goes out is the values as the server reads them (`registrationIntent`), so a
 * stray space or the URL's search tail is the very same request, under the same key.
 */
export const useCreateSlot = (keys: ActionKeys, configs: readonly FieldConfig[]) =>
  useAction(
    'create slot',
    (arg: CreateSlotInput) => {
      const input = { customFields: registrationIntent(collectFieldInput(arg), configs) } as CreateSlotInput;
      return keys.send(input, (idempotencyKey) =>
        api.call('POST /api/slots', { body: createSlotSchema.parse(input), idempotencyKey }),
      );
    },
    // Also after a lost answer: the slot may exist and the balance may have moved.
    { invalidates: slotAndBalanceReads, invalidatesOnError: true },
  );
