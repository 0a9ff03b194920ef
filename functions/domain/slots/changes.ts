import { addKstDays, kstToday } from '#shared/kst';
import { parseCoupangUrl } from '#shared/coupang-url';
import { fieldValueOf, systemFieldKeys } from '#shared/field-configs';
import { slotMessages, slotFieldMessages, slotStatusMessages, slotLogTexts } from '#shared/messages/slots';
import {
  type FillSlotInput,
  type SlotDto,
  type SlotStatusChangeInput,
  type UpdateSlotFieldsInput,
  type UserBulkUpdateInput,
} from '#shared/schemas/slots';
import {
  KEYWORD_FIELD,
  URL_FIELD,
  collectFieldInput,
  splitKeywords,
  validateSlotFields,
  type RawFieldValues,
  type SlotFieldValues,
} from '#shared/slot-fields';
import { MAX_KEYWORDS } from '#shared/slot-constants';
import {
  calendarStatus,
  decideStatusChange,
  displayStatusLabels,
  isSelectableForBulk,
  slotActions,
} from '#shared/slot-status';
import { isStaff } from '#shared/roles';
import { fieldConfigsStore } from '../../storage/field-configs';
import { slotsStore, type SlotRecord } from '../../storage/slots';
import { slotRankDaysStore } from '../../storage/slot-rank-days';
import { slotCountersStore, type CounterDeltas } from '../../storage/slot-counters';
import { slotLogsStore, type SlotLogRecord } from '../../storage/slot-logs';
import { transact, type TransactItem } from '../../storage/transactions';
import { logger } from '#commons/logger';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#commons/errors';
import { getSettings } from '../settings/settings-service';
import { loadSlot, mayReach } from './queries';
import { actorOf, logWriter, type ChangeContext } from './slot-change-log';
import { fieldAttributes, fieldsError, statusMove } from './slot-record';
import { ownersOf, toSlotDto } from './slot-dto';
import { visibleSlots } from './slot-visibility';
import { refundSlot } from './refunds';
import { retrying } from '#commons/retry';

/**
 * Changes an owner (or staff) makes to existing slots. Each change is one transaction: the slot
 * (guarded by its version), one log line per changed value, and the counters when the status moves.
 */

type Log = Awaited<ReturnType<typeof logWriter>>;
const systemKeys = new Set<string>(systemFieldKeys);

function mergeCounters(into: CounterDeltas, add: CounterDeltas) {
  for (const [k, v] of Object.entries(add))
    into[k as keyof CounterDeltas] = (into[k as keyof CounterDeltas] ?? 0) + (v ?? 0);
}

/**
 * The owner's counters and one global shard, always: both carry a list version (the owner's list
 * cache, the staff list's page cursors), and an edit of dates or fields can move a slot's display status.
 */
function countersItems(userId: string, deltas: CounterDeltas): TransactItem[] {
  return [slotCountersStore.userUpdate(userId, deltas), slotCountersStore.globalUpdate(deltas)];
}

async function answer(slot: SlotRecord): Promise<SlotDto> {
  const owners = await ownersOf([slot.userId]);
  return toSlotDto(slot, owners.get(slot.userId), kstToday());
}

const userFields = (custom: Record<string, string>): RawFieldValues =>
  Object.fromEntries(Object.entries(custom).filter(([k]) => !systemKeys.has(k)));

interface Plan {
  changes: Partial<SlotRecord>;
  logs: SlotLogRecord[];
  counters: CounterDeltas;
  /** Keyword or URL changed while rank data existed: history days are deleted after the commit. */
  rankReset: boolean;
}

/**
 * New field values for a slot: which values changed (one log line each), derived ids, a rank reset
 * when the keyword or URL changed, and — for an empty slot that now has keyword and URL — the move
 * to its dates' calendar status (waiting before the start, active, completed after the end).
 */
