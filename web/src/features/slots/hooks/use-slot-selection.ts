import { useCallback, useState } from 'react';
import type { SlotDto, SlotList } from '#shared/schemas/slots';
import { isSelectable, reconcileSelection } from '@/features/slots/utils/selection';

/** The slots chosen for the bulk modals, kept across pages by id. */
export function useSlotSelection(listData: SlotList | undefined, today: string) {
  const [selected, setSelected] = useState<ReadonlyMap<string, SlotDto>>(new Map());

  // Selected rows follow the list: fresh copies for the bulk modals, unselectable ones dropped.
  const [reconciled, setReconciled] = useState<{ listData?: SlotList; today?: string }>({});
  if (listData && (reconciled.listData !== listData || reconciled.today !== today)) {
    setReconciled({ listData, today });
    setSelected((current) => reconcileSelection(current, listData.items, today));
  }

  const toggle = useCallback((slot: SlotDto) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(slot.id)) next.delete(slot.id);
      else next.set(slot.id, slot);
      return next;
    });
  }, []);

  /** Every selectable slot of the page on, or the whole page off. */
  const toggleAll = (checked: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const slot of listData?.items ?? []) {
        if (checked) {
          if (!isSelectable(slot, today)) continue;
          next.set(slot.id, slot);
        } else next.delete(slot.id);
      }
      return next;
    });
  };

  const clear = () => setSelected(new Map());

  /** These slots leave the selection (deleted: the list will not show them again). */
  const drop = (ids: readonly string[]) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) next.delete(id);
      return next;
    });

  return { selected, toggle, toggleAll, clear, drop };
}
