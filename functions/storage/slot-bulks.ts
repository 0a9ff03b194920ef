import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys, stripKeys } from './keys';
import type { TransactItem } from './transactions';

/**
 * A committed bulk registration, `SLOTBULK#{bulkId} / BULK`: its slots `{bulkId}{attempt}{index}`
 * exist for readers once this record names their attempt (domain/slots/slot-visibility.ts).
 */
export interface BulkRecord {
  bulkId: string;
  userId: string;
  /** The attempt that committed: its slots are `{bulkId}{attempt}{index}`, index 0..count-1. */
  attempt: string;
  count: number;
  /** slot_number of index 0. */
  seqStart: number;
  /** sha256 of the accepted rows: a retry with other rows under the same key is refused. */
  rowsHash: string;
  /** The answer given, replayed to a retry. */
  result: Record<string, unknown>;
  createdAt: string;
}

export const slotBulksStore = {
  put(record: BulkRecord): TransactItem {
    return {
      Put: {
        TableName: tableName(),
        Item: { ...keys.slotBulk(record.bulkId), entity: 'slotBulk', ...record },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  },

  async get(bulkId: string): Promise<BulkRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.slotBulk(bulkId), ConsistentRead: true }),
    );
    return out.Item ? stripKeys<BulkRecord>(out.Item) : undefined;
  },
};
