import useSWR, { mutate } from 'swr';
import { priceEditSchema, type PriceEditInput } from '#shared/schemas/slot-admin';
import { api } from '@/lib/api-client';
import { revalidateSlots } from '@/lib/slots/invalidate';
import { systemStatsKey } from './get-system-stats';

/** The same schema the server checks (a whole won amount above 0: '올바른 가격을 입력해주세요.'). */
export { priceEditSchema, type PriceEditInput };

/** GET /slots/{id}/price-preview?price=N: what the edit would do to money (the same computation as the edit). */
export const pricePreviewKey = (id: string, price: number) => ['/slots/price-preview', id, price] as const;

export const getPricePreview = (id: string, price: number) =>
  api.call('GET /api/slots/{id}/price-preview', { path: { id }, query: { price } });

/** Null price (nothing valid typed yet) → no request. */
export function usePricePreview(id: string, price: number | null) {
  return useSWR(price === null ? null : pricePreviewKey(id, price), ([, slotId, p]) => getPricePreview(slotId, p), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}

/**
 * PUT /slots/{id}/price with the Idempotency-Key of this edit: the server settles the difference
 * through the ledger once (charge or return), and a retry hears the first answer.
 */
export async function editSlotPrice(id: string, input: PriceEditInput, idempotencyKey: string) {
  try {
    return await api.call('PUT /api/slots/{id}/price', {
      path: { id },
      body: priceEditSchema.parse(input),
      idempotencyKey,
    });
  } finally {
    await Promise.all([revalidateSlots(), mutate(systemStatsKey)]);
  }
}
