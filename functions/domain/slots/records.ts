import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { Caller } from '../../domain/auth/tokens';
import type { FieldIssue } from '#shared/api';
import { isStaff } from '#shared/roles';
import type { SlotChangeType, SlotDto } from '#shared/schemas/slots';
import { deriveDisplayStatus, displayStatusLabels, type Actor, type SlotStatus } from '#shared/slot-status';
import { defaultFieldConfigs, systemFieldKeys } from '#shared/field-configs';
import { slotsStore, type BulkRecord, type CounterDeltas, type SlotListRow, type SlotLogRecord, type SlotRecord } from '../../storage/slots';
import { usersStore, type UserRecord } from '../../storage/users';
import { ValidationError } from '../errors';

/** Who changes a slot and from where (every change is logged with it). */
export interface ChangeContext {
  caller: Caller;
  ip: string;
  userAgent: string;
  idempotencyKey?: string;
}

export const actorOf = (caller: Caller): Actor => (isStaff(caller.role) ? 'staff' : 'owner');

/** A 400 headed by the first field problem, all of them in `details` (shared/slot-fields.ts). */
export const fieldsError = (errors: FieldIssue[]) => new ValidationError(errors[0].message, errors);

/** Statuses that do not count against maxSlotsPerUser. */
const notHeld = new Set<SlotStatus>(['deleted', 'rejected', 'refunded']);
export const isHeld = (status: SlotStatus) => !notHeld.has(status);

/** Counter deltas for `n` slots moving from one stored status to another (undefined = created). */
export function statusMove(from: SlotStatus | undefined, to: SlotStatus, n = 1): CounterDeltas {
  if (from === to) return {};
  const deltas: CounterDeltas = { [to]: n };
  if (from) deltas[from] = (deltas[from] ?? 0) - n;
  const held = (isHeld(to) ? n : 0) - (from && isHeld(from) ? n : 0);
  if (held) deltas.held = held;
  return deltas;
}

/** Deterministic ids from an idempotency key, so a retry lands on the same items. */
const hashOf = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');
export const slotIdFor = (userId: string, idempotencyKey?: string) => (idempotencyKey ? `S${hashOf('slot', userId, idempotencyKey).slice(0, 25).toUpperCase()}` : ulid());
export const bulkIdFor = (userId: string, idempotencyKey: string) => `B${hashOf('bulk', userId, idempotencyKey).slice(0, 21).toUpperCase()}`;
export const bulkSlotId = (bulkId: string, attempt: string, index: number) => `${bulkId}${attempt}${String(index).padStart(4, '0')}`;
/** One per bulk request: twin requests with the same key never write to each other's rows. */
export const newBulkAttempt = () => randomBytes(4).toString('hex').toUpperCase();

/** Whether a bulk row exists: its bulk committed, and it was this row's attempt that did. */
export const isCommittedBulkRow = (row: Pick<SlotListRow, 'bulkAttempt'>, record: Pick<BulkRecord, 'attempt'> | undefined) =>
  !!record && record.attempt === row.bulkAttempt;
export const digest = (value: unknown) => hashOf(JSON.stringify(value));

/** Bulk records are immutable once written: a committed bulk's attempt never needs a second read. */
const committedAttempts = new Map<string, string>();

/**
 * Slots of a bulk registration are written before the money moves and exist only once their bulk
 * record (written in the charge's transaction) names their attempt — see registration.ts. Every
 * reader passes slots through here: rows of the committed attempt are kept, all others dropped.
 */
export async function visibleSlots<T extends Pick<SlotListRow, 'bulkId' | 'bulkAttempt'>>(rows: T[]): Promise<T[]> {
  const unknown = [...new Set(rows.map((r) => r.bulkId).filter((b): b is string => !!b && !committedAttempts.has(b)))];
  for (const bulkId of unknown) {
    const record = await slotsStore.getBulk(bulkId);
    if (!record) continue;
    if (committedAttempts.size > 50_000) committedAttempts.clear();
    committedAttempts.set(bulkId, record.attempt);
  }
  return rows.filter((r) => !r.bulkId || isCommittedBulkRow(r, committedAttempts.has(r.bulkId) ? { attempt: committedAttempts.get(r.bulkId)! } : undefined));
}

/** The owners of the given slots, by user id (names and login ids for the answer). */
export async function ownersOf(userIds: string[]): Promise<Map<string, UserRecord>> {
  const owners = new Map<string, UserRecord>();
  await Promise.all(
    [...new Set(userIds)].map(async (id) => {
      const user = await usersStore.get(id);
      if (user) owners.set(id, user);
    }),
  );
  return owners;
}

const systemKeys = new Set<string>(systemFieldKeys);
/** Stored maps come back in any order: answer in the default form order, other keys after. */
const fieldOrder = (key: string) => defaultFieldConfigs.find((f) => f.field_key === key)?.display_order ?? 1000;