async function planFields(slot: SlotRecord, values: SlotFieldValues, log: Log, now: string): Promise<Plan> {
  const filling = slot.status === 'empty';
  const changeType = filling ? 'fill_empty' : 'field_update';
  const logs: SlotLogRecord[] = [];
  const keysSeen = new Set([...Object.keys(slot.customFields), ...Object.keys(values.customFields)]);
  for (const key of keysSeen) {
    if (systemKeys.has(key)) continue;
    const before = fieldValueOf(slot.customFields, key) ?? '';
    const after = fieldValueOf(values.customFields, key) ?? '';
    if (before !== after)
      logs.push(
        log(slot.id, now, {
          change_type: changeType,
          field_key: key,
          old_value: before,
          new_value: after,
          description: filling ? slotLogTexts.filled : slotLogTexts.fieldUpdated,
        }),
      );
  }
  const changes: Partial<SlotRecord> = {};
  const plan: Plan = { changes, logs, counters: {}, rankReset: false };
  if (!logs.length) return plan;

  Object.assign(changes, { ...fieldAttributes(values), updatedAt: now });
  const targetChanged = values.keyword !== slot.keyword || values.url !== slot.url;
  const hadRank = slot.rank !== null || slot.yesterday_rank !== null || slot.first_rank !== null;
  if (targetChanged && !filling) {
    plan.rankReset = true;
    Object.assign(changes, {
      rank: null,
      rank_measured_at: null,
      yesterday_rank: null,
      first_rank: null,
      product_name: null,
      thumbnail: null,
    });
    if (hadRank)
      logs.push(
        log(slot.id, now, {
          change_type: 'field_update',
          field_key: 'rank',
          old_value: slot.rank,
          new_value: null,
          description: slotLogTexts.rankResetByChange,
        }),
      );
  }
  if (filling && values.keyword && values.url) {
    // A filled pre-allocated slot runs: on its issued dates, or from today for the configured days.
    const settings = await getSettings();
    const today = kstToday();
    const startDate = slot.startDate ?? slot.pre_allocation_start_date ?? today;
    const endDate =
      slot.endDate ?? slot.pre_allocation_end_date ?? addKstDays(startDate, settings.slotDurationDays - 1);
    // Stored as the list shows it, so the status cards (counters) agree with the rows.
    const next = calendarStatus({ status: 'active', startDate, endDate }, today);
    Object.assign(changes, { status: next, startDate, endDate });
    plan.counters = statusMove('empty', next);
    logs.push(
      log(slot.id, now, {
        change_type: 'status_change',
        field_key: 'status',
        old_value: 'empty',
        new_value: next,
        description: slotLogTexts.statusMoved(displayStatusLabels.empty, displayStatusLabels[next]),
      }),
    );
  }
  return plan;
}

async function commitPlan(slot: SlotRecord, plan: Plan, extra: TransactItem[] = []): Promise<SlotRecord> {
  if (!plan.logs.length) return slot;
  await transact([
    slotsStore.update(slot, plan.changes),
    ...plan.logs.map((l) => slotLogsStore.put(l)),
    ...countersItems(slot.userId, plan.counters),
    ...extra,
  ]);
  if (plan.rankReset) await dropRankDays(slot.id);
  return { ...slot, ...plan.changes, version: slot.version + 1 };
}

/** Rank history of a slot whose keyword or URL changed. A failure is only logged: the change itself is stored. */
async function dropRankDays(slotId: string) {
  try {
    await slotRankDaysStore.deleteAllOf(slotId);
  } catch (err) {
    logger.warn('rank history not deleted', { slotId, error: err as Error });
  }
}

/**
 * PATCH /slots/{id}/status: pause, resume (to the calendar status), delete (keeping the status it
 * had in `statusBeforeDelete`); restore for staff (`active` on a deleted slot: back to that status,
 * shared/slot-status.ts restoredStatus).
 */
