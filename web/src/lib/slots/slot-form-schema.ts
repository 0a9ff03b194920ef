import { z } from '#shared/zod';
import type { FieldConfig } from '#shared/field-configs';
import { validateSlotFields, type FieldMode } from '#shared/slot-fields';
import type { SlotDto } from '#shared/schemas/slots';

/**
 * The react-hook-form schema of the registration, edit and fill forms: `customFields` keyed by
 * field_key, checked with the shared config-driven rules (the same the server runs), each message
 * on its own field. A form-wide message (fill: '최소 하나 이상의 필드를 입력해주세요.') lands on `root`.
 */
export const slotFieldsFormSchema = (configs: readonly FieldConfig[], mode: FieldMode = 'complete') =>
  z.object({ customFields: z.record(z.string(), z.string()) }).check(
    z.superRefine((value, ctx) => {
      const result = validateSlotFields(value.customFields, configs, mode);
      if (result.ok) return;
      for (const issue of result.errors) {
        const known = Object.hasOwn(value.customFields, issue.field);
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: known ? ['customFields', issue.field] : ['customFields'],
        });
      }
    }),
  );

export type SlotFieldsForm = { customFields: Record<string, string> };

/** A new slot's form values: blank, a boolean unchecked ('false': what an unticked box means). */
export const emptyFieldValues = (fields: readonly FieldConfig[]): Record<string, string> =>
  Object.fromEntries(fields.map((f) => [f.field_key, f.field_type === 'boolean' ? 'false' : '']));

/** What the advertiser's and the operator's slot edit dialogs take. */
export interface SlotEditModalProps {
  slot: SlotDto;
  configs: FieldConfig[];
  onClose: () => void;
}
