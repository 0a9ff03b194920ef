import { updateSlotFieldsSchema, type UpdateSlotFieldsInput } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';
import { slotReads } from './invalidate';

/** PUT /slots/{id}/update-fields: the changed configured fields. */
export const updateSlotFields = (id: string, input: UpdateSlotFieldsInput) =>
  api.call('PUT /api/slots/{id}/update-fields', { path: { id }, body: updateSlotFieldsSchema.parse(input) });

export const useUpdateSlotFields = () =>
  useAction(
    'update slot fields',
    ({ id, ...input }: { id: string } & UpdateSlotFieldsInput) => updateSlotFields(id, input),
    {
      invalidates: slotReads,
    },
  );
