import useSWRMutation from 'swr/mutation';
import { userBulkUpdateSchema, type UserBulkUpdateInput } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { revalidateSlots } from '@/lib/slots/invalidate';

/** PUT /slots/user/bulk-update: keyword and/or URL of several slots; blank fields stay unchanged. */
export const bulkUpdateSlotsKey = '/slots/user/bulk-update';

export const bulkUpdateSlots = (input: UserBulkUpdateInput) =>
  api.call('PUT /api/slots/user/bulk-update', { body: userBulkUpdateSchema.parse(input) });

export function useBulkUpdateSlots() {
  return useSWRMutation(bulkUpdateSlotsKey, async (_key: string, { arg }: { arg: UserBulkUpdateInput }) => {
    try {
      return await bulkUpdateSlots(arg);
    } finally {
      await revalidateSlots();
    }
  });
}