export async function changeStatus(slotId: string, input: SlotStatusChangeInput, ctx: ChangeContext): Promise<SlotDto> {
  // Refunds (staff only, with money) have their own module.
  if (input.status === 'refunded')
    return refundSlot(slotId, { refundReason: input.refundReason ?? '', fullRefund: input.fullRefund }, ctx);
  const status = input.status;
  const log = await logWriter(ctx);
  // The change's Idempotency-Key (scoped to its caller): the same request again finds it.
  const requestKey = ctx.idempotencyKey;
  let attempted: Pick<SlotRecord, 'version' | 'updatedAt'> | undefined;
  return retrying(async () => {
    // This request's change is already stored — an earlier attempt committed but the store's answer
    // was lost, or the same keyed request came again: answer it, also to an owner whose slot it just
    // closed (a deleted slot is otherwise not found for them).
    if (attempted || requestKey) {
      const stored = await slotsStore.get(slotId);
      const mine =
        stored &&
        ((attempted && stored.version === attempted.version && stored.updatedAt === attempted.updatedAt) ||
          (requestKey && stored.status_change_key === requestKey));
      if (mine) return answer(stored);
    }
    const slot = await loadSlot(ctx.caller, slotId);
    const decision = decideStatusChange(slot, status, actorOf(ctx.caller), kstToday());
    if (!decision.ok)
      throw decision.reason === 'forbidden'
        ? new ForbiddenError(decision.message)
        : new ConflictError(decision.message);
    const now = new Date().toISOString();
    const restoring = slot.status === 'deleted';
    const line = log(slot.id, now, {
      change_type: 'status_change',
      field_key: 'status',
      old_value: slot.status,
      new_value: decision.next,
      description: (restoring ? slotLogTexts.restored : slotLogTexts.statusMoved)(
        displayStatusLabels[slot.status],
        displayStatusLabels[decision.next],
      ),
    });
    const changes: Partial<SlotRecord> = {
      status: decision.next,
      updatedAt: now,
      ...(decision.next === 'deleted' ? { statusBeforeDelete: slot.status } : {}),
      // Who paused it decides who resumes it; the mark goes with the pause.
      ...(decision.next === 'paused'
        ? { paused_by_staff: actorOf(ctx.caller) === 'staff' }
        : slot.paused_by_staff && !restoring && decision.next !== 'deleted'
          ? { paused_by_staff: false }
          : {}),
      ...(requestKey ? { status_change_key: requestKey } : {}),
    };
    attempted = { version: slot.version + 1, updatedAt: now };
    await transact([
      slotsStore.update(slot, changes, restoring ? ['statusBeforeDelete'] : []),
      slotLogsStore.put(line),
      ...countersItems(slot.userId, statusMove(slot.status, decision.next)),
    ]);
    const after: SlotRecord = { ...slot, ...changes, version: slot.version + 1 };
    if (restoring) delete after.statusBeforeDelete;
    return answer(after);
  });
}

/** PUT /slots/{id}/update-fields: changed fields merged over the stored ones; dates for staff only. */
export async function updateFields(slotId: string, input: UpdateSlotFieldsInput, ctx: ChangeContext): Promise<SlotDto> {
  const staff = isStaff(ctx.caller.role);
  const [configs, log] = await Promise.all([fieldConfigsStore.list(), logWriter(ctx)]);
  return retrying(async () => {
    const slot = await loadSlot(ctx.caller, slotId);
    // After the load: a slot the caller cannot reach is a 404 whatever the body asks.
    if ((input.startDate || input.endDate) && !staff) throw new ForbiddenError(slotMessages.datesStaffOnly);
    if (!slotActions(slot, actorOf(ctx.caller), kstToday()).edit)
      throw new ConflictError(slotStatusMessages.editNotAllowed);
    const checked = validateSlotFields(
      { ...userFields(slot.customFields), ...collectFieldInput({ customFields: input.customFields }) },
      configs,
      'complete',
    );
    if (!checked.ok) throw fieldsError(checked.errors);
    const now = new Date().toISOString();
    const plan = await planFields(slot, checked.values, log, now);

    const startDate = input.startDate ?? slot.startDate;
    const endDate = input.endDate ?? slot.endDate;
    if (startDate && endDate && endDate < startDate) throw new ValidationError(slotMessages.dateOrder);
    for (const [key, value] of [
      ['startDate', startDate],
      ['endDate', endDate],
    ] as const) {
      if (value === slot[key]) continue;
      plan.changes[key] = value;
      plan.changes.updatedAt = now;
      plan.logs.push(
        log(slot.id, now, {
          change_type: 'field_update',
          field_key: key,
          old_value: slot[key],
          new_value: value,
          description: slotLogTexts.periodEdited,
        }),
      );
    }
    return answer(await commitPlan(slot, plan));
  });
}

