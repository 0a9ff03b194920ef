import useSWRMutation from 'swr/mutation';
import { bulkCreateSlotsSchema, type BulkCreateResult, type BulkCreateSlotsInput } from '#shared/schemas/slots';
import { api, newIdempotencyKey } from '@/lib/api-client';
import { revalidateSlotsAndBalance } from './invalidate';

/**
 * POST /slots/bulk: the whole grid in ONE request (design §5); the answer names each failed row.
 * The money moves once for the accepted rows, so the call carries an idempotency key.
 */
export { bulkCreateSlotsSchema };

export const bulkCreateSlotsKey = '/slots/bulk';

export const bulkCreateSlots = (input: BulkCreateSlotsInput, idempotencyKey = newIdempotencyKey()) =>
  api.post<BulkCreateResult>(bulkCreateSlotsKey, bulkCreateSlotsSchema.parse(input), { idempotencyKey, timeoutMs: 120_000 });

export function useBulkCreateSlots() {
  return useSWRMutation(
    bulkCreateSlotsKey,
    async (_key: string, { arg }: { arg: { input: BulkCreateSlotsInput; idempotencyKey: string } }) => {
      try {
        return await bulkCreateSlots(arg.input, arg.idempotencyKey);
      } finally {
        await revalidateSlotsAndBalance();
      }
    },
  );
}
