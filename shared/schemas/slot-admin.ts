import { deferred, z } from '../zod';
import { slotAdminMessages } from '../messages/slot-admin';
import { slotMessages } from '../messages/slots';
import type { SlotDto } from './slots';

/** Operator slot management requests and answers. */

const fullRefundParam = deferred(() =>
  z.union([
    z.boolean(),
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((v) => v === 'true'),
    ),
  ]),
);

/** PATCH /slots/{id}/status with status refunded (staff only): the reason is required. */
export const refundFields = () => ({
  refundReason: z.optional(
    z.string({ error: slotAdminMessages.refundReasonRequired }).check(z.trim(), z.maxLength(500)),
  ),
  /** The operator's explicit choice of the whole price instead of the remaining days' share. */
  fullRefund: z.optional(fullRefundParam),
});

/** The refund form (the same rule the server applies). */
export const refundFormSchema = deferred(() =>
  z.object({
    refundReason: z
      .string({ error: slotAdminMessages.refundReasonRequired })
      .check(z.trim(), z.minLength(1, slotAdminMessages.refundReasonRequired), z.maxLength(500)),
    fullRefund: z._default(z.boolean(), false),
  }),
);
export type RefundFormInput = z.input<typeof refundFormSchema>;

/** GET /slots/{id}/refund-preview?fullRefund= */
export const refundPreviewQuerySchema = deferred(() => z.object({ fullRefund: z.optional(fullRefundParam) }));

/** GET /slots/{id}/refund-preview: what a refund today would credit (same function as the refund). */
export interface RefundPreviewDto {
  amount: number;
  fullAmount: number;
  remainingDays: number | null;
  totalDays: number | null;
}

/** POST /slots/{id}/extend (built with the extension part; the page offers 1, 7, 10, 30 days). */
export const extensionDayChoices = [1, 7, 10, 30] as const;
export const DEFAULT_EXTENSION_DAYS = 10;

/**
 * GET /slots/system-stats: stored-status counts from the global counters (never a scan of slots).
 * `waiting` and `completed` are the stored statuses the daily slot-status job keeps in step with
 * the calendar. `inactive` counts the slots (not deleted) held by deactivated user accounts
 * (user-account level, not a slot status): it is summed from those users' own counters.
 * `totalSlots` is every slot that is not deleted (what the operator's "all" tab lists).
 */
export const systemStatsKeys = [
  'empty',
  'pending',
  'active',
  'waiting',
  'completed',
  'paused',
  'rejected',
  'refunded',
  'expired',
  'deleted',
  'inactive',
] as const;
type SystemStatsKey = (typeof systemStatsKeys)[number];
export interface SystemStatsDto {
  totalSlots: number;
  statusBreakdown: Record<SystemStatsKey, number>;
}

/** A slot price (won): an integer above 0, else 'please enter a valid price'. */
const MAX_PRICE = 100_000_000;
const price = (number: ReturnType<typeof z.number>) =>
  number.check(
    z.int(slotMessages.invalidPrice),
    z.gt(0, slotMessages.invalidPrice),
    z.lte(MAX_PRICE, slotMessages.invalidPrice),
  );

/** GET /slots/{id}/price-preview?price= (operators and developers). */
export const pricePreviewQuerySchema = deferred(() =>
  z.object({ price: price(z.coerce.number({ error: slotMessages.invalidPrice })) }),
);

/** PUT /slots/{id}/price (operators and developers; send an Idempotency-Key). */
export const priceEditSchema = deferred(() =>
  z.object({ price: price(z.number({ error: slotMessages.invalidPrice })) }),
);
export type PriceEditInput = z.output<typeof priceEditSchema>;

/**
 * What a price edit does to money (docs/data-model.md "Price edit"): `charge` takes the difference
 * from the owner's balance, `return` gives it back, `none` records the price only (cash system off,
 * or a slot not paid from the balance: free, test, pre-allocated, extension).
 */
export type PriceSettlement = 'charge' | 'return' | 'none';

export interface PricePreviewDto {
  slotId: string;
  currentPrice: number;
  newPrice: number;
  /** newPrice − currentPrice. */
  difference: number;
  settlement: PriceSettlement;
  /** |difference| when settled, else 0. */
  amount: number;
  /** The owner's balance now. */
  balance: number;
  /** The owner's balance after the edit (below 0: the edit would be refused, 402). */
  balanceAfter: number;
}

export interface PriceEditResult {
  slot: SlotDto;
  settlement: PriceSettlement;
  amount: number;
  /** The owner's balance after the edit. */
  balanceAfter: number;
}
