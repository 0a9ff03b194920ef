import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { allocationPaymentSchema } from '#shared/schemas/slot-allocations';
import { api } from '@/lib/api-client';
import { isAllocationHistoryKey } from './get-allocation-history';

export { allocationPaymentSchema };

export const setAllocationPaymentKey = '/slots/allocation-history#payment';

export const setAllocationPayment = (id: string, payment: boolean) =>
  api.call('PATCH /api/slots/allocation-history/{id}/payment', { path: { id }, body: { payment } });

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
