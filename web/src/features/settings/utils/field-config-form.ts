import { fieldTypes, systemFieldKeys, type FieldConfig } from '#shared/field-configs';
import { settingsPageMessages as m } from '#shared/messages/settings-page';
import { z } from '#shared/zod';

/**
 * One field definition as the field tab edits it (operator §3 field config; §5: key and label
 * required). Mirrors the server's rule for PUT /admin/field-configs; when shared/schemas/
 * field-configs.ts lands this file re-exports its schema instead.
 */
export const fieldConfigFormSchema = z.object({
  field_key: z
    .string()
    .trim()
    .min(1, m.fieldKeyAndLabelRequired)
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, m.fieldKeyFormat),
  label: z.string().trim().min(1, m.fieldKeyAndLabelRequired).max(50),
  field_type: z.enum(fieldTypes),
  placeholder: z.string().trim().max(200),
  description: z.string().trim().max(500),
  is_required: z.boolean(),
  is_enabled: z.boolean(),
  show_in_list: z.boolean(),
  is_searchable: z.boolean(),
});

export type FieldConfigForm = z.infer<typeof fieldConfigFormSchema>;

export const isSystemField = (f: Pick<FieldConfig, 'field_key' | 'is_system_generated'>) =>
  f.is_system_generated || (systemFieldKeys as readonly string[]).includes(f.field_key);

export const emptyField = (): FieldConfigForm => ({
  field_key: '',
  label: '',
  field_type: 'text',
  placeholder: '',
  description: '',
  is_required: false,
  is_enabled: true,
  show_in_list: true,
  is_searchable: false,
});

/** Moves the field at `index` one place up or down among the editable ones (system fields stay last). */
export function moveField(fields: FieldConfig[], index: number, direction: -1 | 1): FieldConfig[] {
  const target = index + direction;
  if (target < 0 || target >= fields.length || isSystemField(fields[index]) || isSystemField(fields[target])) return fields;
  const next = [...fields];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
