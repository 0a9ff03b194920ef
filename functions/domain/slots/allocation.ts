import { notificationActionLabels, slotsAllocatedText } from '#shared/messages/notification-events';
import { notifyQuietly } from '../notifications/notify-users';
import { ulid } from 'ulid';
import { addKstDays, kstToday } from '#shared/kst';
import { allocationMessages } from '#shared/messages/slot-allocations';
import { cashMessages } from '#shared/messages/cash';
import { userMessages } from '#shared/messages/users';
import type {
  AllocateSlotsResult,
  AllocationHistoryPage,
  AllocationHistoryRow,
  allocateSlotsSchema,
  allocationHistoryQuerySchema,
} from '#shared/schemas/slot-allocations';
import { TEST_SLOT_DAYS } from '#shared/schemas/slot-allocations';
import type { SlotDto } from '#shared/schemas/slots';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { offsetOf, paginate } from '#commons/pagination';
import { retrying } from '#commons/retry';
import type { z } from '#shared/zod';
import { slotAllocationsStore, type AllocationRecord } from '../../storage/slot-allocations';
import { slotBulksStore, type BulkRecord } from '../../storage/slot-bulks';
import { slotCountersStore } from '../../storage/slot-counters';
import { slotsStore } from '../../storage/slots';
import { transact } from '../../storage/transactions';
import { usersStore, type UserRecord } from '../../storage/users';
import type { Caller } from '../auth/tokens';
import { getSettings } from '../settings/settings-service';
import { logWriter, type ChangeContext } from './slot-change-log';
import { slotLogsStore } from '../../storage/slot-logs';
import { logger } from '#commons/logger';
import { ownersOf, toSlotDto } from './slot-dto';
import { allocationIdFor, bulkSlotId, digest, newBulkAttempt } from './slot-ids';
import { newSlotRecord, statusMove } from './slot-record';
import { visibleSlots } from './slot-visibility';
import { assertStaff } from '#commons/role-guards';

type AllocateInput = z.output<typeof allocateSlotsSchema>;
type HistoryQuery = z.output<typeof allocationHistoryQuerySchema>;

const emptyFields = { customFields: {}, keyword: '', url: '', mid: '', productId: '', itemId: '', vendorItemId: '' };

/**
 * Slots are issued only to a live advertiser: a deleted account reads as not found (as on every
 * other route), a deactivated one cannot sign in to fill them, so both are refused.
 */
function issuableOwner(owner: UserRecord | undefined): UserRecord {
  if (!owner || owner.deletedAt) throw new NotFoundError(userMessages.userNotFound);
  if (owner.role !== 'user')
    throw new ValidationError(allocationMessages.onlyUsers, [
      { field: 'userId', message: allocationMessages.onlyUsers },
    ]);
  if (!owner.isActive) throw new ConflictError(allocationMessages.inactiveUser);
  return owner;
}

/**
 * POST /slots/allocate/{userId} (operators; pre-allocation mode only): issues `slotCount` empty slots
 * with their work period and writes the issuance's history record — never one without the other.
 *
 * Up to 1000 slots do not fit one 100-item transaction, so this uses the bulk registration's commit
 * protocol (docs/data-model.md "Slot bulk registration"): the slots are written first carrying
 * `bulkId = allocationId` and a random attempt, invisible to every reader (slot-visibility.ts);
 * then ONE transaction moves the counters and puts both the `SLOTBULK#{allocationId}` record (which
 * makes exactly that attempt's slots exist) and the `SLOTALLOC#{allocationId}` history record. Before
 * it nothing exists; after it everything does; a crash in between leaves invisible rows that the
 * nightly sweep deletes. The id derives from the operator and the Idempotency-Key, so a retry
 * replays the first answer instead of issuing twice.
 */
