import { retrying } from '#commons/retry';
import { kstDayOf } from '#shared/kst';
import { slotAllocationsStore, type UnkeyedIssuance } from '../../storage/slot-allocations';
import { chunk } from '../../storage/item-io';
import { MAX_TRANSACTION_ITEMS } from '../../storage/transactions';

/** Records per transaction: the rest of the 100 are the two counts. */
const PER_TRANSACTION = MAX_TRANSACTION_ITEMS - 2;

/**
 * Issuances written before the operator key (GSI3, docs/data-model.md A9) get it and join the
 * counts, each once: conditional updates, one operator's records a transaction with that operator's
 * count, so a second run, or two instances at once, change nothing, and issuances made meanwhile
 * (keyed when written) are left alone. A transaction refused because another instance keyed one of
 * its records is redone one record at a time. Runs at bootstrap; returns how many it keyed.
 */
export async function keyIssuancesByOperator(): Promise<number> {
  const byOperator = new Map<string, UnkeyedIssuance[]>();
  for (const r of await slotAllocationsStore.withoutOperatorKey()) {
    const list = byOperator.get(r.operatorId) ?? [];
    list.push(r);
    byOperator.set(r.operatorId, list);
  }
  let keyed = 0;
  for (const records of byOperator.values())
    for (const part of chunk(records, PER_TRANSACTION)) {
      if (await retrying(() => slotAllocationsStore.addOperatorKeys(part))) keyed += part.length;
      else for (const one of part) if (await retrying(() => slotAllocationsStore.addOperatorKeys([one]))) keyed += 1;
    }
  return keyed;
}

/**
 * Issuances written before the day counts (no `countedDay`, docs/data-model.md A10) join them, each
 * once, in the same way: one operator's issuances of one KST day a transaction with that day's counts
 * (all and the operator's) and the marks, conditional on no mark, so a second run, or two at once,
 * change nothing; one refused is redone an issuance at a time. Runs at bootstrap after the operator
 * key's backfill (both update the same records); returns how many it counted.
 */
export async function countIssuancesByDay(): Promise<number> {
  const groups = new Map<string, UnkeyedIssuance[]>();
  for (const r of await slotAllocationsStore.withoutDayCount()) {
    const group = `${r.operatorId}|${kstDayOf(r.createdAt)}`;
    const list = groups.get(group) ?? [];
    list.push(r);
    groups.set(group, list);
  }
  let counted = 0;
  for (const records of groups.values())
    for (const part of chunk(records, PER_TRANSACTION)) {
      if (await retrying(() => slotAllocationsStore.addDayCounts(part))) counted += part.length;
      else for (const one of part) if (await retrying(() => slotAllocationsStore.addDayCounts([one]))) counted += 1;
    }
  return counted;
}
