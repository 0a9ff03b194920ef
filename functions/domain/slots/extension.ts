import { notificationActionLabels, slotExtendedText, slotsExtendedText } from '#shared/messages/notification-events';
import { notifyQuietly } from '../notifications/notify-users';
import { addKstDays, kstToday } from '#shared/kst';
import { extensionLogTexts, extensionMessages } from '#shared/messages/slot-allocations';
import { userMessages } from '#shared/messages/users';
import {
  type ExtendBulkResult,
  type ExtendSlotResult,
  type SlotExtensionDto,
  type UserExtensionsPage,
  type UserExtensionsQuery,
} from '#shared/schemas/slot-allocations';
import { calendarStatus, decideExtension, deriveDisplayStatus, displayStatusLabels } from '#shared/slot-status';
import { offsetOf, paginate } from '#commons/pagination';
import { ConflictError, DomainError, NotFoundError } from '#commons/errors';
import { retrying } from '#commons/retry';
import { idempotencyStore } from '../../storage/idempotency';
import { slotAllocationsStore } from '../../storage/slot-allocations';
import { slotCountersStore } from '../../storage/slot-counters';
import { slotLogsStore } from '../../storage/slot-logs';
import { slotsStore, type SlotRecord } from '../../storage/slots';
import { transact } from '../../storage/transactions';
import { usersStore, type UserRecord } from '../../storage/users';
import { getSettings } from '../settings/settings-service';
import { allocationSlotRecords } from './allocation';
import { loadSlot } from './queries';
import { logWriter, type ChangeContext } from './slot-change-log';
import { ownersOf, toSlotDto } from './slot-dto';
import { digest, extensionIdFor } from './slot-ids';
import { newSlotRecord, statusMove } from './slot-record';
import { assertStaff } from '#commons/role-guards';
import type { Caller } from '../auth/tokens';

/**
 * Extensions (pre-allocation mode only). An approved slot (waiting, active or
 * completed) without an extension, whose end date is at most 7 days ahead or already past, gets ONE
 * linked child slot: from the day after its end (or today if it has ended) for the chosen days,
 * auto-approved and marked paid.
 *
 * Exactly once: the child's id derives from the parent's id (natural key), and the parent update
 * (version-guarded, `has_extension`), the child put (`attribute_not_exists`), both log lines and the
 * owner's counters (slot-number sequence from the value read) commit in ONE transaction. Concurrent
 * calls: one commits, the others re-read and get 409 "already extended" — or, when they carry the
 * Idempotency-Key of the call that committed, its answer.
 *
 * "Paid" moves no cash: a pre-allocated slot's price is settled outside the product (the issuance's
 * amount and payment flag record it), issued slots cost 0 won, and money only moves through the
 * ledger with a user's balance behind it. `payment_completed` is a flag, like the issuance's payment.
 */

/** Why a slot cannot be extended today, or null: the rule the operator's row offers 연장 by. */
function extensionRefusal(slot: SlotRecord, today: string): string | null {
  const decision = decideExtension(slot, today);
  return decision.ok ? null : decision.message;
}

async function assertPreAllocation() {
  const settings = await getSettings();
  if (settings.slotOperationMode !== 'pre-allocation') throw new ConflictError(extensionMessages.onlyPreAllocation);
}

type Log = Awaited<ReturnType<typeof logWriter>>;

type Owners = Map<string, UserRecord>;

