import { deferred, z } from '../zod';
import type { Pagination } from '../api';
import { isKstDay, type KstDay } from '../kst';
import { adminPageSizes, DEFAULT_PAGE_SIZE, isPageSize, pageSizeMessage } from '../page-sizes';
import { displayStatuses, patchableStatuses, type DisplayStatus, type SlotStatus } from '../slot-status';
import { slotMessages, slotQueryMessages } from '../messages/slots';
import { slotAdminMessages } from '../messages/slot-admin';
import { refundFields } from './slot-admin';
import type { RankAlert, RankAlertEvent } from './rank-alerts';

/**
 * Slot requests (zod, parsed by the API and usable by the forms) and the shapes the slot API
 * answers. Field-config-driven validation of the slot's own fields lives in shared/slot-fields.ts:
 * these schemas only fix the envelope (types, sizes); the configured rules run on top.
 */

// In shared/slot-constants.ts (no zod: the list page shows the limit without loading a schema).
import { MAX_BULK_EDIT, MAX_BULK_ROWS } from '../slot-constants';

export { MAX_BULK_EDIT } from '../slot-constants';

// Defined in shared/page-sizes.ts; still exported here for the server code that imports them from this file.
export { userPageSizes } from '../page-sizes';

const fieldValue = deferred(() => z.union([z.string().check(z.maxLength(5000)), z.number(), z.boolean(), z.null()]));
/** field_key → value; the keys are checked against the field configs by slot-fields. */
const customFieldsSchema = deferred(() =>
  z
    .record(z.string().check(z.maxLength(100)), fieldValue)
    .check(z.refine((r) => Object.keys(r).length <= 100, '입력 항목이 너무 많습니다.')),
);

const optionalText = deferred(() => z.optional(z.string().check(z.maxLength(5000))));

/** POST /slots: customFields, or the top-level keyword/keywords, url/landingUrl, mid older clients send. */
export const createSlotSchema = deferred(() =>
  z.object({
    customFields: z.optional(customFieldsSchema),
    keyword: optionalText,
    keywords: optionalText,
    url: optionalText,
    landingUrl: optionalText,
    mid: optionalText,
    /** Sent by older clients; not used. */
    dailyBudget: z.optional(z.unknown()),
  }),
);
export type CreateSlotInput = z.input<typeof createSlotSchema>;

/**
 * POST /slots/bulk: every row in one request; row numbers in the answer are 1-based indexes here.
 * Send an `Idempotency-Key` header (a new UUID per submit, the same on a retry) with POST /slots and
 * POST /slots/bulk: a retried request then answers as the first did and never charges twice.
 */
export const bulkCreateSlotsSchema = deferred(() =>
  z.object({
    rows: z
      .array(z.object({ customFields: customFieldsSchema }), { error: slotMessages.noRows })
      .check(z.minLength(1, slotMessages.noRows), z.maxLength(MAX_BULK_ROWS, slotMessages.tooManyRows(MAX_BULK_ROWS))),
  }),
);
export type BulkCreateSlotsInput = z.input<typeof bulkCreateSlotsSchema>;

export interface BulkRowError {
  /** 1-based position in `rows`. */
  row: number;
  message: string;
  /** The field that is wrong, when one is. */
  field?: string;
}

export interface BulkCreateResult {
  succeeded: number;
  failed: number;
  /** Blank rows, excluded: an empty row of the grid is not a slot. */
  skipped: number;
  errors: BulkRowError[];
  /** Ids of the created slots, in row order. */
  slotIds: string[];
  /** Won charged for the created slots (0 without the cash system). */
  charged: number;
  balanceAfter: number | null;
  /** Korean summary: '{N}개 슬롯이 성공적으로 등록되었습니다.', 'N개 성공, M개 실패' or '모든 슬롯 등록이 실패했습니다.'. */
  message: string;
}

const slotId = deferred(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(64)));
export const slotIdPathSchema = deferred(() => z.object({ id: slotId }));
export const userIdPathSchema = deferred(() =>
  z.object({ userId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) }),
);

