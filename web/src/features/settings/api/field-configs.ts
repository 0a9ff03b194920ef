import useSWR, { mutate } from 'swr';
import type { FieldConfig } from '#shared/field-configs';
import { api } from '@/lib/api-client';
import { fieldConfigsKey, getFieldConfigs } from '@/lib/slots/get-field-configs';

/**
 * The field configurations as the settings page edits them, read through the slot screens' shared
 * key and fetcher: mutating every key under it makes each slot form and list follow a saved change.
 */
export function useEditableFieldConfigs() {
  return useSWR(`${fieldConfigsKey}#editable`, getFieldConfigs, { revalidateOnFocus: false });
}

function refreshFieldConfigs() {
  void mutate((key) => typeof key === 'string' && key.startsWith(fieldConfigsKey));
}

/** PUT /admin/field-configs: the whole list, in display order. */
export async function saveFieldConfigs(fields: FieldConfig[]) {
  const ordered = fields.map((f, i) => ({ ...f, display_order: i + 1 }));
  const saved = await api.call('PUT /api/admin/field-configs', { body: { fields: ordered } });
  refreshFieldConfigs();
  return saved;
}

/** POST /admin/field-configs/reset: back to the shipped defaults. */
export async function resetFieldConfigs() {
  const saved = await api.call('POST /api/admin/field-configs/reset');
  refreshFieldConfigs();
  return saved;
}
