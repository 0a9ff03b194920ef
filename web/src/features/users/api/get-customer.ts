import useSWR, { useSWRConfig } from 'swr';
import type { UserDetails } from '#shared/schemas/users';
import { api } from '@/lib/api-client';

/** One user for the operator's customer view: profile, status, bank and business details. */
// Under the users list's key prefix, so every user change (the edit dialog's deactivation) reloads them too.
export const customerKey = (id: string) => ['/users', id] as const;
export const customerLogsKey = (id: string) => ['/users', id, 'logs'] as const;

export const getCustomer = (id: string) => api.call('GET /api/users/{id}', { path: { id } });
export const getCustomerLogs = (id: string) => api.call('GET /api/users/{id}/logs', { path: { id } });

export function useCustomer(id: string) {
  return useSWR(customerKey(id), ([, userId]) => getCustomer(userId));
}

export function useCustomerLogs(id: string) {
  return useSWR(customerLogsKey(id), ([, userId]) => getCustomerLogs(userId));
}

export const saveCustomerDetails = (id: string, details: UserDetails) =>
  api.call('PUT /api/users/{id}/details', { path: { id }, body: details });

/** An operator saves the customer's bank and business details; the view and its audit log reload. */
export function useSaveCustomerDetails(id: string) {
  const { mutate } = useSWRConfig();
  return async (details: UserDetails): Promise<UserDetails> => {
    const saved = await saveCustomerDetails(id, details);
    await Promise.all([mutate(customerKey(id)), mutate(customerLogsKey(id))]);
    return saved;
  };
}
