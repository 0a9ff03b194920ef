import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { deleteAll } from './item-io';
import { keys } from './keys';

/**
 * Snapshots of the staff search's copy (functions/domain/slots/search-copy.ts): the copy's rows as
 * compressed chunks (binary `data`, each well under DynamoDB's 400 KB item limit) in a partition per
 * snapshot, `SLOTSEARCHSNAP#{snapshotId} / CHUNK#{nnnn}`, and one head item `SLOTSEARCHSNAP / HEAD`
 * naming the newest complete one. Chunks are written first and the head last, so a head never names
 * a snapshot with chunks still to come. This module stores bytes; the domain encodes and checks them.
 */
export interface SnapshotHead {
  snapshotId: string;
  /** When the read the rows came from began (ISO instant). */
  takenAt: string;
  /** The global list version read just before that read, and whether the index had caught up with it. */
  listVersion: number;
  settled: boolean;
  /** How the chunks are encoded (the domain refuses a snapshot written in another format). */
  format: string;
  rows: number;
  /** Rows in each chunk, in chunk order. */
  chunkRows: number[];
  bytes: number;
  /** When the rows last came whole from the index rather than from an earlier snapshot (ISO instant). */
  fullAt: string;
  /** The snapshot this one replaced, kept for readers still on it; deleted when this one is replaced. */
  previous?: { snapshotId: string; chunks: number };
}

const chunkKeys = (snapshotId: string, chunks: number) =>
  Array.from({ length: chunks }, (_, i) => keys.slotSearchSnapshotChunk(snapshotId, i));

export const slotSearchSnapshotsStore = {
  async head(): Promise<SnapshotHead | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.slotSearchSnapshotHead(), ConsistentRead: true }),
    );
    if (!out.Item) return undefined;
    const { PK: _pk, SK: _sk, entity: _entity, ...head } = out.Item;
    return head as SnapshotHead;
  },

  /** One chunk's bytes, or undefined when it is missing. */
  async chunk(snapshotId: string, index: number): Promise<Uint8Array | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.slotSearchSnapshotChunk(snapshotId, index) }),
    );
    const data = out.Item?.data;
    return data instanceof Uint8Array ? data : undefined;
  },

  async putChunk(snapshotId: string, index: number, data: Uint8Array): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.slotSearchSnapshotChunk(snapshotId, index), entity: 'slotSearchChunk', data },
      }),
    );
  },

  /**
   * Names `head`'s snapshot the newest, unless the head names one taken at or after it already
   * (a slower run finishing late never replaces a newer snapshot). False when it did not.
   */
  async putHead(head: SnapshotHead): Promise<boolean> {
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.slotSearchSnapshotHead(), entity: 'slotSearchHead', ...head },
          ConditionExpression: 'attribute_not_exists(PK) OR takenAt < :takenAt',
          ExpressionAttributeValues: { ':takenAt': head.takenAt },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  async deleteChunks(snapshotId: string, chunks: number): Promise<void> {
    await deleteAll(chunkKeys(snapshotId, chunks));
  },
};
