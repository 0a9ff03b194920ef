import type { FieldConfig } from '#shared/field-configs';
import { fieldConfigsStore } from '../../storage/field-configs';

/** The slot forms and lists are generated from these (spec §3 field config), in display order. */
export function listFieldConfigs(): Promise<FieldConfig[]> {
  return fieldConfigsStore.list();
}
