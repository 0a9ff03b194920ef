import { retrying } from '#commons/retry';
import { slotAllocationsStore } from '../../storage/slot-allocations';

/**
 * Issuances written before the operator key (GSI3, docs/data-model.md A2) get it, each once: a
 * conditional update, so a second run, or two instances at once, change nothing, and issuances made
 * meanwhile (keyed when written) are left alone. Runs at bootstrap; returns how many it keyed.
 */
export async function keyIssuancesByOperator(): Promise<number> {
  let keyed = 0;
  for (const record of await slotAllocationsStore.withoutOperatorKey())
    if (await retrying(() => slotAllocationsStore.addOperatorKey(record))) keyed += 1;
  return keyed;
}
