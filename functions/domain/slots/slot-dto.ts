import type { SlotDto } from '#shared/schemas/slots';
import { deriveDisplayStatus, displayStatusLabels } from '#shared/slot-status';
import { defaultFieldConfigs, systemFieldKeys } from '#shared/field-configs';
import type { SlotRecord } from '../../storage/slots';
import { usersStore, type UserBrief } from '../../storage/users';

/** The owners of the given slots, by user id: only what answers show (names, login ids, active flags). */
export async function ownersOf(userIds: string[]): Promise<Map<string, UserBrief>> {
  if (!userIds.length) return new Map();
  return new Map((await usersStore.briefsOf(userIds)).map((user) => [user.id, user]));
}

const systemKeys = new Set<string>(systemFieldKeys);
/** Stored maps come back in any order: answer in the default form order, other keys after. */
const fieldOrder = (key: string) => defaultFieldConfigs.find((f) => f.field_key === key)?.display_order ?? 1000;

export function toSlotDto(slot: SlotRecord, owner: UserBrief | undefined, today: string): SlotDto {
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
    rank_measured_at: slot.rank_measured_at ?? null,
    yesterday_rank: slot.yesterday_rank,
    first_rank: slot.first_rank,
    // Null, never 0, while no worker reported a figure: the screens show '-' rather than an invented 0.
    impressions: slot.impressions ?? null,
    clicks: slot.impressions === null || slot.impressions === undefined ? null : (slot.clicks ?? 0),
    rejection_reason: slot.rejection_reason,
    refund_reason: slot.refund_reason,
    refund_amount: slot.refund_amount ?? null,
    refundedAt: slot.refundedAt ?? null,
    user_is_active: owner?.isActive ?? true,
    paused_by_staff: slot.status === 'paused' && !!slot.paused_by_staff,
    parent_slot_id: slot.parent_slot_id,
    is_extended: !!slot.parent_slot_id,
    is_test: slot.is_test,
    is_empty: displayStatus === 'empty',
    pre_allocation_start_date: slot.pre_allocation_start_date,
    pre_allocation_end_date: slot.pre_allocation_end_date,
    allocation_id: slot.allocation_id ?? null,
    has_extension: !!slot.has_extension,
    extension_days: slot.extension_days ?? null,
    payment_completed: !!slot.payment_completed,
    pre_allocation_amount: slot.pre_allocation_amount ?? null,
    workCount: slot.workCount ?? null,
    description: slot.description ?? null,
    approvedAt: slot.approvedAt,
    rejectedAt: slot.rejectedAt,
    expiredAt: slot.expiredAt ?? null,
    expiry_notices: slot.expiry_notices ?? {},
    createdAt: slot.createdAt,
    updatedAt: slot.updatedAt,
    rank_alert: slot.rank_alert ?? null,
    rank_alert_last: slot.rank_alert_last ?? null,
    rank_alert_events: slot.rank_alert_events ?? [],
  };
}