/** One extension, in one retried read → decide → write. Returns the child slot. `owners`: looked-up owners, shared by a bulk. */
async function extendOne(
  slotId: string,
  days: number,
  log: Log,
  ctx: ChangeContext,
  owners: Owners = new Map(),
): Promise<SlotRecord> {
  return retrying(async () => {
    const parent = await loadSlot(ctx.caller, slotId);
    const today = kstToday();
    if (
      parent.has_extension &&
      parent.extension_slot_id &&
      ctx.idempotencyKey &&
      parent.extension_key === ctx.idempotencyKey
    ) {
      const child = await slotsStore.get(parent.extension_slot_id);
      if (child) return child;
    }
    const refusal = extensionRefusal(parent, today);
    if (refusal) throw new ConflictError(refusal);

    const owner = owners.get(parent.userId) ?? (await usersStore.get(parent.userId));
    if (!owner) throw new NotFoundError(userMessages.userNotFound);
    owners.set(owner.id, owner);
    const counters = await slotCountersStore.ofUser(parent.userId);
    const startDate = parent.endDate! < today ? today : addKstDays(parent.endDate!, 1);
    const endDate = addKstDays(startDate, days - 1);
    const status = calendarStatus({ status: 'active', startDate, endDate }, today);
    const now = new Date().toISOString();
    const child: SlotRecord = {
      ...newSlotRecord({
        id: extensionIdFor(parent.id),
        owner,
        status,
        slotNumber: counters.seq + 1,
        fields: {
          customFields: parent.customFields,
          keyword: parent.keyword,
          url: parent.url,
          mid: parent.mid,
          productId: parent.url_product_id ?? '',
          itemId: parent.url_item_id ?? '',
          vendorItemId: parent.url_vendor_item_id ?? '',
        },
        price: 0,
        startDate,
        endDate,
        now,
      }),
      product_name: parent.product_name,
      thumbnail: parent.thumbnail,
      parent_slot_id: parent.id,
      pre_allocation_start_date: startDate,
      pre_allocation_end_date: endDate,
      approved_price: 0,
      approvedAt: now,
      approvedBy: ctx.caller.userId,
      extension_days: days,
      payment_completed: true,
      ...(parent.allocation_id ? { allocation_id: parent.allocation_id } : {}),
      ...(parent.workCount !== undefined ? { workCount: parent.workCount } : {}),
    };
    const deltas = statusMove(undefined, status);
    await transact([
      slotsStore.update(parent, {
        has_extension: true,
        extension_slot_id: child.id,
        ...(ctx.idempotencyKey ? { extension_key: ctx.idempotencyKey } : {}),
        updatedAt: now,
      }),
      slotsStore.putNew(child),
      slotLogsStore.put(
        log(parent.id, now, {
          change_type: 'field_update',
          field_key: 'has_extension',
          old_value: 'false',
          new_value: 'true',
          description: extensionLogTexts.parent(days, child.slot_number),
        }),
      ),
      slotLogsStore.put(
        log(child.id, now, {
          change_type: 'approve',
          field_key: 'status',
          old_value: null,
          new_value: status,
          description: extensionLogTexts.child(days, parent.slot_number, startDate, endDate),
        }),
      ),
      slotCountersStore.userUpdate(parent.userId, deltas, { seq: { expected: counters.seq, next: counters.seq + 1 } }),
      slotCountersStore.globalUpdate(deltas),
      ...(parent.allocation_id
        ? [slotAllocationsStore.linkExtension(parent.allocation_id, child.id, parent.id, now)]
        : []),
    ]);
    return child;
  });
}

async function dto(slot: SlotRecord) {
  const owners = await ownersOf([slot.userId]);
  return toSlotDto(slot, owners.get(slot.userId), kstToday());
}

/** POST /slots/{id}/extend */
export async function extendSlot(slotId: string, days: number, ctx: ChangeContext): Promise<ExtendSlotResult> {
  assertStaff(ctx.caller);
  await assertPreAllocation();
  const child = await extendOne(slotId, days, await logWriter(ctx), ctx);
  // After the commit, best-effort: one extension per slot, so its child's id is the dedupe key.
  await notifyQuietly(child.userId, {
    type: 'success',
    title: slotExtendedText.title,
    event: 'slot-extended',
    message: slotExtendedText.message(child.slot_number, days, child.startDate ?? '', child.endDate ?? ''),
    actions: [{ label: notificationActionLabels.slots, style: 'primary', action: '/slots' }],
    metadata: { slotId: child.id, parentSlotId: slotId, days },
    dedupeKey: `slot-extended#${child.id}`,
  });
  return { message: extensionMessages.extended(days), slot: await dto(child) };
}

/**
 * POST /slots/extend-bulk: every eligible slot of one issuance (originals and earlier extensions),
 * one by one, each exactly once; the answer counts successes and failures. A retry with the same
 * Idempotency-Key replays the first answer (else it would extend the new, still short, extensions).
 */