/** PATCH /slots/{id}/status; `refunded` (staff only) needs refundReason (operator console: refunds). */
export const slotStatusChangeSchema = deferred(() =>
  z
    .object({
      status: z.enum([...patchableStatuses, 'refunded'], { error: '변경할 상태가 올바르지 않습니다.' }),
      ...refundFields(),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.status === 'refunded' && !v.refundReason)
          ctx.addIssue({ code: 'custom', path: ['refundReason'], message: slotAdminMessages.refundReasonRequired });
      }),
    ),
);
export type SlotStatusChangeInput = z.infer<typeof slotStatusChangeSchema>;

const kstDay = deferred(() => z.string().check(z.refine(isKstDay, slotMessages.dateFormat)));

/** PUT /slots/{id}/update-fields: the changed fields (merged over the stored ones); dates staff only. */
export const updateSlotFieldsSchema = deferred(() =>
  z.object({
    customFields: customFieldsSchema,
    startDate: z.optional(kstDay),
    endDate: z.optional(kstDay),
  }),
);
export type UpdateSlotFieldsInput = z.input<typeof updateSlotFieldsSchema>;

/** PUT /slots/{id}/fill: an empty slot gets its fields (at least one). */
export const fillSlotSchema = deferred(() =>
  z.object({
    keyword: optionalText,
    url: optionalText,
    mid: optionalText,
    customFields: z.optional(customFieldsSchema),
  }),
);
export type FillSlotInput = z.input<typeof fillSlotSchema>;

/** PUT /slots/user/bulk-update: blank fields stay unchanged. */
export const userBulkUpdateSchema = deferred(() =>
  z.object({
    slotIds: z
      .array(slotId, { error: slotMessages.selectSlots })
      .check(
        z.minLength(1, slotMessages.selectSlots),
        z.maxLength(MAX_BULK_EDIT, slotMessages.tooManySelected(MAX_BULK_EDIT)),
      ),
    updates: z.object({
      keyword: z.optional(z.string().check(z.maxLength(500))),
      url: z.optional(z.string().check(z.maxLength(2000))),
    }),
  }),
);
export type UserBulkUpdateInput = z.input<typeof userBulkUpdateSchema>;

/** POST /slots/{id}/approve (operator/developer). */
export const approveSlotSchema = deferred(() =>
  z.discriminatedUnion(
    'approved',
    [
      z.object({
        approved: z.literal(true),
        /** Required when the cash system is off; defaults to the registration price otherwise. */
        approvedPrice: z.optional(
          z.coerce
            .number({ error: slotMessages.invalidPrice })
            .check(
              z.int(slotMessages.invalidPrice),
              z.gt(0, slotMessages.invalidPrice),
              z.lte(100_000_000, slotMessages.invalidPrice),
            ),
        ),
      }),
      z.object({
        approved: z.literal(false),
        rejectionReason: z
          .string({ error: slotMessages.rejectionReasonRequired })
          .check(z.trim(), z.minLength(1, slotMessages.rejectionReasonRequired), z.maxLength(500)),
      }),
    ],
    { error: '승인 여부(approved)를 입력해주세요.' },
  ),
);
export type ApproveSlotInput = z.output<typeof approveSlotSchema>;

const slotSearchTypes = ['all', 'keyword', 'url', 'productName', 'userId', 'slotNumber'] as const;
export type SlotSearchType = (typeof slotSearchTypes)[number];
/** userId and slotNumber searches are for operators and developers. */
export const staffOnlySearchTypes: readonly SlotSearchType[] = ['userId', 'slotNumber'];
const slotSortFields = ['createdAt', 'slot_number', 'startDate', 'endDate', 'rank', 'status', 'updatedAt'] as const;

/** A text filter of the slot list. */
const searchText = deferred(() => z.string().check(z.trim(), z.maxLength(200)));

const boolParam = deferred(() =>
  z.union([
    z.boolean(),
    z.pipe(
      z.enum(['true', 'false', '1', '0']),
      z.transform((v) => v === 'true' || v === '1'),
    ),
  ]),
);