/** PUT /slots/{id}/fill: an empty slot gets its fields; with keyword and URL it starts running. */
export async function fillSlot(slotId: string, input: FillSlotInput, ctx: ChangeContext): Promise<SlotDto> {
  const [configs, log] = await Promise.all([fieldConfigsStore.list(), logWriter(ctx)]);
  const given = collectFieldInput(input);
  const checkedInput = validateSlotFields(given, configs, 'fill');
  if (!checkedInput.ok) throw fieldsError(checkedInput.errors);
  return retrying(async () => {
    const slot = await loadSlot(ctx.caller, slotId);
    // An issued slot whose period ended unfilled has expired, whether or not the nightly job has run.
    if (slot.status !== 'empty' || (slot.endDate && slot.endDate < kstToday()))
      throw new ConflictError(slotStatusMessages.fillOnlyEmpty);
    const blankless = Object.fromEntries(
      Object.entries(checkedInput.values.customFields).filter(([k]) => !systemKeys.has(k)),
    );
    const merged = validateSlotFields({ ...userFields(slot.customFields), ...blankless }, configs, 'fill');
    if (!merged.ok) throw fieldsError(merged.errors);
    const now = new Date().toISOString();
    return answer(await commitPlan(slot, await planFields(slot, merged.values, log, now)));
  });
}

/** Slots per bulk-edit transaction: each needs its update and up to 4 log lines, plus 2 counters. */
const BULK_EDIT_CHUNK = 15;

/**
 * PUT /slots/user/bulk-update: the same keyword and/or URL for up to 50 selected slots (blank =
 * unchanged). Everything is checked first (values, ownership, the selectable rule); then the slots
 * are written in transactions of 15 with their log lines.
 */
