import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  chargeRequestSchemaFor,
  type ChargeLimits,
  type ChargeRequestBody,
  type ChargeRequestDto,
  type ChargeRequestInput,
} from '#shared/schemas/cash';
import { api, newIdempotencyKey } from '@/lib/api-client';
import { cashBalanceKey } from './get-cash-balance';
import { chargeRequestsPath, isChargeRequestsKey } from './get-charge-requests';
import { isCashTransactionsKey } from './get-cash-transactions';

/** The same schema the server checks, with the configured min/max charge. */
export { chargeRequestSchemaFor, type ChargeLimits, type ChargeRequestInput, type ChargeRequestBody };

export const createChargeRequestKey = `${chargeRequestsPath}#create`;

/** One submit = one Idempotency-Key: a retried request never creates a second charge request. */
export const createChargeRequest = (body: ChargeRequestBody, idempotencyKey = newIdempotencyKey()) =>
  api.post<ChargeRequestDto>(chargeRequestsPath, body, { idempotencyKey });

export function useCreateChargeRequest() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(createChargeRequestKey, async (_key: string, { arg }: { arg: ChargeRequestBody }) => {
    const created = await createChargeRequest(arg);
    // With cashAutoApproval the balance and the ledger change at once.
    await Promise.all([mutate(isChargeRequestsKey), mutate(cashBalanceKey), mutate(isCashTransactionsKey)]);
    return created;
  });
}
