import useSWR from 'swr';
import type { CashBalanceDto } from '#shared/schemas/cash';
import { api } from '@/lib/api-client';

export type CashBalance = CashBalanceDto;

export const cashBalanceKey = '/cash/balance';

export const getCashBalance = () => api.get<CashBalance>(cashBalanceKey);

/**
 * The signed-in user's balance. `enabled` is false when the cash system is off. Errors are not
 * retried: callers hide the balance instead.
 */
export function useCashBalance(enabled: boolean) {
  return useSWR(enabled ? cashBalanceKey : null, getCashBalance, { shouldRetryOnError: false });
}
