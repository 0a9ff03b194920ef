import { toStoredRankAlert, type RankAlertInput } from '#shared/schemas/rank-alerts';
import type { SlotDto } from '#shared/schemas/slots';
import { kstToday } from '#shared/kst';
import { retrying } from '#commons/retry';
import { slotsStore } from '../../storage/slots';
import { transact } from '../../storage/transactions';
import { slotCountersStore } from '../../storage/slot-counters';
import type { Caller } from '../auth/tokens';
import { loadSlot } from './queries';
import { ownersOf, toSlotDto } from './slot-dto';

/**
 * PUT /slots/{id}/rank-alert: the owner (or staff) sets or clears the slot's rank
 * alert. Others' slots read as not found (loadSlot). Only `rank_alert` changes: the slot's content,
 * `updatedAt` and the status counters stay as they are (an alert is a wish about the slot, not an
 * edit); the owner's list version moves, so cached lists show the alert. The version check keeps it
 * from overwriting a rank the job wrote in between (retried then).
 */
export async function setRankAlert(caller: Caller, slotId: string, input: RankAlertInput): Promise<SlotDto> {
  const wanted = toStoredRankAlert(input);
  const slot = await retrying(async () => {
    const s = await loadSlot(caller, slotId);
    if (JSON.stringify(s.rank_alert ?? null) === JSON.stringify(wanted)) return s;
    await transact([slotsStore.update(s, { rank_alert: wanted }), slotCountersStore.userUpdate(s.userId, {})]);
    return { ...s, rank_alert: wanted, version: s.version + 1 };
  });
  const owners = await ownersOf([slot.userId]);
  return toSlotDto(slot, owners.get(slot.userId), kstToday());
}
