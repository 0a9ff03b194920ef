import { addKstDays, kstDayStartIso, kstToday } from '#shared/kst';
import { isStaff } from '#shared/roles';
import { slotMessages, slotQueryMessages } from '#shared/messages/slots';
import {
  staffOnlySearchTypes,
  userPageSizes,
  type RankDeleteQueryDto,
  type RankHistoryDto,
  type SlotCountDto,
  type SlotDto,
  type SlotList,
  type SlotListQuery,
  type SlotLogDto,
} from '#shared/schemas/slots';
import { deriveDisplayStatus, isClosedToOwner, slotStatuses, type SlotStatus } from '#shared/slot-status';
import { slotFormFields } from '#shared/slot-fields';
import type { Caller } from '../auth/tokens';
import { config } from '#commons/config';
import { fieldConfigsStore } from '../../storage/field-configs';
import { slotsStore, type SlotListRow, type SlotRecord } from '../../storage/slots';
import { slotRankDaysStore } from '../../storage/slot-rank-days';
import { slotLogsStore } from '../../storage/slot-logs';
import { slotCountersStore } from '../../storage/slot-counters';
import { usersStore, type UserRecord } from '../../storage/users';
import { ForbiddenError, NotFoundError, ValidationError } from '#commons/errors';
import { ownersOf, toSlotDto } from './slot-dto';
import { visibleSlots } from './slot-visibility';
import { inactiveUserIds } from './system-stats';
import { isPagedStaffQuery, pagedStaffList } from './staff-list';
import { searchRows } from './search-copy';

/**
 * Reads. Owners see only their own slots (others' read as not found); operators and developers see
 * every slot (or one user's with `?userId=`). Refunded and deleted slots are closed to their owner.
 */

/**
 * Whether the caller may reach the slot at all: staff reach every slot; an owner their own, except
 * refunded and deleted ones, which are closed to them (shared/slot-status.ts isClosedToOwner).
 */
export const mayReach = (caller: Caller, slot: Pick<SlotRecord, 'userId' | 'status'>) =>
  isStaff(caller.role) || (slot.userId === caller.userId && !isClosedToOwner(slot.status));

/**
 * The slot if the caller may reach it; 404 otherwise — another user's slot, and the owner's own once
 * refunded or deleted, are not even admitted to exist. Every per-slot route loads through here.
 */
export async function loadSlot(caller: Caller, slotId: string): Promise<SlotRecord> {
  const stored = await slotsStore.get(slotId);
  const [slot] = stored ? await visibleSlots([stored]) : [];
  if (!slot || !mayReach(caller, slot)) throw new NotFoundError(slotMessages.slotNotFound);
  return slot;
}

export async function getSlot(caller: Caller, slotId: string): Promise<SlotDto> {
  const slot = await loadSlot(caller, slotId);
  const owners = await ownersOf([slot.userId]);
  return toSlotDto(slot, owners.get(slot.userId), kstToday());
}

/**
 * A user's slots, whole, cached in this process (a warm Lambda) and used only while they are current:
 * the user's counters item carries `listVersion`, bumped in the transaction of every change of the
 * user's slots, and is read strongly consistent on every list call. The slots come from GSI1, which
 * trails the table by a moment: they are reused only when read at least the index lag after the
 * change they reflect (`settled`). Until then every call queries again, and the page's slots are
 * read from the table itself, so an edit shows at once. The owner's record (name, login id, active
 * flag in every row) is kept with them: a change of it bumps `listVersion` too (users domain). A
 * settled copy answers a page with no read but the counters item: the user's list costs about what
 * a balance read does.
 */
const MAX_CACHED_USERS = 100;
type OwnerSlots = { slots: SlotRecord[]; owner: UserRecord | undefined };
const slotCache = new Map<string, OwnerSlots & { version: number; readAt: number }>();
const inFlight = new Map<string, { readAt: number; read: Promise<OwnerSlots> }>();

