import { kstDaysBetween, type KstDay } from './kst';
import { extensionMessages } from './messages/slot-allocations';
import { slotStatusMessages } from './messages/slots';

/**
 * Slot statuses and every rule that reads them,
 * shared by the server (which derives `displayStatus` on every answer) and the SPA (badges, toggles,
 * selection). Dates are KST `yyyy-MM-dd` days, end dates inclusive; pass `today` = kstToday().
 */

/**
 * What is stored on a slot (every status is a stored value, none only derived). Registration stores pending or
 * active; `waiting` (approved, start in the future) and `completed` (end passed) are also what the
 * daily slot-status job writes so the counters follow the calendar. The display status is derived
 * from the dates anyway, so it is right between job runs.
 */
export const slotStatuses = [
  'empty',
  'pending',
  'waiting',
  'active',
  'paused',
  'rejected',
  'refunded',
  'expired',
  'completed',
  'deleted',
] as const;
export type SlotStatus = (typeof slotStatuses)[number];

/**
 * What the product shows: the same names (screens name what they show, storage what it keeps).
 * @alias
 */
export const displayStatuses = slotStatuses;
export type DisplayStatus = SlotStatus;

export const displayStatusLabels: Record<DisplayStatus, string> = {
  empty: '입력대기',
  pending: '승인대기',
  waiting: '진행대기',
  active: '진행중',
  completed: '완료',
  paused: '일시정지',
  rejected: '거절',
  refunded: '환불',
  expired: '만료',
  deleted: '삭제',
};

/** The status cards of My slots, in order (total, empty, waiting, in progress, paused, completed). */
export const statusCards = ['total', 'empty', 'waiting', 'active', 'paused', 'completed'] as const;
export type StatusCard = (typeof statusCards)[number];
export const statusCardLabels: Record<StatusCard, string> = {
  total: '전체',
  empty: displayStatusLabels.empty,
  waiting: displayStatusLabels.waiting,
  active: displayStatusLabels.active,
  paused: displayStatusLabels.paused,
  completed: displayStatusLabels.completed,
};

export interface SlotDates {
  startDate?: KstDay | null;
  endDate?: KstDay | null;
}
export interface SlotStatusInput extends SlotDates {
  status: SlotStatus;
  keyword?: string | null;
  url?: string | null;
  /** On a deleted slot: the stored status it had when it was deleted (absent on slots deleted before it was kept). */
  statusBeforeDelete?: SlotStatus | null;
  rejectedAt?: string | null;
  refund_reason?: string | null;
  /** Paused by staff: only staff resume it (an owner's own pause the owner resumes). */
  paused_by_staff?: boolean | null;
  /** The slot already has its one extension (a linked child slot). */
  has_extension?: boolean | null;
}

const terminal = new Set<SlotStatus>(['deleted', 'refunded', 'rejected', 'expired']);

/**
 * Display status: terminal statuses stay as they are; a slot without keyword or URL is
 * empty; an active or paused slot whose start is in the future is waiting, past its end completed;
 * otherwise the stored status. Refunded, rejected and deleted slots are never shown as completed.
 */
export function deriveDisplayStatus(slot: SlotStatusInput, today: KstDay): DisplayStatus {
  if (terminal.has(slot.status)) return slot.status;
  // A pre-allocated slot left unfilled past its end is expired (the daily expiry job stores it).
  if (slot.status === 'empty' && slot.endDate && slot.endDate < today) return 'expired';
  if (slot.status === 'empty' || !slot.keyword?.trim() || !slot.url?.trim()) return 'empty';
  if (slot.status === 'active' || slot.status === 'paused' || slot.status === 'waiting') {
    if (slot.startDate && slot.startDate > today) return 'waiting';
    if (slot.endDate && slot.endDate < today) return 'completed';
    return slot.status === 'waiting' ? 'active' : slot.status;
  }
  return slot.status;
}

/**
 * The stored status the calendar gives an approved (dated) slot: past its inclusive end `completed`,
 * paused stays `paused`, start in the future `waiting`, else `active`; other statuses are returned
 * as they are. Every write that puts a slot into a dated state (fill, approve, resume, restore)
 * stores this, and the daily slot-status job moves stored statuses along it, so the counters behind
 * the status cards agree with the display status derived above.
 */
