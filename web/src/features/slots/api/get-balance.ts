import useSWR from 'swr';
import { api } from '@/lib/api-client';

/**
 * GET /cash/balance, read here for the registration checks (features do not import each other; the
 * key is the same as the cash feature's, so one cache entry serves the sidebar and these screens).
 */
export const balanceKey = '/cash/balance';

export const getBalance = () => api.get<{ amount: number; updatedAt: string }>(balanceKey);

/** `enabled` false (cash system off) → no request, no balance. */
export function useBalance(enabled: boolean) {
  return useSWR(enabled ? balanceKey : null, getBalance, { shouldRetryOnError: false });
}
