import { mutate } from 'swr';
import { balanceKey } from '@/hooks/use-balance';
import { slotCountKey } from './get-slot-count';
import { isSlotsKey } from './get-slots';

/** After a slot changes: every cached list page and the counts (not other features' data). */
export function revalidateSlots() {
  return Promise.all([mutate(isSlotsKey), mutate(slotCountKey)]);
}

/** After money moved for slots: the lists, the counts and the balance. */
export function revalidateSlotsAndBalance() {
  return Promise.all([revalidateSlots(), mutate(balanceKey)]);
}