export function calendarStatus(slot: { status: SlotStatus } & SlotDates, today: KstDay): SlotStatus {
  const { status, startDate, endDate } = slot;
  if (status !== 'waiting' && status !== 'active' && status !== 'paused') return status;
  if (endDate && endDate < today) return 'completed';
  if (status === 'paused') return 'paused';
  return startDate && startDate > today ? 'waiting' : 'active';
}

const dated = new Set<SlotStatus>(['waiting', 'active', 'paused', 'completed']);

/**
 * Where a staff restore sends a deleted slot: the status it had when it was deleted
 * (`statusBeforeDelete`), re-derived by the calendar when that was a dated one (waiting, active,
 * paused, completed); pending, empty, rejected, refunded and expired stay as they were — a rejected
 * slot was refunded and never runs again. Slots deleted before the previous status was kept: without
 * keyword or URL empty; rejected if it was ever rejected; refunded with a refund reason; by the
 * calendar when it has dates (it was approved); else pending (never approved).
 */
export function restoredStatus(slot: SlotStatusInput, today: KstDay): SlotStatus {
  const before = slot.statusBeforeDelete;
  if (before && before !== 'deleted') {
    return dated.has(before)
      ? calendarStatus({ ...slot, status: before === 'completed' ? 'active' : before }, today)
      : before;
  }
  if (!slot.keyword?.trim() || !slot.url?.trim()) return 'empty';
  if (slot.rejectedAt) return 'rejected';
  if (slot.refund_reason) return 'refunded';
  if (slot.startDate || slot.endDate) return calendarStatus({ ...slot, status: 'active' }, today);
  return 'pending';
}

// ---------------------------------------------------------------------------------------------
// Dates: D-n and the end-date warning

/** Days left including today and the end day (end today → 1); ≤ 0 once the end has passed; null without an end. */
export function remainingDays(endDate: KstDay | null | undefined, today: KstDay): number | null {
  if (!endDate) return null;
  return kstDaysBetween(today, endDate) + 1;
}

/** Days a slot runs, both ends included. */
export function totalDays(startDate: KstDay | null | undefined, endDate: KstDay | null | undefined): number | null {
  if (!startDate || !endDate) return null;
  return kstDaysBetween(startDate, endDate) + 1;
}

const isExpiredOn = (endDate: KstDay | null | undefined, today: KstDay) => !!endDate && endDate < today;

export type EndDateTone = 'expired' | 'red' | 'orange' | 'normal';

/** 3 days or fewer remaining is red, 7 or fewer orange (inclusive count); passed → expired. */
export function endDateTone(endDate: KstDay | null | undefined, today: KstDay): EndDateTone | null {
  const left = remainingDays(endDate, today);
  if (left === null) return null;
  if (left <= 0) return 'expired';
  if (left <= 3) return 'red';
  if (left <= 7) return 'orange';
  return 'normal';
}

const EXPIRED_LABEL = '만료';

/** Card badge: 'D-5', or '만료' once the end has passed; null without an end date. */
export function dDayLabel(endDate: KstDay | null | undefined, today: KstDay): string | null {
  const left = remainingDays(endDate, today);
  if (left === null) return null;
  return left <= 0 ? EXPIRED_LABEL : `D-${left}`;
}

// ---------------------------------------------------------------------------------------------
// Rank: 0 / none / above 500 → 순위없음; 999 → not found; null → 측정중

const RANK_NOT_FOUND = 999;
const RANK_MAX_SHOWN = 500;
export const rankTexts = {
  noRank: '순위없음',
  measuring: '측정중',
  notFoundTooltip: '해당 키워드로 상품을 찾을 수 없습니다',
} as const;

export type RankDisplay =
  | { kind: 'rank'; text: string; rank: number }
  | { kind: 'none'; text: string }
  | { kind: 'notFound'; text: string; tooltip: string }
  | { kind: 'measuring'; text: string };