export async function allocateSlots(
  userId: string,
  input: AllocateInput,
  ctx: ChangeContext,
): Promise<AllocateSlotsResult> {
  assertStaff(ctx.caller);
  const settings = await getSettings();
  if (settings.slotOperationMode !== 'pre-allocation') throw new ConflictError(allocationMessages.onlyPreAllocation);
  const [found, operator] = await Promise.all([
    usersStore.get(userId, { consistent: true }),
    usersStore.get(ctx.caller.userId),
  ]);
  const owner = issuableOwner(found);

  // A test slot runs 3 days from its start and is free: a trial, not a sale.
  const isTest = !!input.isTest;
  const startDate = input.startDate;
  const endDate = isTest ? addKstDays(startDate, TEST_SLOT_DAYS - 1) : input.endDate;
  const amount = isTest ? 0 : (input.amount ?? 0);
  const workCount = input.workCount ?? 0;
  const n = input.slotCount;
  const terms = {
    userId: owner.id,
    n,
    startDate,
    endDate,
    amount,
    workCount,
    isTest,
    description: input.description ?? '',
    memo: input.memo ?? '',
  };
  const termsHash = digest(terms);

  const allocationId = allocationIdFor(ctx.caller.userId, ctx.idempotencyKey ?? ulid());
  const earlier = await slotBulksStore.get(allocationId);
  if (earlier) return notifyAllocated(earlier.userId, replay(earlier, termsHash), earlier.count);

  const attempt = newBulkAttempt();
  const now = new Date().toISOString();
  const seqStart = await slotCountersStore.reserveNumbers(owner.id, n);
  const slots = Array.from({ length: n }, (_, i) => ({
    ...newSlotRecord({
      id: bulkSlotId(allocationId, attempt, i),
      owner,
      status: 'empty',
      slotNumber: seqStart + i,
      fields: emptyFields,
      price: 0,
      startDate,
      endDate,
      now,
      bulk: { bulkId: allocationId, attempt, index: i },
    }),
    pre_allocation_start_date: startDate,
    pre_allocation_end_date: endDate,
    is_test: isTest,
    allocation_id: allocationId,
    pre_allocation_amount: amount,
    workCount,
    description: input.description || null,
  }));
  const result: AllocateSlotsResult = {
    message: allocationMessages.issued,
    allocationId,
    slotIds: slots.map((s) => s.id),
    startDate,
    endDate,
  };
  const record: AllocationRecord = {
    id: allocationId,
    userId: owner.id,
    user_name: owner.fullName,
    user_email: owner.loginId,
    operatorId: ctx.caller.userId,
    operator_name: operator?.fullName ?? ctx.caller.userId,
    slot_count: n,
    reason: input.description || null,
    memo:
      input.memo ||
      (isTest
        ? allocationMessages.testMemo(startDate, endDate)
        : allocationMessages.memo(startDate, endDate, workCount, amount)),
    amount,
    workCount,
    startDate,
    endDate,
    is_test: isTest,
    payment: false,
    payment_at: null,
    payment_by: null,
    createdAt: now,
  };
  await slotsStore.putBulkSlots(slots);
  const deltas = statusMove(undefined, 'empty', n);
  const twin = await retrying(async () => {
    // A twin request with the same key may have committed meanwhile: then answer as it did.
    const committed = await slotBulksStore.get(allocationId);
    if (committed) return committed;
    // Deleted or deactivated meanwhile: nothing is issued (the rows written above stay invisible).
    issuableOwner(await usersStore.get(owner.id, { consistent: true }));
    await transact([
      usersStore.liveCheck(owner.id, 'user'),
      slotCountersStore.userUpdate(owner.id, deltas),
      slotCountersStore.globalUpdate(deltas),
      slotBulksStore.put({
        bulkId: allocationId,
        attempt,
        userId: owner.id,
        count: n,
        seqStart,
        rowsHash: termsHash,
        result: { ...result, slotIds: [] },
        createdAt: now,
      }),
      ...slotAllocationsStore.put(record),
    ]);
    return undefined;
  });
  if (twin) return notifyAllocated(twin.userId, replay(twin, termsHash), twin.count);
  // Each issued slot's change log says who issued it, when and why. Written after the commit (a
  // thousand lines do not fit one transaction); a failure here loses only the lines, never the slots.
  const log = await logWriter(ctx);
  const at = new Date().toISOString();
  await slotLogsStore
    .putMany(
      slots.map((s) =>
        log(s.id, at, {
          change_type: 'status_change',
          field_key: 'status',
          old_value: null,
          new_value: 'empty',
          description: allocationMessages.issuedLog(input.description ?? '', startDate, endDate),
        }),
      ),
    )
    .catch((error: unknown) => logger.warn('issued slots not logged', { allocationId, error: error as Error }));
  return notifyAllocated(owner.id, result, n);
}

