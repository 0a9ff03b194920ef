import type { FieldConfig } from '#shared/field-configs';
import type { SlotDto } from '#shared/schemas/slots';
import { KEYWORD_FIELD, URL_FIELD } from '#shared/slot-fields';
import { fieldValue } from '@/lib/slots/slot-display';
import { revalidateSlots } from '@/lib/slots/invalidate';
import { updateSlotFields } from '@/lib/slots/update-slot-fields';

/**
 * The inline row edit's checks and save. Loaded only when a row enters edit
 * mode: the field rules and the update schema live in the forms/zod chunk, which My slots' first
 * load must not carry (test/browser/first-load-budget.test.ts).
 */

/** A filled slot needs its keyword and URL besides the configured required fields. */
const isRequired = (f: FieldConfig) => f.is_required || f.field_key === KEYWORD_FIELD || f.field_key === URL_FIELD;

export type InlineSavePlan =
  | { kind: 'missing'; keys: string[] }
  | { kind: 'unchanged' }
  | { kind: 'save'; changed: Record<string, string>; resetsRank: boolean };

/** What a save of the row would do: empty required fields, nothing changed, or the changed values. */
export function planInlineSave(
  listFields: FieldConfig[],
  slot: SlotDto,
  values: Record<string, string>,
): InlineSavePlan {
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
  const missing = listFields.filter((f) => isRequired(f) && !trimmed[f.field_key]).map((f) => f.field_key);
  if (missing.length) return { kind: 'missing', keys: missing };
  const changed = Object.fromEntries(
    Object.entries(trimmed).filter(([k, v]) => v !== (fieldValue(slot, k) ?? '').trim()),
  );
  if (Object.keys(changed).length === 0) return { kind: 'unchanged' };
  // A keyword or URL change resets the rank: the row asks first, as the edit dialog does.
  return { kind: 'save', changed, resetsRank: KEYWORD_FIELD in changed || URL_FIELD in changed };
}

/** PUT update-fields with the changed values, then every cached list page. */
export async function saveInlineRow(id: string, changed: Record<string, string>) {
  await updateSlotFields(id, { customFields: changed });
  await revalidateSlots();
}
