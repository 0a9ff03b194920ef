import useSWR, { mutate } from 'swr';
import { refundFormSchema, type RefundFormInput } from '#shared/schemas/slot-admin';
import { slotStatusChangeSchema } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { systemStatsKey } from './get-system-stats';
import { revalidateSlots } from '@/lib/slots/invalidate';

/** GET /slots/{id}/refund-preview: the amount the server will credit (the same computation as the refund). */
export const refundPreviewKey = (id: string, fullRefund: boolean) => ['/slots/refund-preview', id, fullRefund] as const;

export const getRefundPreview = (id: string, fullRefund: boolean) =>
  api.call('GET /api/slots/{id}/refund-preview', {
    path: { id },
    query: { fullRefund: fullRefund ? 'true' : undefined },
  });

export function useRefundPreview(id: string, fullRefund: boolean) {
  return useSWR(refundPreviewKey(id, fullRefund), ([, slotId, full]) => getRefundPreview(slotId, full), {
    revalidateOnFocus: false,
  });
}

/**
 * PATCH /slots/{id}/status refunded: the server computes and credits the amount. With the
 * Idempotency-Key of this refund: a retry after a lost answer hears it instead of "already refunded".
 */
export async function refundSlot(id: string, input: RefundFormInput, idempotencyKey: string) {
  const { refundReason, fullRefund } = refundFormSchema.parse(input);
  try {
    return await api.call('PATCH /api/slots/{id}/status', {
      path: { id },
      body: slotStatusChangeSchema.parse({ status: 'refunded', refundReason, fullRefund }),
      idempotencyKey,
    });
  } finally {
    await Promise.all([revalidateSlots(), mutate(systemStatsKey)]);
  }
}