/** GET /slots query. `status` is a display status ('all' or absent = every status the caller may see). */
export const slotListQuerySchema = deferred(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
    limit: z._default(
      z.coerce.number().check(
        z.int(),
        z.refine((n) => isPageSize(adminPageSizes, n), pageSizeMessage(adminPageSizes)),
      ),
      DEFAULT_PAGE_SIZE,
    ),
    status: z.optional(z.union([z.enum(displayStatuses), z.literal('all'), z.literal('')])),
    searchType: z._default(z.enum(slotSearchTypes), 'all'),
    search: z.optional(searchText),
    /** Registration period (createdAt, KST days, inclusive). */
    dateFrom: z.optional(kstDay),
    dateTo: z.optional(kstDay),
    /** Work period: slots whose [startDate, endDate] overlaps it. */
    workFrom: z.optional(kstDay),
    workTo: z.optional(kstDay),
    hideExpired: z._default(boolParam, false),
    sortBy: z._default(z.enum(slotSortFields), 'createdAt'),
    sortOrder: z._default(z.enum(['asc', 'desc']), 'desc'),
    /** Staff: one user's slots. */
    userId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
    /** Staff: only slots of deactivated accounts (the operator's "inactive" tab). */
    userStatus: z.optional(z.enum(['inactive'])),
    /**
     * Staff's combined advanced search: every field given must match. Served
     * by a narrowed partition — the user's slots (`user`/`userId`) or the registration period —
     * never a walk of every slot (functions/domain/slots/queries.ts listSlots).
     */
    keyword: z.optional(searchText),
    url: z.optional(searchText),
    productName: z.optional(searchText),
    /** A user's id or login id (exact, case-insensitive). */
    user: z.optional(searchText),
    slotNumber: z.optional(
      z.coerce
        .number({ error: slotQueryMessages.slotNumberInvalid })
        .check(z.int(slotQueryMessages.slotNumberInvalid), z.gte(1, slotQueryMessages.slotNumberInvalid)),
    ),
  }),
);
export type SlotListQuery = z.output<typeof slotListQuerySchema>;
export type SlotListQueryInput = z.input<typeof slotListQuerySchema>;

/** GET /slots/count */
export const slotCountQuerySchema = deferred(() =>
  z.object({
    status: z.optional(z.union([z.enum(displayStatuses), z.literal('all'), z.literal('')])),
    userId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  }),
);

/** GET /slots/{id}/rank-history */
export const rankHistoryQuerySchema = deferred(() =>
  z.object({ startDate: z.optional(kstDay), endDate: z.optional(kstDay) }),
);

// ---------------------------------------------------------------------------------------------
// Answers

/** A slot as the API returns it (snake_case, as API clients know it). Dates are KST `yyyy-MM-dd`, end inclusive. */
export interface SlotDto {
  id: string;
  /** Per-user number, 1, 2, 3… in registration order. */
  slot_number: number;
  seq: number;
  userId: string;
  user_name: string;
  user_email: string;
  status: SlotStatus;
  displayStatus: DisplayStatus;
  displayStatusLabel: string;
  /** Configured field values by field_key, including url_product_id / url_item_id / url_vendor_item_id. */
  customFields: Record<string, string>;
  /** customFields as a list (`fieldValues` of field_key and value, as API clients read them). */
  fieldValues: Array<{ field_key: string; value: string }>;
  keyword: string;
  url: string;
  mid: string;
  url_product_id: string | null;
  url_item_id: string | null;
  url_vendor_item_id: string | null;
  product_name: string | null;
  thumbnail: string | null;
  startDate: KstDay | null;
  endDate: KstDay | null;
  /** Won charged at registration (0 without the cash system). */
  price: number;
  approved_price: number | null;
  rank: number | null;
  /**
   * When the current rank was measured (ISO): the newest healthy check behind it. Null: never measured.
   * Older than the `rankDelayHours` setting, the screens show the rank as '측정 지연'.
   */
  rank_measured_at: string | null;
  yesterday_rank: number | null;
  first_rank: number | null;
  /**
   * Impressions and clicks over every reported day (CTR is computed where shown); both null while no
   * worker reported any figure for the slot, which the screens show as '-'.
   */
  impressions: number | null;
  clicks: number | null;
  rejection_reason: string | null;
  refund_reason: string | null;
  /** Won credited by the refund (operator console). */
  refund_amount: number | null;
  refundedAt: string | null;
  /** The owner's account is active (an inactive badge on the operator list). */
  user_is_active: boolean;
  /** Paused by staff: the owner may not resume it. */
  paused_by_staff?: boolean;
  parent_slot_id: string | null;
  is_extended: boolean;
  is_test: boolean;
  is_empty: boolean;
  pre_allocation_start_date: KstDay | null;
  pre_allocation_end_date: KstDay | null;
  // pre-allocation issuance and extensions
  allocation_id: string | null;
  has_extension: boolean;
  extension_days: number | null;
  payment_completed: boolean;
  pre_allocation_amount: number | null;
  workCount: number | null;
  description: string | null;
  approvedAt: string | null;
  rejectedAt: string | null;
  /** When an unfilled pre-allocated slot expired (the daily expiry job). */
  expiredAt: string | null;
  /** The '만료 예정' notices sent before the end date: when each went out. */
  expiry_notices: { 'D-3'?: string; 'D-1'?: string };
  createdAt: string;
  updatedAt: string;
  /** The owner's rank alert; null = none. */
  rank_alert: RankAlert | null;
  /** The latest alert that fired, and the last 20 newest first (written by the rank job). */
  rank_alert_last: RankAlertEvent | null;
  rank_alert_events: RankAlertEvent[];
}

