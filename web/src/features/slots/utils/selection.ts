import type { KstDay } from '#shared/kst';
import type { SlotDto } from '#shared/schemas/slots';
import { isSelectableForBulk, slotActions } from '#shared/slot-status';

/**
 * What My slots lets an owner select (D5 in docs/spec-coverage.md): slots the bulk input and edit
 * take (empty or running, not ended) and finished slots the owner may delete (the shared policy). The
 * selection bar offers each action for the part of the selection it applies to.
 */
export const isSelectable = (slot: SlotDto, today: KstDay) =>
  isSelectableForBulk(slot, today) || slotActions(slot, 'owner', today).delete;

/** The selected slots an action takes: the bulk modals' part and the delete's part. */
export function selectionParts(selected: Iterable<SlotDto>, today: KstDay) {
  const all = [...selected];
  return {
    editable: all.filter((s) => isSelectableForBulk(s, today)),
    deletable: all.filter((s) => slotActions(s, 'owner', today).delete),
  };
}

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
    if (isSelectable(slot, today)) next.set(slot.id, slot);
    else next.delete(slot.id);
  }
  return next ?? selected;
}