export async function userBulkUpdate(
  input: UserBulkUpdateInput,
  ctx: ChangeContext,
): Promise<{ message: string; updated: number }> {
  const keyword = input.updates.keyword?.trim() ?? '';
  const rawUrl = input.updates.url?.trim() ?? '';
  if (!keyword && !rawUrl)
    throw new ValidationError(slotFieldMessages.bulkEditEmpty, [
      { field: 'updates', message: slotFieldMessages.bulkEditEmpty },
    ]);
  if (keyword && splitKeywords(keyword).length > MAX_KEYWORDS)
    throw new ValidationError(slotFieldMessages.tooManyKeywords, [
      { field: 'updates.keyword', message: slotFieldMessages.tooManyKeywords },
    ]);
  if (rawUrl) {
    const parsed = parseCoupangUrl(rawUrl);
    if (!parsed.ok) throw new ValidationError(parsed.message, [{ field: 'updates.url', message: parsed.message }]);
  }
  const patch: RawFieldValues = {
    ...(keyword ? { [KEYWORD_FIELD]: keyword } : {}),
    ...(rawUrl ? { [URL_FIELD]: rawUrl } : {}),
  };
  const [configs, log] = await Promise.all([fieldConfigsStore.list(), logWriter(ctx)]);
  const ids = [...new Set(input.slotIds)];

  const load = async (slotIds: string[]) => {
    const slots = await visibleSlots(await slotsStore.getMany(slotIds));
    if (slots.length !== slotIds.length || slots.some((s) => !mayReach(ctx.caller, s)))
      throw new NotFoundError(slotMessages.slotNotFound);
    const today = kstToday();
    const blocked = slots.filter((s) => !isSelectableForBulk(s, today));
    if (blocked.length) throw new ConflictError(slotMessages.bulkSelectable, { slotIds: blocked.map((s) => s.id) });
    return slots;
  };
  const planOne = async (slot: SlotRecord, now: string) => {
    const checked = validateSlotFields(
      { ...userFields(slot.customFields), ...patch },
      configs,
      slot.status === 'empty' ? 'fill' : 'complete',
    );
    if (!checked.ok)
      throw fieldsError(checked.errors.map((e) => ({ ...e, message: `#${slot.slot_number}: ${e.message}` })));
    return { slot, plan: await planFields(slot, checked.values, log, now) };
  };

  // Check every slot before writing any.
  const now = new Date().toISOString();
  const first = await load(ids);
  await Promise.all(first.map((s) => planOne(s, now)));

  let updated = 0;
  for (let i = 0; i < ids.length; i += BULK_EDIT_CHUNK) {
    const chunkIds = ids.slice(i, i + BULK_EDIT_CHUNK);
    updated += await retrying(async () => {
      const at = new Date().toISOString();
      const planned = (await Promise.all((await load(chunkIds)).map((s) => planOne(s, at)))).filter(
        (p) => p.plan.logs.length,
      );
      if (!planned.length) return 0;
      const counters = new Map<string, CounterDeltas>();
      for (const { slot, plan } of planned)
        mergeCounters(counters.get(slot.userId) ?? counters.set(slot.userId, {}).get(slot.userId)!, plan.counters);
      await transact([
        ...planned.flatMap(({ slot, plan }) => [
          slotsStore.update(slot, plan.changes),
          ...plan.logs.map((l) => slotLogsStore.put(l)),
        ]),
        // One global shard for the whole chunk: two updates of one item cannot share a transaction.
        ...[...counters].map(([userId, deltas]) => slotCountersStore.userUpdate(userId, deltas)),
        slotCountersStore.globalUpdate(
          [...counters.values()].reduce((all, d) => (mergeCounters(all, d), all), {} as CounterDeltas),
        ),
      ]);
      await Promise.all(planned.filter((p) => p.plan.rankReset).map((p) => dropRankDays(p.slot.id)));
      return planned.length;
    });
  }
  return { message: slotMessages.bulkUpdated, updated };
}

/** DELETE /slots/{id}/rank-data: current, yesterday's and first rank cleared, rank history deleted. */
export async function deleteRankData(
  slotId: string,
  ctx: ChangeContext,
): Promise<{ message: string; deletedDays: number }> {
  const log = await logWriter(ctx);
  const slot = await retrying(async () => {
    const s = await loadSlot(ctx.caller, slotId);
    if (s.rank === null && s.yesterday_rank === null && s.first_rank === null) return s;
    const now = new Date().toISOString();
    await transact([
      slotsStore.update(s, {
        rank: null,
        rank_measured_at: null,
        yesterday_rank: null,
        first_rank: null,
        updatedAt: now,
      }),
      slotLogsStore.put(
        log(s.id, now, {
          change_type: 'field_update',
          field_key: 'rank',
          old_value: s.rank,
          new_value: null,
          description: slotLogTexts.rankReset,
        }),
      ),
      ...countersItems(s.userId, {}),
    ]);
    return s;
  });
  const deletedDays = await slotRankDaysStore.deleteAllOf(slot.id);
  return { message: slotMessages.rankDataDeleted, deletedDays };
}
