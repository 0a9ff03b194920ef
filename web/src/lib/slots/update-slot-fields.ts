import useSWRMutation from 'swr/mutation';
import { updateSlotFieldsSchema, type UpdateSlotFieldsInput } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { revalidateSlots } from './invalidate';

/** PUT /slots/{id}/update-fields: the changed configured fields. */
export const updateSlotFieldsKey = '/slots#update-fields';

export const updateSlotFields = (id: string, input: UpdateSlotFieldsInput) =>
  api.call('PUT /api/slots/{id}/update-fields', { path: { id }, body: updateSlotFieldsSchema.parse(input) });

export function useUpdateSlotFields() {
  return useSWRMutation(
    updateSlotFieldsKey,
    async (_key: string, { arg }: { arg: { id: string } & UpdateSlotFieldsInput }) => {
      const { id, ...input } = arg;
      const slot = await updateSlotFields(id, input);
      await revalidateSlots();
      return slot;
    },
  );
}
