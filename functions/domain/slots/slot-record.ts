import type { FieldIssue } from '#shared/api';
import type { SlotStatus } from '#shared/slot-status';
import { ValidationError } from '#commons/errors';
import type { CounterDeltas } from '../../storage/slot-counters';
import type { SlotRecord } from '../../storage/slots';
import type { UserRecord } from '../../storage/users';

/** A 400 headed by the first field problem, all of them in `details` (shared/slot-fields.ts). */
export const fieldsError = (errors: FieldIssue[]) => new ValidationError(errors[0].message, errors);

/** Statuses that do not count against maxSlotsPerUser. */
const notHeld = new Set<SlotStatus>(['deleted', 'rejected', 'refunded']);
const isHeld = (status: SlotStatus) => !notHeld.has(status);

/** Counter deltas for `n` slots moving from one stored status to another (undefined = created). */
export function statusMove(from: SlotStatus | undefined, to: SlotStatus, n = 1): CounterDeltas {
  if (from === to) return {};
  const deltas: CounterDeltas = { [to]: n };
  if (from) deltas[from] = (deltas[from] ?? 0) - n;
  const held = (isHeld(to) ? n : 0) - (from && isHeld(from) ? n : 0);
  if (held) deltas.held = held;
  return deltas;
}

/** Validated field values as slot attributes, the product ids derived from the URL included. */
export type SlotFields = {
  customFields: Record<string, string>;
  keyword: string;
  url: string;
  mid: string;
  productId: string;
  itemId: string;
  vendorItemId: string;
};

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