/**
 * After the commit, best-effort: the user hears of the issuance once (the allocation id is the
 * dedupe key, so a replayed request finishes a notice a crash left unsent and never sends twice).
 */
async function notifyAllocated(
  userId: string,
  result: AllocateSlotsResult,
  count: number,
): Promise<AllocateSlotsResult> {
  await notifyQuietly(userId, {
    type: 'success',
    title: slotsAllocatedText.title,
    event: 'slots-allocated',
    message: slotsAllocatedText.message(count, result.startDate, result.endDate),
    actions: [{ label: notificationActionLabels.slots, style: 'primary', action: '/slots' }],
    metadata: { allocationId: result.allocationId, count },
    dedupeKey: `slots-allocated#${result.allocationId}`,
  });
  return result;
}

function replay(record: BulkRecord, termsHash: string): AllocateSlotsResult {
  // The same key with other terms is another issuance: refused, as a bulk with other rows is.
  if (record.rowsHash !== termsHash) throw new ConflictError(cashMessages.idempotencyMismatch);
  const slotIds = Array.from({ length: record.count }, (_, i) => bulkSlotId(record.bulkId, record.attempt, i));
  return { ...(record.result as unknown as AllocateSlotsResult), slotIds };
}

// ---------------------------------------------------------------------------------------------
// History

const byCreated = (a: AllocationHistoryRow, b: AllocationHistoryRow) => a.created_at.localeCompare(b.created_at);
const sorters: Record<HistoryQuery['sortBy'], (a: AllocationHistoryRow, b: AllocationHistoryRow) => number> = {
  created_at: byCreated,
  user_name: (a, b) =>
    (a.current_user_name ?? a.user_name).localeCompare(b.current_user_name ?? b.user_name, 'ko') || byCreated(a, b),
  slot_count: (a, b) => a.slot_count - b.slot_count || byCreated(a, b),
};

function toRow(r: AllocationRecord, current?: { fullName: string; loginId: string }): AllocationHistoryRow {
  return {
    id: r.id,
    created_at: r.createdAt,
    userId: r.userId,
    user_name: r.user_name,
    user_email: r.user_email,
    current_user_name: current?.fullName ?? null,
    current_user_email: current?.loginId ?? null,
    operatorId: r.operatorId,
    operator_name: r.operator_name,
    slot_count: r.slot_count,
    reason: r.reason,
    memo: r.memo,
    amount: r.amount,
    workCount: r.workCount,
    startDate: r.startDate,
    endDate: r.endDate,
    is_test: r.is_test,
    payment: !!r.payment,
    payment_at: r.payment_at,
  };
}

/** An account named by id or login id: its id, undefined when not asked, null when there is none. */
async function accountId(idOrLogin: string | undefined): Promise<string | null | undefined> {
  if (!idOrLogin) return undefined;
  return (await usersStore.idOf(idOrLogin)) ?? null;
}

/**
 * GET /slots/allocation-history: issuances since `dateFrom` (a KST day) or all, optionally one
 * user's or one operator's (each on its own key, docs/data-model.md A2/A3). Sorted by time, a page
 * is read in key order as far as it goes with its total (a counter, docs/data-model.md A2); sorted by name or count, the
 * filter's issuances are read and sorted in memory.
 */
