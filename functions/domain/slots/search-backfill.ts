import { retrying } from '#commons/retry';
import { slotStatuses } from '#shared/slot-status';
import { inParallel } from '#commons/batching';
import { slotCountersStore } from '../../storage/slot-counters';
import { slotsStore } from '../../storage/slots';

/**
 * Slots written before the staff search's index (docs/data-model.md S8b) get its keys, each once:
 * a conditional update that only adds keys a slot lacks, so a second run, two instances at once, or
 * a slot written meanwhile (it carries its own keys) change nothing. Runs at bootstrap; returns how
 * many slots it keyed.
 */
export async function keySlotsForSearch(): Promise<number> {
  let keyed = 0;
  for (const status of slotStatuses) {
    const ids = await slotsStore.idsWithoutSearchKeys(status);
    await inParallel(ids, 8, async (id) => {
      if (await retrying(() => slotsStore.addSearchKeys(id))) keyed += 1;
    });
  }
  // Searching processes that already hold a copy read the keyed slots at their next search.
  if (keyed) await retrying(() => slotCountersStore.touchList());
  return keyed;
}
