import { mutate } from 'swr';
import type { FieldConfig } from '#shared/field-configs';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/route-data';

/** Every slot form and list reads the same route: reading it again makes them follow a saved change. */
const refreshFieldConfigs = () => void invalidate(mutate, ['GET /api/field-configs']);

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