async function slotsOfUser(userId: string): Promise<OwnerSlots & { settled: boolean }> {
  const { listVersion, listChangedAt } = await slotCountersStore.ofUser(userId);
  const hit = slotCache.get(userId);
  const settledAfter = (listChangedAt ? Date.parse(listChangedAt) : 0) + config().indexLagMs;
  if (hit && hit.version === listVersion && hit.readAt >= settledAfter) return { ...hit, settled: true };
  // Concurrent misses for the same user and version share one read (the local server runs many at once).
  const flightKey = `${userId}#${listVersion}`;
  const pending = inFlight.get(flightKey);
  if (pending && pending.readAt >= settledAfter) return { ...(await pending.read), settled: true };
  const readAt = Date.now();
  const read = Promise.all([slotsStore.listSlotsOfUser(userId), usersStore.get(userId)]).then(([slots, owner]) => {
    slotCache.delete(userId);
    if (slotCache.size >= MAX_CACHED_USERS) slotCache.delete(slotCache.keys().next().value!);
    const entry = { version: listVersion, readAt, slots, owner };
    slotCache.set(userId, entry);
    return entry;
  });
  inFlight.set(flightKey, { readAt, read });
  try {
    return { ...(await read), settled: readAt >= settledAfter };
  } finally {
    inFlight.delete(flightKey);
  }
}

const contains = (value: string | null | undefined, needle: string) => !!value && value.toLowerCase().includes(needle);

/** A row a search looks into: list attributes, and the field values where the row has them. */
type SearchableRow = SlotListRow & { customFields?: Record<string, string> };

/**
 * A row's searched texts in lower case, joined per search type (a separator no one types keeps a match
 * inside one field), kept on the row object itself under a symbol (never stored: JSON leaves symbols
 * out): the staff search filters every slot on each search, and a row's texts are lowered once, not
 * once a search. A property rather than a WeakMap of 100,000 rows, which every full garbage collection
 * would walk. Rebuilt when the searchable fields change.
 */
interface Haystacks {
  searchable: string;
  keyword: string;
  url: string;
  productName: string;
  all: string;
}
const HAYSTACKS = Symbol('haystacks');
const SEPARATOR = '\u0000';

function haystacksOf(row: SearchableRow, searchable: readonly string[], searchableKey: string): Haystacks {
  const held = row as SearchableRow & { [HAYSTACKS]?: Haystacks };
  const hit = held[HAYSTACKS];
  if (hit && hit.searchable === searchableKey) return hit;
  const lower = (v: string | null | undefined) => (v ?? '').toLowerCase();
  const custom = row.customFields ? searchable.map((key) => row.customFields![key]) : [];
  const fresh = {
    searchable: searchableKey,
    keyword: lower(row.keyword),
    url: lower(row.url),
    productName: lower(row.product_name),
    all: [row.keyword, row.url, row.product_name, row.mid, ...custom]
      .filter((v) => typeof v === 'string' && v !== '')
      .join(SEPARATOR)
      .toLowerCase(),
  };
  held[HAYSTACKS] = fresh;
  return fresh;
}

/**
 * `searchable`: the configured fields marked searchable (`is_searchable`), which the all-fields search
 * looks into besides keyword, URL, product name and MID.
 */
function matchesSearch(
  row: SearchableRow,
  type: SlotListQuery['searchType'],
  needle: string,
  searchable: readonly string[],
  searchableKey: string,
): boolean {
  if (type === 'userId') return row.userId.toLowerCase() === needle || contains(row.userLogin, needle);
  if (type === 'slotNumber') return String(row.slot_number) === needle.replace(/^#/, '');
  return haystacksOf(row, searchable, searchableKey)[type].includes(needle);
}

/** Staff's combined advanced search: these fields (each matched as its one-field search is) and the user, all at once. */
const combinedFields = ['keyword', 'url', 'productName', 'slotNumber'] as const;

/** Keys of the configured fields marked searchable, read only when a search looks into them. */
async function searchableFieldKeys(): Promise<string[]> {
  return (await fieldConfigsStore.list()).filter((c) => c.is_searchable).map((c) => c.field_key);
}

/** Matches of recent searches of the copy, by search and copy generation; at most MAX_RESULTS kept. */
const results = new Map<string, Promise<SearchableRow[]>>();
const MAX_RESULTS = 50;

/** `compute`'s answer, shared by every search with the same key while it is kept (none without a key); forgotten when it fails. */
function sharedResult(key: string | undefined, compute: () => Promise<SearchableRow[]>): Promise<SearchableRow[]> {
  if (key === undefined) return compute();
  const hit = results.get(key);
  if (hit) return hit;
  const fresh = compute().catch((err) => {
    results.delete(key);
    throw err;
  });
  if (results.size >= MAX_RESULTS) results.delete(results.keys().next().value!);
  results.set(key, fresh);
  return fresh;
}

/** Rows looked at between two turns of the event loop while a search filters the copy of every slot. */
const FILTER_SLICE = 5_000;

/**
 * `rows.filter(keep)`, a slice at a time, letting other requests run between slices: one search's
 * filtering of 100,000 rows (and its first lowering of their texts) holds no other request up for long.
 */
async function filterInSlices<T>(rows: readonly T[], keep: (row: T) => boolean): Promise<T[]> {
  if (rows.length <= FILTER_SLICE) return rows.filter(keep);
  const kept: T[] = [];
  for (let start = 0; start < rows.length; start += FILTER_SLICE) {
    if (start) await new Promise((r) => setImmediate(r));
    const end = Math.min(rows.length, start + FILTER_SLICE);
    for (let i = start; i < end; i++) if (keep(rows[i])) kept.push(rows[i]);
  }
  return kept;
}

type Sortable = string | number | null | undefined;
const sortValue = (row: SlotListRow, by: SlotListQuery['sortBy']): Sortable => row[by];

function compare(a: Sortable, b: Sortable): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  return a < b ? -1 : 1;
}

