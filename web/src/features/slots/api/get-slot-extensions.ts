import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /slots/{id}/extensions: the extensions of a slot's chain, newest first. */
export const slotExtensionsKey = (id: string) => ['/slots/extensions', id] as const;

export const getSlotExtensions = (id: string) => api.call('GET /api/slots/{id}/extensions', { path: { id } });

export function useSlotExtensions(id: string | null) {
  return useSWR(id ? slotExtensionsKey(id) : null, ([, slotId]) => getSlotExtensions(slotId), {
    revalidateOnFocus: false,
  });
}
