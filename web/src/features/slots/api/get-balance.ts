import useSWR from 'swr';
import { api } from '@/lib/api-client';

/**
 * GET /cash/balance, read here for the registration checks (features do not import each other; the
 * key is the same as the cash feature's, so one cache entry serves the sidebar and these screens).
 */
export const balanceKey = '/cash/balance';

export const getBalance = () => api.get<{ amount: number; updatedAt: string }>(balanceKey);

/** Shown where a register button waits for the balance and it could not load (the spec has no text). */
export const balanceLoadFailed = '잔액을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.';

/** `enabled` false (cash system off) → no request, no balance. */
export function useBalance(enabled: boolean) {
  return useSWR(enabled ? balanceKey : null, getBalance, { shouldRetryOnError: false });
}
