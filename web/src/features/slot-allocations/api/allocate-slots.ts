import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { allocateSlotsSchema, type AllocateSlotsInput } from '#shared/schemas/slot-allocations';
import { api } from '@/lib/api-client';
import { isAllocationHistoryKey } from './get-allocation-history';

export { allocateSlotsSchema, type AllocateSlotsInput };

export const allocateSlotsKey = '/slots/allocate';

/** One issuance; the Idempotency-Key makes a retried submit land on the same issuance. */
export const allocateSlots = (userId: string, body: AllocateSlotsInput, idempotencyKey: string) =>
  api.call('POST /api/slots/allocate/{userId}', { path: { userId }, body: { ...body, userId }, idempotencyKey });

export function useAllocateSlots() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    allocateSlotsKey,
    async (_key: string, { arg }: { arg: { userId: string; body: AllocateSlotsInput; idempotencyKey: string } }) => {
      const result = await allocateSlots(arg.userId, arg.body, arg.idempotencyKey);
      // Slot lists and counts live in other features: the composing page refreshes them (onIssued).
      await mutate(isAllocationHistoryKey);
      return result;
    },
  );
}
