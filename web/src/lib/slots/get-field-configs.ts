import useSWR from 'swr';
import type { FieldConfig } from '#shared/field-configs';
import { api } from '@/lib/api-client';

/** GET /field-configs: the slot forms are generated from this list (spec §2, §3). */
export const fieldConfigsKey = '/field-configs';

export const getFieldConfigs = () => api.get<FieldConfig[]>(fieldConfigsKey);

export function useFieldConfigs() {
  return useSWR(fieldConfigsKey, getFieldConfigs, { revalidateOnFocus: false });
}