export async function listAllocationHistory(caller: Caller, query: HistoryQuery): Promise<AllocationHistoryPage> {
  assertStaff(caller);
  // The user and the operator are searched by id or login id (exact, case-insensitive).
  const [userId, operatorId] = await Promise.all([accountId(query.userId), accountId(query.operatorId)]);
  const empty = paginate([], query.page, query.limit, 0);
  if (userId === null || operatorId === null) return { allocations: [], items: [], pagination: empty.pagination };
  const filter = { fromDay: query.dateFrom, userId, operatorId };
  const offset = offsetOf(query.page, query.limit);
  let pageRows: AllocationHistoryRow[];
  let total: number;
  if (query.sortBy === 'created_at') {
    // The reads overlap: one user's owner is known before the page; otherwise the page's owners are
    // looked up as soon as it is read, while its total may still be on its way.
    const found = slotAllocationsStore.page(filter, {
      newestFirst: query.sortOrder === 'desc',
      offset,
      limit: query.limit,
    });
    const ownersRead = userId
      ? ownersOf([userId])
      : found.records.then((records) => ownersOf(records.map((r) => r.userId)));
    const [records, owners, count] = await Promise.all([found.records, ownersRead, found.total]);
    pageRows = records.map((r) => toRow(r, owners.get(r.userId)));
    total = count;
  } else {
    const records = await slotAllocationsStore.list(filter);
    // The owners' current names: of every row when the list sorts by them.
    const owners = query.sortBy === 'user_name' ? await ownersOf(records.map((r) => r.userId)) : undefined;
    const rows = records.map((r) => toRow(r, owners?.get(r.userId)));
    const sign = query.sortOrder === 'asc' ? 1 : -1;
    rows.sort((a, b) => sign * sorters[query.sortBy](a, b));
    pageRows = rows.slice(offset, offset + query.limit);
    total = rows.length;
    if (query.sortBy !== 'user_name') {
      const pageOwners = await ownersOf(pageRows.map((r) => r.userId));
      pageRows = pageRows.map((r) => ({
        ...r,
        current_user_name: pageOwners.get(r.userId)?.fullName ?? null,
        current_user_email: pageOwners.get(r.userId)?.loginId ?? null,
      }));
    }
  }
  const page = paginate(pageRows, query.page, query.limit, total);
  return { allocations: page.items, items: page.items, pagination: page.pagination };
}

/** PATCH /slots/allocation-history/{id}/payment: the paid flag, either way (setting it again is harmless). */
export async function setAllocationPayment(
  id: string,
  payment: boolean,
  caller: Caller,
): Promise<AllocationHistoryRow> {
  assertStaff(caller);
  const updated = await slotAllocationsStore.setPayment(id, payment, caller.userId, new Date().toISOString());
  if (!updated) throw new NotFoundError(allocationMessages.allocationNotFound);
  const owners = await ownersOf([updated.userId]);
  return toRow(updated, owners.get(updated.userId));
}

/** The slots of one issuance: the issued ones (from its commit record) and the extensions made from them. */
export async function allocationSlotRecords(id: string) {
  const [record, bulk, extensionIds] = await Promise.all([
    slotAllocationsStore.get(id),
    slotBulksStore.get(id),
    slotAllocationsStore.extensionIds(id),
  ]);
  if (!record || !bulk) throw new NotFoundError(allocationMessages.allocationNotFound);
  const issued = Array.from({ length: bulk.count }, (_, i) => bulkSlotId(bulk.bulkId, bulk.attempt, i));
  const slots = await visibleSlots(await slotsStore.getMany([...issued, ...extensionIds]));
  return { record, slots: slots.sort((a, b) => a.slot_number - b.slot_number) };
}

/** GET /slots/by-allocation/{id} */
export async function slotsOfAllocation(caller: Caller, id: string): Promise<SlotDto[]> {
  assertStaff(caller);
  const { slots } = await allocationSlotRecords(id);
  const owners = await ownersOf(slots.map((s) => s.userId));
  const today = kstToday();
  return slots.map((s) => toSlotDto(s, owners.get(s.userId), today));
}