/**
 * GET /slots. The caller's slots (or, for staff, everyone's in the statuses asked) are read with
 * only the attributes filters and sorting need — one Query on the user's index — then filtered,
 * sorted and cut to the page in memory, and only the page's slots are fetched whole. A user holds
 * at most maxSlotsPerUser slots, so the read stays one or two index pages (bench: slots-bulk).
 */
export async function listSlots(caller: Caller, query: SlotListQuery): Promise<SlotList> {
  const staff = isStaff(caller.role);
  if (!staff && staffOnlySearchTypes.includes(query.searchType))
    throw new ValidationError(slotQueryMessages.searchTypeInvalid);
  if (!staff && !(userPageSizes as readonly number[]).includes(query.limit))
    throw new ValidationError(slotQueryMessages.pageSizeInvalid(userPageSizes));
  if (!staff && query.userId && query.userId !== caller.userId) throw new ForbiddenError(slotMessages.notOwner);

  const status = query.status && query.status !== 'all' ? query.status : undefined;
  // Refunded and deleted slots are closed to their owner (loadSlot): not listed either.
  if (!staff && status && isClosedToOwner(status))
    return { items: [], pagination: { page: query.page, limit: query.limit, total: 0, totalPages: 0 } };
  let ownerId = staff ? query.userId : caller.userId;
  const today = kstToday();
  // Every search given must match: the one-field search and the combined search's fields. A date
  // order the user got wrong is refused rather than answered with nothing.
  const needle = query.search?.trim().toLowerCase();
  const searches: Array<[SlotListQuery['searchType'], string]> = combinedFields.flatMap((f) =>
    query[f] ? [[f, String(query[f]).toLowerCase()]] : [],
  );
  const combined = staff && !!(query.user || searches.length);
  if (needle) searches.push([query.searchType, needle]);
  if (combined && query.user) {
    // The user field names one account (id or login id): its slots are the narrowed partition.
    const id = await usersStore.idOf(query.user);
    if (!id || (ownerId && ownerId !== id)) return pageAnswer([], query, 0, today);
    ownerId = id;
  }
  if (!ownerId && !combined && isPagedStaffQuery(query)) {
    const { rows, total } = await pagedStaffList(query, status, today);
    return pageAnswer(rows, query, total, today);
  }
  // One user's slots (their partition, cached), or for searches, date filters and other sorts across
  // users the staff search's copy of every slot (search-copy.ts): every status, every registration date.
  // The operator's "inactive" tab: slots of deactivated accounts (user-account level). All four reads at once.
  const [ofOwner, copy, searchable, inactiveOwners] = await Promise.all([
    ownerId ? slotsOfUser(ownerId) : undefined,
    ownerId ? undefined : searchRows(),
    searches.length ? searchableFieldKeys() : [],
    staff && query.userStatus === 'inactive' ? inactiveUserIds() : undefined,
  ]);
  const candidates: readonly SearchableRow[] = ofOwner ? ofOwner.slots : copy!.rows;
  const searchableKey = searchable.join(SEPARATOR);

  const createdFrom = query.dateFrom ? kstDayStartIso(query.dateFrom) : undefined;
  const createdBefore = query.dateTo ? kstDayStartIso(addKstDays(query.dateTo, 1)) : undefined;
  if (createdFrom && createdBefore && createdFrom >= createdBefore) throw new ValidationError(slotMessages.dateOrder);
  const { workFrom, workTo, hideExpired, sortBy, sortOrder } = query;
  // The pages of one search of one copy generation share its matches (paging through them, concurrent asks).
  const resultKey =
    copy && !inactiveOwners
      ? JSON.stringify([copy.generation, today, searchableKey, searches, status ?? null, createdFrom ?? null]) +
        JSON.stringify([createdBefore ?? null, workFrom ?? null, workTo ?? null, hideExpired, sortBy, sortOrder])
      : undefined;
  const filtered = await sharedResult(resultKey, async () => {
    const matching = await filterInSlices(candidates, (row) => {
      if (!searches.every(([type, n]) => matchesSearch(row, type, n, searchable, searchableKey))) return false;
      if (createdFrom && row.createdAt < createdFrom) return false;
      if (createdBefore && row.createdAt >= createdBefore) return false;
      const display = deriveDisplayStatus(row, today);
      if (status ? display !== status : display === 'deleted') return false;
      if (!staff && isClosedToOwner(row.status)) return false;
      if (inactiveOwners && !inactiveOwners.has(row.userId)) return false;
      if (workFrom && (!row.endDate || row.endDate < workFrom)) return false;
      if (workTo && (!row.startDate || row.startDate > workTo)) return false;
      if (hideExpired && ((row.endDate && row.endDate < today) || row.status === 'expired')) return false;
      return true;
    });
    const visible = await visibleSlots(matching);
    const direction = sortOrder === 'asc' ? 1 : -1;
    if (copy && sortBy === 'createdAt') {
      // The copy is in the list's default order already (newest first).
      if (direction === 1) visible.reverse();
    } else
      visible.sort((a, b) => {
        const av = sortValue(a, sortBy);
        const bv = sortValue(b, sortBy);
        // Missing values go last whichever the order.
        const missing =
          (av === null || av === undefined || av === '') !== (bv === null || bv === undefined || bv === '');
        const primary = missing ? compare(av, bv) : compare(av, bv) * direction;
        return primary || (compare(a.createdAt, b.createdAt) || a.slot_number - b.slot_number) * direction;
      });
    return visible;
  });

  const page = filtered.slice((query.page - 1) * query.limit, query.page * query.limit);
  // One owner's settled copy holds the page's slots whole: answered without another read.
  if (ofOwner?.settled) {
    return {
      items: (page as SlotRecord[]).map((s) => toSlotDto(s, ofOwner.owner, today)),
      pagination: {
        page: query.page,
        limit: query.limit,
        total: filtered.length,
        totalPages: Math.ceil(filtered.length / query.limit),
      },
    };
  }
  return pageAnswer(page, query, filtered.length, today);
}

