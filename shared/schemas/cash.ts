import { deferred, transformIssue, z } from '../zod';
import { cashMessages } from '../messages/cash';
import { formatWonNumber } from '../won';
import { ledgerTypes, type LedgerType } from '../ledger-types';

/**
 * Cash system shapes shared by the server and the SPA. Money is integer won everywhere.
 */
export { isCreditType, type LedgerType } from '../ledger-types';

export const ledgerTypeLabels: Record<LedgerType, string> = {
  charge: '충전',
  purchase: '사용',
  refund: '환불',
  withdrawal: '출금',
  bonus: '보너스',
  expire: '소멸',
};

export const chargeStatuses = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

export const chargeStatusLabels: Record<ChargeStatus, string> = {
  pending: '승인대기',
  approved: '승인완료',
  rejected: '거절',
  cancelled: '취소',
};

/** Preset amounts of the charge form. */
export const chargePresets = [10000, 30000, 50000, 100000, 300000, 500000] as const;

/** Years an expected deposit may fall in: catches typos such as 0202 or 20255 without a moving window. */
const DEPOSIT_YEARS = { min: 2000, max: 2099 } as const;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Whether y-m-d h:m:s names a real moment (2025-02-30 and 24:00 do not). */
function isRealDateTime(y: number, m: number, d: number, h: number, min: number, sec: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d, h, min, sec));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === m - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === min
  );
}

/**
 * `2025-03-01T14:30` (a datetime-local input) and `2025-03-01` (00:00) are Seoul time (the business day);
 * a timestamp with `Z` or an offset is taken as it says. Impossible dates are refused, not rolled
 * over. → a UTC ISO string.
 */
const depositAtSchema = deferred(() =>
  z.pipe(
    z.string({ error: cashMessages.depositAtRequired }).check(z.trim(), z.minLength(1, cashMessages.depositAtRequired)),
    z.transform((value, ctx) => {
      const m = DATE_TIME.exec(value);
      const [y, mo, d, h, mi, sec] = (m?.slice(1, 7) ?? []).map((part) => Number(part ?? 0));
      if (!m || y < DEPOSIT_YEARS.min || y > DEPOSIT_YEARS.max || !isRealDateTime(y, mo, d, h, mi, sec)) {
        return transformIssue(ctx, cashMessages.depositAtInvalid);
      }
      const local = `${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`;
      return new Date(`${local}${m[7] ?? '+09:00'}`).toISOString();
    }),
  ),
);

/** Plain digits, or digits grouped by thousands ('10,000'): what people type for won. A fraction reads as a number, to be told "정수로". */
const WON_TEXT = /^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

/**
 * Accepts a number or a numeric string (form inputs); anything else (1e4, 0x2710, 1,0,000) is
 * "not a number". Zero and negative amounts are left to the configured range.
 */
const chargeAmountSchema = deferred(() =>
  z.pipe(
    z.transform((v) => {
      if (v === '' || v === null) return undefined;
      if (typeof v !== 'string') return v;
      const text = v.trim();
      if (!text) return undefined;
      return WON_TEXT.test(text) ? Number(text.replaceAll(',', '')) : Number.NaN;
    }),
    z
      .number({
        error: (iss) => (iss.input === undefined ? cashMessages.amountRequired : cashMessages.amountNumeric),
      })
      .check(
        z.refine(Number.isFinite, cashMessages.amountNumeric),
        z.refine(Number.isInteger, cashMessages.amountInteger),
      ),
  ),
);

const chargeRequestShape = () => ({
  amount: chargeAmountSchema,
  depositAt: depositAtSchema,
  accountHolder: z
    .string({ error: cashMessages.accountHolderRequired })
    .check(
      z.trim(),
      z.minLength(1, cashMessages.accountHolderRequired),
      z.maxLength(50, cashMessages.accountHolderTooLong),
    ),
});

/** The charge request body without the configured range (the server checks it with current settings). */
export const chargeRequestSchema = deferred(() => z.object(chargeRequestShape()));

export interface ChargeLimits {
  minCashCharge: number;
  maxCashCharge: number;
}

const chargeRangeMessage = (limits: ChargeLimits) =>
  cashMessages.amountRange(formatWonNumber(limits.minCashCharge), formatWonNumber(limits.maxCashCharge));

/** The full charge form rule: the same schema the server applies after reading the settings. */
export const chargeRequestSchemaFor = (limits: ChargeLimits) =>
  z.object(chargeRequestShape()).check(
    z.superRefine((v, ctx) => {
      if (v.amount < limits.minCashCharge || v.amount > limits.maxCashCharge) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: chargeRangeMessage(limits) });
      }
    }),
  );
export type ChargeRequestBody = z.output<typeof chargeRequestSchema>;

export const approveChargeSchema = deferred(() =>
  z.object({
    bonusPercentage: z.pipe(
      z.transform((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v)),
      z._default(
        z
          .number({ error: cashMessages.bonusRange })
          .check(
            z.int(cashMessages.bonusRange),
            z.gte(0, cashMessages.bonusRange),
            z.lte(100, cashMessages.bonusRange),
          ),
        0,
      ),
    ),
  }),
);
export type ApproveChargeInput = z.input<typeof approveChargeSchema>;

export const rejectChargeSchema = deferred(() =>
  z.object({
    reason: z
      .string({ error: cashMessages.rejectReasonRequired })
      .check(z.trim(), z.minLength(1, cashMessages.rejectReasonRequired), z.maxLength(500)),
  }),
);
export type RejectChargeInput = z.input<typeof rejectChargeSchema>;

const pageSchema = deferred(() => z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1));
const limitSchema = deferred(() => z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 10));

export const chargeRequestListQuerySchema = deferred(() =>
  z.object({
    page: pageSchema,
    limit: limitSchema,
    status: z.optional(z.enum(chargeStatuses)),
    userId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  }),
);

export const cashTransactionListQuerySchema = deferred(() =>
  z.object({
    page: pageSchema,
    limit: limitSchema,
    type: z.optional(z.enum(ledgerTypes)),
    userId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  }),
);

export const chargeIdPathSchema = deferred(() =>
  z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
);

/** GET /api/cash/balance */
export interface CashBalanceDto {
  amount: number;
  updatedAt: string | null;
}

export interface ChargeRequestDto {
  id: string;
  userId: string;
  userEmail: string;
  userName: string;
  amount: number;
  bonusPercentage: number;
  bonusAmount: number;
  depositAt: string;
  accountHolder: string;
  status: ChargeStatus;
  requestedAt: string;
  createdAt: string;
  processedAt: string | null;
  processorId: string | null;
  /** The developer who processed it while switched into `processorId`'s account (user-switch); null otherwise. */
  processorActorId: string | null;
  rejectionReason: string | null;
}

export interface CashTransactionDto {
  id: string;
  userId: string;
  type: LedgerType;
  /** Positive; `type` gives the direction (isCreditType). */
  amount: number;
  balanceType: 'paid';
  balanceAfter: number;
  description: string;
  referenceId: string;
  transactionAt: string;
}

/** GET /api/cash/stats (operator dashboard): counts kept in the same transactions as the changes. */
export interface CashStatsDto {
  chargeRequests: Record<ChargeStatus, number>;
}
