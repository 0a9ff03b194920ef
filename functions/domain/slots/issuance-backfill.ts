import { retrying } from '#commons/retry';
import { kstDayOf } from '#shared/kst';
import { slotAllocationsStore, type UnkeyedIssuance } from '../../storage/slot-allocations';
import { chunk } from '#commons/batching';
import { MAX_TRANSACTION_ITEMS } from '../../storage/transactions';

/** Records per transaction: the rest of the 100 are the two counts. */
const PER_TRANSACTION = MAX_TRANSACTION_ITEMS - 2;

/**
 * Writes `records` one group a transaction (at most PER_TRANSACTION of a group each), with `write`
 * conditional on each record not being written yet; a transaction refused because another instance
 * wrote one of its records is redone one record at a time. Returns how many this run wrote.
 */
async function writeOncePerGroup(
  records: UnkeyedIssuance[],
  groupOf: (r: UnkeyedIssuance) => string,
  write: (part: UnkeyedIssuance[]) => Promise<boolean>,
): Promise<number> {
  const groups = new Map<string, UnkeyedIssuance[]>();
  for (const r of records) {
    const list = groups.get(groupOf(r)) ?? [];
    list.push(r);
    groups.set(groupOf(r), list);
  }
  let written = 0;
  for (const group of groups.values())
    for (const part of chunk(group, PER_TRANSACTION)) {
      if (await retrying(() => write(part))) written += part.length;
      else for (const one of part) if (await retrying(() => write([one]))) written += 1;
    }
  return written;
}

/**
 * Issuances written before the operator key (GSI3, docs/data-model.md A9) get it and join the
 * counts, each once: conditional updates, one operator's records a transaction with that operator's
 * count, so a second run, or two instances at once, change nothing, and issuances made meanwhile
 * (keyed when written) are left alone. Runs at bootstrap; returns how many it keyed.
 */
export async function keyIssuancesByOperator(): Promise<number> {
  return writeOncePerGroup(
    await slotAllocationsStore.withoutOperatorKey(),
    (r) => r.operatorId,
    (part) => slotAllocationsStore.addOperatorKeys(part),
  );
}

/**
 * Issuances written before the day counts (no `countedDay`, docs/data-model.md A10) join them, each
 * once, in the same way: one operator's issuances of one KST day a transaction with that day's counts
 * (all and the operator's) and the marks. Runs at bootstrap after the operator key's backfill (both
 * update the same records); returns how many it counted.
 */
export async function countIssuancesByDay(): Promise<number> {
  return writeOncePerGroup(
    await slotAllocationsStore.withoutDayCount(),
    (r) => `${r.operatorId}|${kstDayOf(r.createdAt)}`,
    (part) => slotAllocationsStore.addDayCounts(part),
  );
}