export function toSlotDto(slot: SlotRecord, owner: UserRecord | undefined, today: string): SlotDto {
  const displayStatus = deriveDisplayStatus(slot, today);
  return {
    id: slot.id,
    slot_number: slot.slot_number,
    seq: slot.slot_number,
    userId: slot.userId,
    user_name: owner?.fullName ?? '',
    user_email: owner?.loginId ?? slot.userLogin,
    status: slot.status,
    displayStatus,
    displayStatusLabel: displayStatusLabels[displayStatus],
    customFields: { ...slot.customFields },
    fieldValues: Object.keys(slot.customFields)
      .filter((k) => !systemKeys.has(k))
      .sort((a, b) => fieldOrder(a) - fieldOrder(b) || a.localeCompare(b))
      .map((field_key) => ({ field_key, value: slot.customFields[field_key] })),
    keyword: slot.keyword,
    url: slot.url,
    mid: slot.mid,
    url_product_id: slot.url_product_id,
    url_item_id: slot.url_item_id,
    url_vendor_item_id: slot.url_vendor_item_id,
    product_name: slot.product_name,
    thumbnail: slot.thumbnail,
    startDate: slot.startDate,
    endDate: slot.endDate,
    price: slot.price,
    approved_price: slot.approved_price,
    rank: slot.rank,
    yesterday_rank: slot.yesterday_rank,
    first_rank: slot.first_rank,
    rejection_reason: slot.rejection_reason,
    refund_reason: slot.refund_reason,
    parent_slot_id: slot.parent_slot_id,
    is_extended: !!slot.parent_slot_id,
    is_test: slot.is_test,
    is_empty: displayStatus === 'empty',
    pre_allocation_start_date: slot.pre_allocation_start_date,
    pre_allocation_end_date: slot.pre_allocation_end_date,
    approvedAt: slot.approvedAt,
    rejectedAt: slot.rejectedAt,
    createdAt: slot.createdAt,
    updatedAt: slot.updatedAt,
  };
}

/** Builds log lines for one change; `full_name` is the caller's name at the time of the change. */
export async function logWriter(ctx: ChangeContext) {
  const user = await usersStore.get(ctx.caller.userId);
  const fullName = user?.fullName ?? ctx.caller.userId;
  return (slotId: string, at: string, line: { change_type: SlotChangeType; field_key?: string | null; old_value?: unknown; new_value?: unknown; description: string }): SlotLogRecord => ({
    id: ulid(),
    slot_id: slotId,
    change_type: line.change_type,
    field_key: line.field_key ?? null,
    old_value: line.old_value === undefined || line.old_value === null ? null : String(line.old_value),
    new_value: line.new_value === undefined || line.new_value === null ? null : String(line.new_value),
    description: line.description,
    user_id: ctx.caller.userId,
    actor_id: ctx.caller.actorId,
    full_name: fullName,
    ip_address: ctx.ip,
    user_agent: ctx.userAgent.slice(0, 500),
    created_at: at,
  });
}

/** Validated field values as slot attributes, the product ids derived from the URL included. */
export type SlotFields = { customFields: Record<string, string>; keyword: string; url: string; mid: string; productId: string; itemId: string; vendorItemId: string };

export function fieldAttributes(fields: SlotFields) {
  return {
    customFields: fields.customFields,
    keyword: fields.keyword,
    url: fields.url,
    mid: fields.mid,
    url_product_id: fields.productId || null,
    url_item_id: fields.itemId || null,
    url_vendor_item_id: fields.vendorItemId || null,
  };
}

/** A new slot record with every field present (the DTO shape keeps nulls). */
export function newSlotRecord(input: {
  id: string;
  owner: UserRecord;
  status: SlotStatus;
  slotNumber: number;
  fields: SlotFields;
  price: number;
  startDate?: string | null;
  endDate?: string | null;
  now: string;
  bulk?: { bulkId: string; attempt: string; index: number };
}): SlotRecord {
  const { fields } = input;
  return {
    id: input.id,
    userId: input.owner.id,
    userLogin: input.owner.loginId,
    status: input.status,
    slot_number: input.slotNumber,
    ...fieldAttributes(fields),
    product_name: null,
    thumbnail: null,
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    price: input.price,
    approved_price: null,
    rank: null,
    yesterday_rank: null,
    first_rank: null,
    rejection_reason: null,
    refund_reason: null,
    parent_slot_id: null,
    is_test: false,
    pre_allocation_start_date: null,
    pre_allocation_end_date: null,
    approvedAt: null,
    approvedBy: null,
    rejectedAt: null,
    createdAt: input.now,
    updatedAt: input.now,
    version: 1,
    ...(input.bulk ? { bulkId: input.bulk.bulkId, bulkIndex: input.bulk.index, bulkAttempt: input.bulk.attempt } : {}),
  };
}
