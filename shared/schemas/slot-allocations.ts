import { deferred, z } from '../zod';
import type { Paginated, Pagination } from '../api';
import { DEFAULT_PAGE_SIZE, isPageSize, pageSizeMessage, userPageSizes } from '../page-sizes';
import { isKstDay, kstDaysBetween, type KstDay } from '../kst';
import { allocationMessages, extensionMessages } from '../messages/slot-allocations';
import type { SlotDto } from './slots';

/**
 * Pre-allocation issuance (POST /slots/allocate/{userId}), its history and extensions
 * (see 'Pre-allocation counts and durations' in docs/decisions.md). The server and both dialog
 * variants parse with these.
 */

/** The server's ceiling; the slot-list modal keeps its own 100 cap. */
export const ALLOCATION_MAX_SLOTS = 1000;
export const ALLOCATION_MODAL_MAX_SLOTS = 100;
/** A test slot runs 3 days and is free: a trial of the service, not a sale. */
export const TEST_SLOT_DAYS = 3;
export const extensionDayChoices = [1, 7, 10, 30] as const;
export const DEFAULT_EXTENSION_DAYS = 10;
export const allocationHistoryPageSizes = [20, 50, 100] as const;
export const DEFAULT_ALLOCATION_PAGE_SIZE = 20;

const requiredDay = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.refine(isKstDay, message));
const nonNegativeInt = (message: string) => z.number({ error: message }).check(z.int(message), z.gte(0, message));

/** The allocation payload with a slot-count ceiling: 1000 on the server and the user dialog, 100 in the modal. */
export const allocationSchemaWithMax = (max: number, maxMessage: string) =>
  z
    .object({
      /** The path names the user; a body userId (older clients send it) is ignored. */
      userId: z.optional(z.string()),
      slotCount: z
        .number({ error: allocationMessages.slotCountMin })
        .check(
          z.int(allocationMessages.slotCountMin),
          z.gte(1, allocationMessages.slotCountMin),
          z.lte(max, maxMessage),
        ),
      startDate: requiredDay(allocationMessages.startDateRequired),
      endDate: requiredDay(allocationMessages.endDateRequired),
      workCount: z.optional(nonNegativeInt(allocationMessages.workCountMin)),
      amount: z.optional(nonNegativeInt(allocationMessages.amountMin)),
      description: z.optional(z.string().check(z.trim(), z.maxLength(500))),
      memo: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
      isTest: z.optional(z.boolean()),
    })
    .check(
      z.refine(
        (v) =>
          v.isTest || !isKstDay(v.startDate) || !isKstDay(v.endDate) || kstDaysBetween(v.startDate, v.endDate) >= 0,
        {
          message: allocationMessages.dateOrder,
          path: ['endDate'],
        },
      ),
    );

export const allocateSlotsSchema = allocationSchemaWithMax(ALLOCATION_MAX_SLOTS, allocationMessages.slotCountMax);
export type AllocateSlotsInput = z.input<typeof allocateSlotsSchema>;

export interface AllocateSlotsResult {
  message: string;
  allocationId: string;
  slotIds: string[];
  startDate: KstDay;
  endDate: KstDay;
}

export const allocationIdPathSchema = deferred(() =>
  z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) }),
);

const allocationSortFields = ['created_at', 'user_name', 'slot_count'] as const;

/** GET /slots/allocation-history. `dateFrom` = the first KST day shown (today / 7 days / 30 days; absent = all). */
export const allocationHistoryQuerySchema = deferred(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
    limit: z._default(
      z.coerce.number().check(
        z.int(),
        z.refine(
          (n) => (allocationHistoryPageSizes as readonly number[]).includes(n),
          `페이지 크기는 ${allocationHistoryPageSizes.join(', ')} 중 하나여야 합니다.`,
        ),
      ),
      DEFAULT_ALLOCATION_PAGE_SIZE,
    ),
    sortBy: z._default(z.enum(allocationSortFields), 'created_at'),
    sortOrder: z._default(z.enum(['asc', 'desc']), 'desc'),
    dateFrom: z.optional(z.string().check(z.refine(isKstDay, '날짜는 YYYY-MM-DD 형식으로 입력해주세요.'))),
    /** One user's issuances: the user's id or login id. */
    userId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
    /** One operator's issuances: the operator's id or login id. */
    operatorId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  }),
);

export interface AllocationHistoryRow {
  id: string;
  created_at: string;
  userId: string;
  user_name: string;
  user_email: string;
  current_user_name: string | null;
  current_user_email: string | null;
  operatorId: string;
  operator_name: string;
  slot_count: number;
  reason: string | null;
  memo: string | null;
  amount: number;
  workCount: number;
  startDate: KstDay;
  endDate: KstDay;
  is_test: boolean;
  payment: boolean;
  payment_at: string | null;
}

export type AllocationHistoryPage = {
  allocations: AllocationHistoryRow[];
  items: AllocationHistoryRow[];
  pagination: Pagination;
};

export const allocationPaymentSchema = deferred(() =>
  z.object({ payment: z.boolean({ error: '결제 여부를 선택해주세요.' }) }),
);

const extensionDays = deferred(() =>
  z
    .number({ error: extensionMessages.extensionDays })
    .check(z.refine((n) => (extensionDayChoices as readonly number[]).includes(n), extensionMessages.extensionDays)),
);

export const extendSlotSchema = deferred(() => z.object({ extensionDays }));
export interface ExtendSlotResult {
  message: string;
  slot: SlotDto;
}

export const extendBulkSchema = deferred(() =>
  z.object({ allocationHistoryId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)), extensionDays }),
);
export interface ExtendBulkResult {
  message: string;
  extended: number;
  failed: number;
  total: number;
  /** Slots of the issuance that were not eligible (already extended, not approved, too early). */
  skipped: number;
  errors: Array<{ slotId: string; slot_number: number; message: string }>;
}

/**
 * One extension in a slot's chain (GET /slots/{id}/extensions): the extension slot
 * made from `parent_slot_number`, newest first. The owner sees their own; staff see every slot's.
 */
export interface SlotExtensionDto {
  slot_id: string;
  slot_number: number;
  parent_slot_id: string;
  parent_slot_number: number;
  extension_days: number;
  /** When the extension was made (the extension slot's creation). */
  extended_at: string;
  startDate: string | null;
  endDate: string | null;
  displayStatusLabel: string;
}

/** GET /slots/extensions?userId= (staff, the customer view): one user's extensions, newest first, paged. */
export const userExtensionsQuerySchema = deferred(() =>
  z.object({
    userId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
    limit: z._default(
      z.coerce.number().check(
        z.int(),
        z.refine((n) => isPageSize(userPageSizes, n), pageSizeMessage(userPageSizes)),
      ),
      DEFAULT_PAGE_SIZE,
    ),
  }),
);
export type UserExtensionsQuery = z.output<typeof userExtensionsQuerySchema>;
export type UserExtensionsPage = Paginated<SlotExtensionDto>;
