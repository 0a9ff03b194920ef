import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { extendBulkSchema, type ExtendBulkInput } from '#shared/schemas/slot-allocations';
import { api } from '@/lib/api-client';
import { isAllocationHistoryKey } from './get-allocation-history';
import { isAllocationSlotsKey } from './get-allocation-slots';

export { extendBulkSchema, type ExtendBulkInput };

export const extendBulkKey = '/slots/extend-bulk';

/** Extend every eligible slot of an issuance; the key makes a retried click replay the first answer. */
export const extendBulk = (body: ExtendBulkInput, idempotencyKey: string) =>
  api.call('POST /api/slots/extend-bulk', { body, idempotencyKey });

export function useExtendBulk() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    extendBulkKey,
    async (_key: string, { arg }: { arg: { body: ExtendBulkInput; idempotencyKey: string } }) => {
      try {
        return await extendBulk(arg.body, arg.idempotencyKey);
      } finally {
        await Promise.all([mutate(isAllocationHistoryKey), mutate(isAllocationSlotsKey)]);
      }
    },
  );
}
