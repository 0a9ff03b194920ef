import type { KstDay } from '#shared/kst';
import type { SlotDto } from '#shared/schemas/slots';
import { isSelectableForBulk } from '#shared/slot-status';

/**
 * The bulk selection after the list answered again (refetch, pause/resume, an edit): a selected slot
 * in the fresh page is replaced by its fresh copy, or dropped when it can no longer be selected
 * (paused, expired, ...). Slots of other pages are kept as they were: this page says nothing of them.
 * Returns the same Map when nothing changed, so React skips the re-render.
 */
export function reconcileSelection(
  selected: ReadonlyMap<string, SlotDto>,
  fresh: readonly SlotDto[],
  today: KstDay,
): ReadonlyMap<string, SlotDto> {
  let next: Map<string, SlotDto> | null = null;
  for (const slot of fresh) {
    const kept = selected.get(slot.id);
    if (!kept || kept === slot) continue;
    next ??= new Map(selected);
    if (isSelectableForBulk(slot, today)) next.set(slot.id, slot);
    else next.delete(slot.id);
  }
  return next ?? selected;
}
