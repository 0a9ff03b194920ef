import {
  approveChargeSchema,
  rejectChargeSchema,
  type ApproveChargeInput,
  type RejectChargeInput,
} from '#shared/schemas/cash';
import { api } from '@/lib/api-client';
import type { ActionKeys } from '@/hooks/use-action-key';
import { useAction } from '@/lib/route-data';

/** The same schemas the server validates with (operator approve / reject). */
export { approveChargeSchema, rejectChargeSchema };

export type ChargeAction =
  | { action: 'approve'; id: string; body: ApproveChargeInput }
  | { action: 'reject'; id: string; body: RejectChargeInput }
  | { action: 'cancel'; id: string };

/** approve / reject (operator) and cancel (owner), with the Idempotency-Key of this action. */
function processChargeRequest(input: ChargeAction, idempotencyKey: string) {
  const path = { id: input.id };
  if (input.action === 'approve')
    return api.call('POST /api/cash/charge-requests/{id}/approve', { path, body: input.body, idempotencyKey });
  if (input.action === 'reject')
    return api.call('POST /api/cash/charge-requests/{id}/reject', { path, body: input.body, idempotencyKey });
  return api.call('POST /api/cash/charge-requests/{id}/cancel', { path, idempotencyKey });
}

/**
 * `keys` belongs to the screen that asks: retrying the same action (same request, same body) after a
 * failure reuses its key, so the server answers with the first outcome; another action, or the next
 * one after a success, gets a new key. Refreshed even on failure: "only pending" means someone else
 * already processed it.
 */
export const useProcessChargeRequest = (keys: ActionKeys) =>
  useAction('process charge request', (arg: ChargeAction) => keys.send(arg, (key) => processChargeRequest(arg, key)), {
    invalidates: [
      'GET /api/cash/charge-requests',
      'GET /api/cash/stats',
      'GET /api/cash/balance',
      'GET /api/cash/transactions',
    ],
    invalidatesOnError: true,
  });
