import type { SlotLogDto } from '#shared/schemas/slots';
import { tableName } from './client';
import { batchWriteAll, queryAll } from './item-io';
import { keys, stripKeys } from './keys';
import type { TransactItem } from './transactions';

/** A slot's change log: `SLOT#{id} / LOG#{at}#{ulid}`, in the slot's partition, oldest first. */
export type SlotLogRecord = Required<SlotLogDto> & {
  /** The developer acting as user_id through user-switch, if any. */
  actor_id: string | null;
};

export const slotLogsStore = {
  put(log: SlotLogRecord): TransactItem {
    return {
      Put: {
        TableName: tableName(),
        Item: { ...keys.slotLog(log.slot_id, log.created_at, log.id), entity: 'slotLog', ...log },
      },
    };
  },

  /** Many lines outside a transaction (after a commit that wrote more slots than one transaction holds). */
  async putMany(logs: SlotLogRecord[]): Promise<void> {
    await batchWriteAll(
      logs.map((log) => ({
        PutRequest: { Item: { ...keys.slotLog(log.slot_id, log.created_at, log.id), entity: 'slotLog', ...log } },
      })),
    );
  },

  /** Oldest first. */
  async list(slotId: string): Promise<SlotLogRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.slot(slotId).PK, ':prefix': keys.slotLogPrefix() },
    });
    return items.map((i) => stripKeys<SlotLogRecord>(i));
  },
};
