import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /field-configs: the slot forms are generated from this list. */
export const fieldConfigsKey = '/field-configs';

export const getFieldConfigs = () => api.call('GET /api/field-configs');

export function useFieldConfigs() {
  return useSWR(fieldConfigsKey, getFieldConfigs, { revalidateOnFocus: false });
}