export type SlotList = { items: SlotDto[]; pagination: Pagination };

/** Slot counts, kept with each change so no screen scans: by stored status and by the status cards of My slots. */
export interface SlotCountDto {
  /** Slots of the asked status (all visible ones without a status). */
  count: number;
  /** Pre-allocation view: slots issued (all the user holds, refunded and deleted excluded), filled, free. */
  allocated: number;
  used: number;
  available: number;
  allocated_slots: number;
  used_slots: number;
  byStatus: Record<SlotStatus, number>;
  /** The status cards (total, empty, waiting, active, paused, completed) by display status. */
  cards: Record<'total' | 'empty' | 'waiting' | 'active' | 'paused' | 'completed', number>;
}

export type SlotChangeType = 'field_update' | 'status_change' | 'fill_empty' | 'approve' | 'reject' | 'refund';

/**
 * One line of GET /slots/{id}/logs. `ip_address` and `user_agent` go to operators
 * and developers on every line, to an owner only on the lines the owner made.
 */
export interface SlotLogDto {
  id: string;
  slot_id: string;
  change_type: SlotChangeType;
  field_key: string | null;
  old_value: string | null;
  new_value: string | null;
  description: string;
  user_id: string;
  full_name: string;
  ip_address?: string;
  user_agent?: string;
  created_at: string;
}

/** GET /slots/{id}/rank-delete-query: what a keyword or URL change would reset. */
export interface RankDeleteQueryDto {
  slotId: string;
  keyword: string;
  url: string;
  hasRankData: boolean;
  rank: number | null;
  yesterday_rank: number | null;
  first_rank: number | null;
  /** Rank-history days that would be deleted. */
  historyDays: number;
  message: string;
}

export interface RankHistoryEntry {
  date: KstDay;
  rank: number | null;
  min_rank: number | null;
  avg_rank: number | null;
  max_rank: number | null;
  prev_rank: number | null;
  /** The day's impressions and clicks; absent when no worker reported them. */
  impressions?: number;
  clicks?: number;
}
export interface RankHistoryDto {
  items: RankHistoryEntry[];
  dateRange: { startDate: KstDay; endDate: KstDay };
}

/** GET /slots/allocation/{userId}: the user's pre-allocated slots, filled and free. */
export interface SlotAllocationDto {
  userId: string;
  allocated_slots: number;
  used_slots: number;
  available_slots: number;
}

/** GET /slots/{id}/field-values: the slot's configured field values, form fields first. */
export interface SlotFieldValuesDto {
  slotId: string;
  fieldValues: Array<{ field_key: string; value: string }>;
}