export function rankDisplay(rank: number | null | undefined): RankDisplay {
  if (rank === RANK_NOT_FOUND) return { kind: 'notFound', text: rankTexts.noRank, tooltip: rankTexts.notFoundTooltip };
  if (rank === 0 || (typeof rank === 'number' && rank > RANK_MAX_SHOWN))
    return { kind: 'none', text: rankTexts.noRank };
  if (typeof rank === 'number' && Number.isInteger(rank) && rank > 0) return { kind: 'rank', text: `${rank}위`, rank };
  return { kind: 'measuring', text: rankTexts.measuring };
}

const comparable = (rank: number | null | undefined): rank is number => rankDisplay(rank).kind === 'rank';

/**
 * Change versus yesterday: positive = climbed (an up arrow). Null when either value is not a real
 * rank (0, 999, above 500, missing): comparisons ignore those.
 */
export function rankDelta(
  rank: number | null | undefined,
  yesterdayRank: number | null | undefined,
): { delta: number; direction: 'up' | 'down' | 'same' } | null {
  if (!comparable(rank) || !comparable(yesterdayRank)) return null;
  const delta = yesterdayRank - rank;
  return { delta, direction: delta > 0 ? 'up' : delta < 0 ? 'down' : 'same' };
}

// ---------------------------------------------------------------------------------------------
// What may be done to a slot

/**
 * The pause switch: a slot that is waiting or in progress can be paused, a
 * paused one resumed. Stored `waiting` is an approved slot whose start is ahead (the same 진행대기 an
 * `active` slot with a future start shows), so it pauses like an active one.
 */
export const isPausable = (status: SlotStatus) => status === 'active' || status === 'waiting';
export const isResumable = (status: SlotStatus) => status === 'paused';

/**
 * Selectable for bulk actions = status empty or active, end date absent or not passed.
 * Stored `waiting` counts as active here (approved, start ahead: shown as 진행대기 either way).
 */
export function isSelectableForBulk(slot: { status: SlotStatus; endDate?: KstDay | null }, today: KstDay): boolean {
  return (
    (slot.status === 'empty' || slot.status === 'active' || slot.status === 'waiting') &&
    !isExpiredOn(slot.endDate, today)
  );
}

export type Actor = 'owner' | 'staff';

export interface SlotActions {
  /** Edit the configured fields (pending, active or paused and not completed). */
  edit: boolean;
  /** Fill an empty slot. */
  fill: boolean;
  pause: boolean;
  resume: boolean;
  delete: boolean;
  /** Staff only: deleted → the status it had before (restoredStatus). */
  restore: boolean;
  /** Staff only: pending → active / rejected. */
  approve: boolean;
  /**
   * Staff only: change the price of an approved slot that still runs (stored waiting, active or
   * paused, not past its end). docs/data-model.md "Price edit" says what it does to money.
   */
  priceEdit: boolean;
  /**
   * Staff only: extend by one linked child slot (decideExtension). The operation mode is a setting,
   * not a fact of the slot: both sides also require pre-allocation mode.
   */
  extend: boolean;
}

const deletable = new Set<DisplayStatus>(['rejected', 'expired', 'refunded', 'completed']);

/**
 * Closed to their owner: a refunded slot is hidden from the owner's list and counts, a deleted one
 * too, so every per-slot route answers the owner 404 for them (as if they did not exist); staff
 * still read and act on them. Hence an owner never deletes a refunded slot (staff may).
 */
export const isClosedToOwner = (status: SlotStatus) => status === 'refunded' || status === 'deleted';

/** Stored statuses of an approved slot that still runs (the price edit's rule, with the end date). */
const priceEditable = new Set<SlotStatus>(['waiting', 'active', 'paused']);

export function slotActions(slot: SlotStatusInput, actor: Actor, today: KstDay): SlotActions {
  const display = deriveDisplayStatus(slot, today);
  const running = display !== 'completed';
  return {
    edit:
      (slot.status === 'pending' ||
        slot.status === 'active' ||
        slot.status === 'waiting' ||
        slot.status === 'paused') &&
      running,
    fill: slot.status === 'empty',
    pause: isPausable(slot.status) && running,
    resume: isResumable(slot.status) && running && (actor === 'staff' || !slot.paused_by_staff),
    delete: deletable.has(display) && (actor === 'staff' || !isClosedToOwner(slot.status)),
    restore: actor === 'staff' && slot.status === 'deleted',
    approve: actor === 'staff' && slot.status === 'pending',
    priceEdit: actor === 'staff' && priceEditable.has(slot.status) && running,
    extend: actor === 'staff' && decideExtension(slot, today).ok,
  };
}