/** Only the page's slots are fetched whole. */
async function pageAnswer(
  pageRows: Array<Pick<SlotListRow, 'id' | 'userId'>>,
  query: SlotListQuery,
  total: number,
  today: string,
): Promise<SlotList> {
  // The rows name the owners already: both reads at once.
  const [slots, owners] = await Promise.all([
    slotsStore.getMany(pageRows.map((r) => r.id)),
    ownersOf(pageRows.map((r) => r.userId)),
  ]);
  return {
    items: slots.map((s) => toSlotDto(s, owners.get(s.userId), today)),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

/**
 * GET /slots/count: from the counters kept with every change (never a scan). Users count their
 * own slots without refunded and deleted ones; staff get everyone's or one user's.
 */
export async function countSlots(caller: Caller, query: { status?: string; userId?: string }): Promise<SlotCountDto> {
  const staff = isStaff(caller.role);
  if (!staff && query.userId && query.userId !== caller.userId) throw new ForbiddenError(slotMessages.notOwner);
  const userId = staff ? query.userId : caller.userId;
  const counters = userId ? await slotCountersStore.ofUser(userId) : await slotCountersStore.global();
  const by = counters.byStatus;
  const visible = slotStatuses.filter((s) => s !== 'deleted' && (staff || s !== 'refunded'));
  const status = query.status && query.status !== 'all' ? (query.status as SlotStatus) : undefined;
  const count = status
    ? visible.includes(status) || (staff && status === 'deleted')
      ? by[status]
      : 0
    : visible.reduce((n, s) => n + by[s], 0);
  const held = counters.held;
  return {
    count,
    allocated: held,
    used: held - by.empty,
    available: by.empty,
    allocated_slots: held,
    used_slots: held - by.empty,
    byStatus: by,
    cards: {
      total: visible.reduce((n, s) => n + by[s], 0),
      empty: by.empty,
      waiting: by.waiting,
      active: by.active,
      paused: by.paused,
      completed: by.completed,
    },
  };
}

/** GET /slots/allocation/{userId}: the user's own or, for staff, anyone's. */
export async function allocationOf(caller: Caller, userId: string) {
  const c = await countSlots(caller, { userId });
  return { userId, allocated_slots: c.allocated, used_slots: c.used, available_slots: c.available };
}

/**
 * GET /slots/{id}/logs: newest first. Operators and developers see every line's IP address and user
 * agent; an owner sees them only on the lines they made themselves (not on staff lines, the system
 * job's, or those a developer made as them through user-switch): other people's addresses are not theirs.
 */
export async function slotLogs(caller: Caller, slotId: string): Promise<SlotLogDto[]> {
  await loadSlot(caller, slotId);
  const logs = await slotLogsStore.list(slotId);
  const staff = isStaff(caller.role);
  return logs
    .reverse()
    .map(({ actor_id, ip_address, user_agent, ...log }) =>
      staff || (log.user_id === caller.userId && !actor_id) ? { ...log, ip_address, user_agent } : log,
    );
}

/** GET /slots/{id}/field-values: the configured fields' values, in form order. */
export async function fieldValues(caller: Caller, slotId: string) {
  const [slot, configs] = await Promise.all([loadSlot(caller, slotId), fieldConfigsStore.list()]);
  // Form fields first, then the other configured ones (system fields) in display order, then the rest.
  const ordered = [...new Set([...slotFormFields(configs), ...configs].map((f) => f.field_key))];
  const rest = Object.keys(slot.customFields)
    .filter((k) => !ordered.includes(k))
    .sort();
  return {
    slotId,
    fieldValues: [...ordered, ...rest]
      .filter((k) => Object.hasOwn(slot.customFields, k))
      .map((field_key) => ({ field_key, value: slot.customFields[field_key] })),
  };
}

/** GET /slots/{id}/rank-delete-query: what a keyword or URL change would reset. */
export async function rankDeleteQuery(caller: Caller, slotId: string): Promise<RankDeleteQueryDto> {
  const slot = await loadSlot(caller, slotId);
  const days = await slotRankDaysStore.keysOf(slotId);
  const hasRankData = slot.rank !== null || slot.yesterday_rank !== null || slot.first_rank !== null || days.length > 0;
  return {
    slotId,
    keyword: slot.keyword,
    url: slot.url,
    hasRankData,
    rank: slot.rank,
    yesterday_rank: slot.yesterday_rank,
    first_rank: slot.first_rank,
    historyDays: days.length,
    message: hasRankData ? slotQueryMessages.rankResetWarning(days.length) : slotQueryMessages.noRankData,
  };
}

/** GET /slots/{id}/rank-history: daily entries between the dates (default: the last 30 KST days; at most 366 days). */
export async function rankHistory(
  caller: Caller,
  slotId: string,
  query: { startDate?: string; endDate?: string },
): Promise<RankHistoryDto> {
  await loadSlot(caller, slotId);
  const endDate = query.endDate ?? kstToday();
  const startDate = query.startDate ?? addKstDays(endDate, -29);
  if (startDate > endDate) throw new ValidationError(slotMessages.dateOrder);
  // One request reads at most a year of days (one item per day).
  if (addKstDays(startDate, 365) < endDate) throw new ValidationError(slotMessages.rankHistoryRange);
  const days = await slotRankDaysStore.between(slotId, startDate, endDate);
  return {
    items: days.map(({ date, rank, min_rank, avg_rank, max_rank, prev_rank, impressions, clicks }) => ({
      date,
      rank,
      min_rank,
      avg_rank,
      max_rank,
      prev_rank,
      // Only days a worker reported figures for carry them (omitted, not null, on every other day).
      ...(typeof impressions === 'number' ? { impressions, clicks: clicks ?? 0 } : {}),
    })),
    dateRange: { startDate, endDate },
  };
}
