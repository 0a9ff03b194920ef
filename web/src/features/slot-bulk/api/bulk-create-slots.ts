import type { FieldConfig } from '#shared/field-configs';
import { bulkCreateSlotsSchema, type BulkCreateSlotsInput, type BulkRowError } from '#shared/schemas/slots';
import { collectFieldInput, registrationIntent } from '#shared/slot-fields';
import type { ActionKeys } from '@/hooks/use-action-key';
import { api, ApiError } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';
import { slotAndBalanceReads } from '@/lib/slots/invalidate';

/**
 * POST /slots/bulk: the whole grid in ONE request, not one per row; the answer names each failed row.
 * The money moves once for the accepted rows, so the call carries an idempotency key.
 */
const bulkCreateSlots = (input: BulkCreateSlotsInput, idempotencyKey: string) =>
  api.call('POST /api/slots/bulk', {
    body: bulkCreateSlotsSchema.parse(input),
    idempotencyKey,
    timeoutMs: 120_000,
  });

/**
 * The bad rows a refused bulk still names: a 402 (balance) or 409 (maxSlotsPerUser) creates nothing
 * and carries the per-row answer in `details.errors`. Null for any other failure.
 */
export function refusedBulkRows(error: unknown): BulkRowError[] | null {
  if (!(error instanceof ApiError) || (error.code !== 'INSUFFICIENT_BALANCE' && error.code !== 'CONFLICT')) return null;
  const rows = (error.details as { errors?: unknown } | null | undefined)?.errors;
  return Array.isArray(rows) ? (rows as BulkRowError[]) : null;
}

/**
 * `keys` belongs to the grid: the same rows sent again after a lost answer (the call may run up to
 * 120 s), also after a reload and a new paste of them, carry the same Idempotency-Key, so the server
 * answers the bulk it made instead of making and charging it twice. Each row goes out as the server
 * reads it (`registrationIntent`), in order, so stray spaces do not make another bulk.
 */
export const useBulkCreateSlots = (keys: ActionKeys, configs: readonly FieldConfig[]) =>
  useAction(
    'bulk create slots',
    (arg: BulkCreateSlotsInput) => {
      const input = {
        rows: arg.rows.map((r) => ({
          customFields: registrationIntent(collectFieldInput({ customFields: r.customFields }), configs),
        })),
      } as BulkCreateSlotsInput;
      return keys.send(input, (idempotencyKey) => bulkCreateSlots(input, idempotencyKey));
    },
    { invalidates: slotAndBalanceReads, invalidatesOnError: true },
  );
