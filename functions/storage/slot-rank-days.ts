import { tableName } from './client';
import { batchWriteAll, deleteAll, queryAll } from './item-io';
import { keys, stripKeys } from './keys';

/** A slot's rank history: one item per KST day, `SLOT#{id} / RANK#{yyyy-MM-dd}`, in the slot's partition. */
export interface RankDayRecord {
  date: string;
  rank: number | null;
  min_rank: number | null;
  avg_rank: number | null;
  max_rank: number | null;
  prev_rank: number | null;
  /** The day's impressions and clicks a worker reported; null or absent when none came. */
  impressions?: number | null;
  clicks?: number | null;
}

export const slotRankDaysStore = {
  /** Days `from` … `to` (inclusive), oldest first. */
  async between(slotId: string, from: string, to: string): Promise<RankDayRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.slot(slotId).PK,
        ':from': keys.slotRankDay(slotId, from).SK,
        ':to': keys.slotRankDay(slotId, to).SK,
      },
    });
    return items.map((i) => stripKeys<RankDayRecord>(i));
  },

  async keysOf(slotId: string): Promise<Array<{ PK: string; SK: string }>> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.slot(slotId).PK, ':prefix': keys.slotRankDayPrefix() },
      ProjectionExpression: 'PK, SK',
    });
    return items as Array<{ PK: string; SK: string }>;
  },

  /** Writes (or rewrites) rank days of many slots, batched: the rank recompute job. */
  async putMany(days: Array<{ slotId: string; day: RankDayRecord }>): Promise<void> {
    await batchWriteAll(
      days.map(({ slotId, day }) => ({
        PutRequest: { Item: { ...keys.slotRankDay(slotId, day.date), entity: 'slotRankDay', ...day } },
      })),
    );
  },

  /** Removes every rank day of a slot (keyword or URL changed: the history no longer applies). */
  async deleteAllOf(slotId: string): Promise<number> {
    const dayKeys = await slotRankDaysStore.keysOf(slotId);
    await deleteAll(dayKeys);
    return dayKeys.length;
  },
};