/** An extension is possible from this many days before the end date (or once it has passed). */
const EXTENSION_WINDOW_DAYS = 7;

/**
 * Stored statuses of an approved slot. A stored status is enough: waiting, active and completed are
 * reached only through approval (or auto-approval, or filling an issued slot, which is approved by
 * being issued), so `approvedAt` is not asked — the daily job stores `completed` without it.
 */
const extendable = new Set<SlotStatus>(['waiting', 'active', 'completed']);

/**
 * Whether the slot can get its one extension today: approved (stored waiting, active or completed),
 * not extended yet, with an end date at most EXTENSION_WINDOW_DAYS ahead or already past. The
 * server refuses with the message; the operator's row offers 연장 exactly when this is ok.
 */
export function decideExtension(slot: SlotStatusInput, today: KstDay): { ok: true } | { ok: false; message: string } {
  if (slot.has_extension) return { ok: false, message: extensionMessages.alreadyExtended };
  if (!extendable.has(slot.status)) return { ok: false, message: extensionMessages.notApproved };
  if (!slot.endDate) return { ok: false, message: extensionMessages.noEndDate };
  if (kstDaysBetween(today, slot.endDate) > EXTENSION_WINDOW_DAYS)
    return { ok: false, message: extensionMessages.tooEarly(EXTENSION_WINDOW_DAYS) };
  return { ok: true };
}

/** The statuses PATCH /slots/{id}/status takes from anyone (a refund, staff only, is decided apart). */
export const patchableStatuses = ['paused', 'active', 'deleted'] as const;
export type PatchableStatus = (typeof patchableStatuses)[number];

/**
 * Decides a status change (an owner never makes a pending, rejected or refunded slot active: see
 * 'What an owner may change on a slot' in docs/decisions.md). Returns the next stored status or the
 * Korean reason it is refused. `active` means resume
 * (paused → waiting or active by the calendar) or, on a deleted slot, restore (restoredStatus).
 */
export function decideStatusChange(
  slot: SlotStatusInput,
  target: PatchableStatus,
  actor: Actor,
  today: KstDay,
): { ok: true; next: SlotStatus } | { ok: false; reason: 'forbidden' | 'conflict'; message: string } {
  const display = deriveDisplayStatus(slot, today);
  const actions = slotActions(slot, actor, today);
  switch (target) {
    case 'paused':
      if (display === 'completed') return { ok: false, reason: 'conflict', message: slotStatusMessages.completedSlot };
      return actions.pause
        ? { ok: true, next: 'paused' }
        : { ok: false, reason: 'conflict', message: slotStatusMessages.pauseOnlyActive };
    case 'active':
      if (slot.status === 'deleted') {
        return actions.restore
          ? { ok: true, next: restoredStatus(slot, today) }
          : { ok: false, reason: 'forbidden', message: slotStatusMessages.restoreStaffOnly };
      }
      if (
        slot.status === 'pending' ||
        slot.status === 'rejected' ||
        slot.status === 'refunded' ||
        slot.status === 'empty'
      ) {
        return { ok: false, reason: 'conflict', message: slotStatusMessages.notApproved };
      }
      if (display === 'completed') return { ok: false, reason: 'conflict', message: slotStatusMessages.completedSlot };
      if (slot.status === 'paused' && !actions.resume && slot.paused_by_staff)
        return { ok: false, reason: 'forbidden', message: slotStatusMessages.resumeStaffHeld };
      return actions.resume
        ? { ok: true, next: calendarStatus({ ...slot, status: 'active' }, today) }
        : { ok: false, reason: 'conflict', message: slotStatusMessages.resumeOnlyPaused };
    case 'deleted':
      if (slot.status === 'deleted')
        return { ok: false, reason: 'conflict', message: slotStatusMessages.alreadyDeleted };
      return actions.delete
        ? { ok: true, next: 'deleted' }
        : { ok: false, reason: 'conflict', message: slotStatusMessages.deleteNotAllowed };
  }
}
