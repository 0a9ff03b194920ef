import { chargeRequestSchemaFor, type ChargeRequestBody } from '#shared/schemas/cash';
import { api } from '@/lib/api-client';
import type { ActionKeys } from '@/hooks/use-action-key';
import { useAction } from '@/lib/route-data';

/** The same schema the server checks, with the configured min/max charge. */
export { chargeRequestSchemaFor, type ChargeRequestBody };

/**
 * `keys` belongs to the form (or the dialog around it): submitting the same values again after a
 * failure reuses the key, so a charge the server did record before the answer got lost is answered,
 * not made twice; changed values, or any submit after a success, get a new key.
 */
export const useCreateChargeRequest = (keys: ActionKeys) =>
  useAction(
    'create charge request',
    (body: ChargeRequestBody) =>
      keys.send(body, (idempotencyKey) => api.call('POST /api/cash/charge-requests', { body, idempotencyKey })),
    // With cashAutoApproval the balance and the ledger change at once.
    { invalidates: ['GET /api/cash/charge-requests', 'GET /api/cash/balance', 'GET /api/cash/transactions'] },
  );
