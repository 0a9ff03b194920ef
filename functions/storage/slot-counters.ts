import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { slotStatuses, type SlotStatus } from '#shared/slot-status';
import { db, tableName } from './client';
import { batchGetAll } from './item-io';
import { keys, type Key } from './keys';
import type { TransactItem } from './transactions';

/**
 * Slot counters (counted in the same transaction as the change they count, so
 * dashboards and badges never scan): per user `USER#{userId} / SLOTCOUNTS` with counts by stored
 * status, the held count, the slot-number sequence and the list version; globally the same counts
 * spread over GLOBAL_SHARDS items that readers add up.
 */
export type CounterDeltas = Partial<Record<SlotStatus | 'held', number>>;

export interface SlotCounters {
  byStatus: Record<SlotStatus, number>;
  /** Slots that count against maxSlotsPerUser (not deleted, rejected or refunded). */
  held: number;
  /** Last slot number handed out (per user). */
  seq: number;
  /**
   * Per user: bumped by EVERY change of one of the user's slots (userCounterUpdate is part of each
   * slot-changing transaction, the rank job included), so a reader can tell whether list rows it
   * read before are still current. `listChangedAt` is the time of that change.
   */
  listVersion: number;
  listChangedAt: string | null;
}

/** Global counter items; a write touches one at random, so writers of different users rarely meet. */
export const GLOBAL_SHARDS = 8;

const statusAttr = (s: SlotStatus) => `st_${s}`;
const emptyCounts = () => Object.fromEntries(slotStatuses.map((s) => [s, 0])) as Record<SlotStatus, number>;

function countersFrom(item: Record<string, unknown> | undefined): SlotCounters {
  const byStatus = emptyCounts();
  for (const s of slotStatuses)
    if (typeof item?.[statusAttr(s)] === 'number') byStatus[s] = item[statusAttr(s)] as number;
  return {
    byStatus,
    held: (item?.held as number | undefined) ?? 0,
    seq: (item?.seq as number | undefined) ?? 0,
    listVersion: (item?.listVersion as number | undefined) ?? 0,
    listChangedAt: (item?.listChangedAt as string | undefined) ?? null,
  };
}

function counterUpdate(
  key: Key,
  deltas: CounterDeltas,
  extra?: { seq?: { expected: number; next: number }; heldAtMost?: number; touch?: boolean },
): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds: string[] = [];
  if (extra?.touch) {
    names['#lv'] = 'listVersion';
    names['#lca'] = 'listChangedAt';
    values[':one'] = 1;
    values[':now'] = new Date().toISOString();
    adds.push('#lv :one');
  }
  Object.entries(deltas).forEach(([k, n], i) => {
    if (!n) return;
    const attr = k === 'held' ? 'held' : statusAttr(k as SlotStatus);
    names[`#a${i}`] = attr;
    values[`:a${i}`] = n;
    adds.push(`#a${i} :a${i}`);
  });
  const sets = ['#entity = :entity', ...(extra?.touch ? ['#lca = :now'] : [])];
  names['#entity'] = 'entity';
  values[':entity'] = 'slotCounters';
  const conditions: string[] = [];
  if (extra?.seq) {
    names['#seq'] = 'seq';
    values[':seqNext'] = extra.seq.next;
    sets.push('#seq = :seqNext');
    if (extra.seq.expected === 0) conditions.push('attribute_not_exists(#seq)');
    else {
      values[':seqExpected'] = extra.seq.expected;
      conditions.push('#seq = :seqExpected');
    }
  }
  if (extra?.heldAtMost !== undefined) {
    names['#held'] = 'held';
    values[':heldMax'] = extra.heldAtMost;
    conditions.push('(attribute_not_exists(#held) OR #held <= :heldMax)');
  }
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: `SET ${sets.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
    },
  };
}

export const slotCountersStore = {
  async ofUser(userId: string): Promise<SlotCounters> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.slotCountsOfUser(userId), ConsistentRead: true }),
    );
    return countersFrom(out.Item);
  },

  /** Several users' counters in one BatchGetItem (the admin user list's page); users without any get zeros. */
  async ofUsers(userIds: string[]): Promise<Map<string, SlotCounters>> {
    const items = userIds.length ? await batchGetAll(userIds.map((id) => keys.slotCountsOfUser(id))) : [];
    const byPk = new Map(items.map((i) => [String(i.PK), i]));
    return new Map(userIds.map((id) => [id, countersFrom(byPk.get(keys.slotCountsOfUser(id).PK))]));
  },

  /**
   * The sum of the global shards (the dashboard's counts; `seq` means nothing here). `listVersion`
   * is the sum of the shards' versions, bumped by every transaction that touches one (every change of
   * a slot's status, dates or fields: domain/slots/changes.ts), and `listChangedAt` the latest change:
   * the staff list keys its page cursors by them (domain/slots/staff-list.ts).
   */
  async global(opts: { consistent?: boolean } = {}): Promise<SlotCounters> {
    const shards = await batchGetAll(
      Array.from({ length: GLOBAL_SHARDS }, (_, i) => keys.slotCountsGlobalShard(i)),
      opts,
    );
    const total = countersFrom(undefined);
    for (const item of shards) {
      const part = countersFrom(item);
      for (const s of slotStatuses) total.byStatus[s] += part.byStatus[s];
      total.held += part.held;
      total.listVersion += part.listVersion;
      if (part.listChangedAt && (!total.listChangedAt || part.listChangedAt > total.listChangedAt))
        total.listChangedAt = part.listChangedAt;
    }
    return total;
  },

  /**
   * The user's counters move by `deltas` (may be empty) and `listVersion` is bumped: EVERY
   * transaction that changes a slot includes this item for the slot's owner (one per owner). With
   * `seq` the slot-number sequence advances only from the value read (numbers are never handed out
   * twice); with `heldAtMost` the held count must not exceed it before the change.
   */
  userUpdate(
    userId: string,
    deltas: CounterDeltas,
    extra?: { seq?: { expected: number; next: number }; heldAtMost?: number },
  ): TransactItem {
    return counterUpdate(keys.slotCountsOfUser(userId), deltas, { ...extra, touch: true });
  },

  /** The same deltas (may be empty) on one global shard, picked at random; its list version is bumped. */
  globalUpdate(deltas: CounterDeltas): TransactItem {
    return counterUpdate(keys.slotCountsGlobalShard(Math.floor(Math.random() * GLOBAL_SHARDS)), deltas, {
      touch: true,
    });
  },

  /**
   * Bumps one list version outside any transaction (`userId`, or a global shard when undefined): the
   * rank job writes a unit's slots first and then bumps each owner once (domain/rank-measurement/
   * recompute-job.ts), so a list cached before the bump is read again after it. One attempt.
   */
  async touchList(userId?: string): Promise<void> {
    const item = userId === undefined ? slotCountersStore.globalUpdate({}) : slotCountersStore.userUpdate(userId, {});
    await db().send(new UpdateCommand(item.Update!));
  },

  /** Hands out `n` slot numbers at once (bulk registration); returns the first. Unused numbers leave a gap. */
  async reserveNumbers(userId: string, n: number): Promise<number> {
    const out = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.slotCountsOfUser(userId),
        UpdateExpression: 'SET #entity = :entity ADD #seq :n',
        ExpressionAttributeNames: { '#seq': 'seq', '#entity': 'entity' },
        ExpressionAttributeValues: { ':n': n, ':entity': 'slotCounters' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return (out.Attributes?.seq as number) - n + 1;
  },
};