export async function extendBulk(
  input: { allocationHistoryId: string; extensionDays: number },
  ctx: ChangeContext,
): Promise<ExtendBulkResult> {
  assertStaff(ctx.caller);
  await assertPreAllocation();
  const scope = `extend-bulk#${input.allocationHistoryId}`;
  if (ctx.idempotencyKey) {
    const first = await idempotencyStore.get<ExtendBulkResult>(scope, ctx.idempotencyKey);
    if (first) return first;
  }
  const { slots } = await allocationSlotRecords(input.allocationHistoryId);
  const today = kstToday();
  const candidates = slots.filter((s) => !extensionRefusal(s, today));
  if (!candidates.length) throw new ConflictError(extensionMessages.noneExtendable);

  const log = await logWriter(ctx);
  const owners: Owners = new Map();
  const errors: ExtendBulkResult['errors'] = [];
  let extended = 0;
  const children: SlotRecord[] = [];
  // One at a time: they share the owner's counters, so parallel ones would only collide.
  for (const slot of candidates) {
    try {
      children.push(await extendOne(slot.id, input.extensionDays, log, { ...ctx, idempotencyKey: undefined }, owners));
      extended += 1;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      errors.push({ slotId: slot.id, slot_number: slot.slot_number, message: err.message });
    }
  }
  const total = candidates.length;
  const failed = errors.length;
  const message =
    extended === 0
      ? extensionMessages.bulkFailed
      : failed
        ? extensionMessages.bulkPartial(total, extended, failed)
        : extensionMessages.bulkExtended(extended);
  const result: ExtendBulkResult = { message, extended, failed, total, skipped: slots.length - total, errors };
  // One notice per owner for the whole bulk; the extensions made (each slot is extended once) are the dedupe key.
  const byOwner = new Map<string, SlotRecord[]>();
  for (const c of children) byOwner.set(c.userId, [...(byOwner.get(c.userId) ?? []), c]);
  for (const [userId, made] of byOwner) {
    await notifyQuietly(userId, {
      type: 'success',
      title: slotsExtendedText.title,
      event: 'slots-extended',
      message: slotsExtendedText.message(made.length, input.extensionDays),
      actions: [{ label: notificationActionLabels.slots, style: 'primary', action: '/slots' }],
      metadata: {
        allocationId: input.allocationHistoryId,
        slotIds: made.map((c) => c.id).slice(0, 50),
        days: input.extensionDays,
      },
      dedupeKey: `slots-extended#${digest(made.map((c) => c.id).sort())}`,
    });
  }
  if (ctx.idempotencyKey) await idempotencyStore.put(scope, ctx.idempotencyKey, result);
  return result;
}

/** One extension as the histories answer it: the child slot made from `parent`. */
const extensionDto = (child: SlotRecord, parent: SlotRecord, today: string): SlotExtensionDto => ({
  slot_id: child.id,
  slot_number: child.slot_number,
  parent_slot_id: parent.id,
  parent_slot_number: parent.slot_number,
  extension_days: child.extension_days ?? 0,
  extended_at: child.createdAt,
  startDate: child.startDate,
  endDate: child.endDate,
  displayStatusLabel: displayStatusLabels[deriveDisplayStatus(child, today)],
});

/**
 * GET /slots/{id}/extensions: the extensions of the slot's chain (its parents'
 * and its own), newest first. loadSlot answers 404 to anyone but the owner and staff; each step is
 * one read (a chain grows by one slot per extension), and a link to another owner's slot ends it.
 */
export async function extensionHistory(caller: Caller, slotId: string): Promise<{ items: SlotExtensionDto[] }> {
  const start = await loadSlot(caller, slotId);
  const sameOwner = (s: SlotRecord | undefined): s is SlotRecord => !!s && s.userId === start.userId;
  const seen = new Set([start.id]);
  let root = start;
  for (let up = root.parent_slot_id; up && !seen.has(up); up = root.parent_slot_id) {
    seen.add(up);
    const parent = await slotsStore.get(up);
    if (!sameOwner(parent)) break;
    root = parent;
  }
  const today = kstToday();
  const items: SlotExtensionDto[] = [];
  for (let parent = root, down = root.extension_slot_id; down; down = parent.extension_slot_id) {
    const child = await slotsStore.get(down);
    if (!sameOwner(child) || child.parent_slot_id !== parent.id) break;
    items.push(extensionDto(child, parent, today));
    if (items.length > 1000) break; // a loop in bad data must not run forever
    parent = child;
  }
  return { items: items.reverse() };
}

/**
 * GET /slots/extensions?userId= (staff): every extension of one user's slots,
 * newest first, paged — the user's slots (one GSI1 query, as their own list reads them) whose parent
 * is one of them. An unknown user has none.
 */
export async function userExtensions(caller: Caller, query: UserExtensionsQuery): Promise<UserExtensionsPage> {
  assertStaff(caller);
  const slots = await slotsStore.listSlotsOfUser(query.userId);
  const byId = new Map(slots.map((s) => [s.id, s]));
  const today = kstToday();
  const all = slots
    .flatMap((child) => {
      const parent = child.parent_slot_id ? byId.get(child.parent_slot_id) : undefined;
      return parent ? [extensionDto(child, parent, today)] : [];
    })
    .sort((a, b) => b.extended_at.localeCompare(a.extended_at) || b.slot_number - a.slot_number);
  const from = offsetOf(query.page, query.limit);
  return paginate(all.slice(from, from + query.limit), query.page, query.limit, all.length);
}
