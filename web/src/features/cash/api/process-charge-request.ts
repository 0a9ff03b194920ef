import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  approveChargeSchema,
  rejectChargeSchema,
  type ApproveChargeInput,
  type ChargeRequestDto,
  type RejectChargeInput,
} from '#shared/schemas/cash';
import { api, newIdempotencyKey } from '@/lib/api-client';
import { cashStatsKey } from './get-cash-stats';
import { chargeRequestsPath, isChargeRequestsKey } from './get-charge-requests';
import { cashBalanceKey } from './get-cash-balance';
import { isCashTransactionsKey } from './get-cash-transactions';

/** The same schemas the server validates with (operator approve / reject). */
export { approveChargeSchema, rejectChargeSchema, type ApproveChargeInput, type RejectChargeInput };

export const processChargeRequestKey = `${chargeRequestsPath}#process`;

export type ChargeAction =
  | { action: 'approve'; id: string; body: ApproveChargeInput }
  | { action: 'reject'; id: string; body: RejectChargeInput }
  | { action: 'cancel'; id: string };

/** approve / reject (operator) and cancel (owner); each submit carries its own Idempotency-Key. */
export function processChargeRequest(input: ChargeAction, idempotencyKey = newIdempotencyKey()) {
  const path = `${chargeRequestsPath}/${encodeURIComponent(input.id)}/${input.action}`;
  return api.post<ChargeRequestDto>(path, 'body' in input ? input.body : {}, { idempotencyKey });
}

export function useProcessChargeRequest() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(processChargeRequestKey, async (_key: string, { arg }: { arg: ChargeAction }) => {
    try {
      return await processChargeRequest(arg);
    } finally {
      // Refresh even on failure: "only pending" means someone else already processed it.
      await Promise.all([mutate(isChargeRequestsKey), mutate(cashStatsKey), mutate(cashBalanceKey), mutate(isCashTransactionsKey)]);
    }
  });
}
