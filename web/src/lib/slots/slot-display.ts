import type { SlotDto } from '#shared/schemas/slots';
import { fieldValueOf } from '#shared/field-configs';

/** What a slot row shows beyond its status: configured field values, product name, thumbnail. */
export function fieldValue(slot: SlotDto, key: string): string {
  const fromFields = fieldValueOf(slot.customFields, key);
  if (fromFields !== undefined && fromFields !== null && fromFields !== '') return String(fromFields);
  if (key === 'keywords' || key === 'keyword') return slot.keyword ?? '';
  if (key === 'landingUrl' || key === 'url') return slot.url ?? '';
  if (key === 'mid') return slot.mid ?? '';
  return '';
}

export const productName = (slot: SlotDto) =>
  slot.product_name || slot.customFields?.product_name || slot.customFields?.productName || '';

export const thumbnailUrl = (slot: SlotDto) => {
  const url =
    slot.thumbnail || slot.customFields?.thumbnail || slot.customFields?.image || slot.customFields?.imageUrl || '';
  // Only web images: a stored value is never used as a script or data URL.
  return /^https?:\/\//i.test(url) ? url : '';
};
