import { useRoute } from '@/lib/route-data';

/**
 * GET /cash/balance: the signed-in user's balance. Shared, because the sidebar, the cash pages and
 * the slot registration checks all read it (features do not import each other) through one cache
 * entry of one type.
 */

/** Shown where a register button waits for the balance and it could not load. */
export const balanceLoadFailed = '잔액을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.';

/**
 * `enabled` false (cash system off) → no request, no balance. Errors are not retried: callers hide
 * the balance or say it failed instead.
 */
export const useBalance = (enabled: boolean) =>
  useRoute('GET /api/cash/balance', enabled ? undefined : null, { shouldRetryOnError: false });
