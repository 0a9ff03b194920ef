import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  chargeRequestSchemaFor,
  type ChargeLimits,
  type ChargeRequestBody,
  type ChargeRequestInput,
} from '#shared/schemas/cash';
import { api } from '@/lib/api-client';
import type { ActionKeys } from '@/hooks/use-action-key';
import { balanceKey } from '@/hooks/use-balance';
import { chargeRequestsPath, isChargeRequestsKey } from './get-charge-requests';
import { isCashTransactionsKey } from './get-cash-transactions';

/** The same schema the server checks, with the configured min/max charge. */
export { chargeRequestSchemaFor, type ChargeLimits, type ChargeRequestInput, type ChargeRequestBody };

export const createChargeRequestKey = `${chargeRequestsPath}#create`;

/** With the Idempotency-Key of this charge: a retried request never creates a second charge request. */
export const createChargeRequest = (body: ChargeRequestBody, idempotencyKey: string) =>
  api.call('POST /api/cash/charge-requests', { body, idempotencyKey });

/**
 * `keys` belongs to the form (or the dialog around it): submitting the same values again after a
 * failure reuses the key, so a charge the server did record before the answer got lost is answered,
 * not made twice; changed values, or any submit after a success, get a new key.
 */
export function useCreateChargeRequest(keys: ActionKeys) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(createChargeRequestKey, async (_key: string, { arg }: { arg: ChargeRequestBody }) => {
    const created = await keys.send(arg, (key) => createChargeRequest(arg, key));
    // With cashAutoApproval the balance and the ledger change at once.
    await Promise.all([mutate(isChargeRequestsKey), mutate(balanceKey), mutate(isCashTransactionsKey)]);
    return created;
  });
}
