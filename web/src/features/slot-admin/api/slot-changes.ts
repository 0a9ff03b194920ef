import { mutate } from 'swr';
import {
  priceEditSchema,
  refundFormSchema,
  type PriceEditInput,
  type RefundFormInput,
} from '#shared/schemas/slot-admin';
import { approveSlotSchema, slotStatusChangeSchema } from '#shared/schemas/slots';
import type { PatchableStatus } from '#shared/slot-status';
import { api } from '@/lib/api-client';
import { invalidate } from '@/lib/route-data';
import { slotReads } from '@/lib/slots/invalidate';

/** The same schema the server checks (a whole won amount above 0: '올바른 가격을 입력해주세요.'). */
export { priceEditSchema, type PriceEditInput };

/**
 * The operator's slot changes. Each money change carries the Idempotency-Key of that decision, so a
 * retry after a lost answer hears the first one. After each, success or not, every slot list, the
 * counts and the console's tab counts are read again.
 */
async function thenRefresh<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    await invalidate(mutate, [...slotReads, 'GET /api/slots/system-stats']);
  }
}

/** Approve with a price, or reject with a reason (the registration price goes back). */
export const approveSlot = (
  id: string,
  input: { approved: true; approvedPrice: number } | { approved: false; rejectionReason: string },
  idempotencyKey: string,
) =>
  thenRefresh(() =>
    api.call('POST /api/slots/{id}/approve', { path: { id }, body: approveSlotSchema.parse(input), idempotencyKey }),
  );

/**
 * Pause (`paused`), resume or restore (`active`: a deleted slot goes back to the status it had) and
 * delete (`deleted`). The server decides by the same policy (shared/slot-status.ts decideStatusChange).
 */
export const changeSlotStatus = (id: string, status: PatchableStatus) =>
  thenRefresh(() =>
    api.call('PATCH /api/slots/{id}/status', { path: { id }, body: slotStatusChangeSchema.parse({ status }) }),
  );

/** The server settles the price difference through the ledger once (charge or return). */
export const editSlotPrice = (id: string, input: PriceEditInput, idempotencyKey: string) =>
  thenRefresh(() =>
    api.call('PUT /api/slots/{id}/price', { path: { id }, body: priceEditSchema.parse(input), idempotencyKey }),
  );

/** A new linked slot after this one; a retry hears the first answer instead of "already extended". */
export const extendSlot = (id: string, extensionDays: number, idempotencyKey: string) =>
  thenRefresh(() => api.call('POST /api/slots/{id}/extend', { path: { id }, body: { extensionDays }, idempotencyKey }));

/** Status refunded: the server computes and credits the amount. */
export function refundSlot(id: string, input: RefundFormInput, idempotencyKey: string) {
  const { refundReason, fullRefund } = refundFormSchema.parse(input);
  return thenRefresh(() =>
    api.call('PATCH /api/slots/{id}/status', {
      path: { id },
      body: slotStatusChangeSchema.parse({ status: 'refunded', refundReason, fullRefund }),
      idempotencyKey,
    }),
  );
}
