import { systemFieldKeys, type FieldConfig } from '#shared/field-configs';
import { createFieldConfigSchema } from '#shared/schemas/field-configs';
import type { z } from '#shared/zod';

/**
 * One field as the field tab edits it: the server's own schema for POST/PUT /admin/field-configs
 * (key and label required), so the dialog refuses what the server would.
 */
export const fieldConfigFormSchema = createFieldConfigSchema;

export type FieldConfigForm = z.output<typeof createFieldConfigSchema>;

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
  options: [],
});

/** Moves option `index` one place up or down (the form offers options in this order). */
export function moveOption(options: readonly string[], index: number, direction: -1 | 1): string[] {
  const target = index + direction;
  const next = [...options];
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Moves the field at `index` one place up or down among the editable ones (system fields stay last). */
export function moveField(fields: FieldConfig[], index: number, direction: -1 | 1): FieldConfig[] {
  const target = index + direction;
  if (target < 0 || target >= fields.length || isSystemField(fields[index]) || isSystemField(fields[target]))
    return fields;
  const next = [...fields];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
