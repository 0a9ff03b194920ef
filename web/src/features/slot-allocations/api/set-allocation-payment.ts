import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { allocationPaymentSchema, type AllocationHistoryRow } from '#shared/schemas/slot-allocations';
import { api } from '@/lib/api-client';
import { isAllocationHistoryKey } from './get-allocation-history';

export { allocationPaymentSchema };

export const setAllocationPaymentKey = '/slots/allocation-history#payment';

export const setAllocationPayment = (id: string, payment: boolean) =>
  api.patch<AllocationHistoryRow>(`/slots/allocation-history/${encodeURIComponent(id)}/payment`, { payment });

export function useSetAllocationPayment() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    setAllocationPaymentKey,
    async (_key: string, { arg }: { arg: { id: string; payment: boolean } }) => {
      try {
        return await setAllocationPayment(arg.id, arg.payment);
      } finally {
        await mutate(isAllocationHistoryKey);
      }
    },
  );
}
