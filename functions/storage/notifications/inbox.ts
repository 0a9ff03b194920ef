import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from '../client';
import { batchGetAll, queryAll, queryFirst } from '../item-io';
import { chunk, inParallel } from '#commons/batching';
import { notificationKeys, stripKeys } from '../keys';
import { transact, transactUnlessRefused, type TransactItem } from '../transactions';
import type { BroadcastState, NotificationRecord } from './records';
import { countsUpdate, mergeCounterUpdates, sendReadCountUpdate } from './write-items';

/** A user's own notifications: find, read, dismiss, delete, list (N3, N6–N9). */
export const notificationsStore = {
  /** One user's direct notification, the broadcast of that id and the user's state of it, in one read. */
  async find(
    userId: string,
    id: string,
  ): Promise<{ direct?: NotificationRecord; broadcast?: NotificationRecord; state?: BroadcastState }> {
    const found = await batchGetAll(
      [
        notificationKeys.notification(userId, id),
        notificationKeys.broadcast(id),
        notificationKeys.broadcastState(userId, id),
      ],
      { consistent: true },
    );
    const out: { direct?: NotificationRecord; broadcast?: NotificationRecord; state?: BroadcastState } = {};
    for (const item of found) {
      if (item.entity === 'notification') out.direct = stripKeys(item);
      else if (item.entity === 'broadcast') out.broadcast = stripKeys(item);
      else if (item.entity === 'broadcastState') out.state = stripKeys(item);
    }
    return out;
  },

  /** Marks a direct notification read (and dismissed); false when it was already read. */
  async markDirectRead(userId: string, id: string, at: string): Promise<boolean> {
    return transactUnlessRefused(this.directReadItems(userId, id, at));
  },

  directReadItems(userId: string, id: string, at: string): TransactItem[] {
    return [
      {
        Update: {
          TableName: tableName(),
          Key: notificationKeys.notification(userId, id),
          UpdateExpression: 'SET readAt = :at, dismissedAt = if_not_exists(dismissedAt, :at)',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(readAt)',
          ExpressionAttributeValues: { ':at': at },
        },
      },
      countsUpdate(userId, 'unread', -1),
      sendReadCountUpdate(id),
    ];
  },

  /** Marks a broadcast read for one user; false when they had already read or deleted it. */
  async markBroadcastRead(userId: string, id: string, at: string): Promise<boolean> {
    return transactUnlessRefused(this.broadcastReadItems(userId, id, at));
  },

  broadcastReadItems(userId: string, id: string, at: string): TransactItem[] {
    return [
      {
        Update: {
          TableName: tableName(),
          Key: notificationKeys.broadcastState(userId, id),
          UpdateExpression:
            'SET #entity = :entity, id = :id, readAt = :at, dismissedAt = if_not_exists(dismissedAt, :at)',
          ConditionExpression: 'attribute_not_exists(readAt) AND attribute_not_exists(deletedAt)',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: { ':entity': 'broadcastState', ':id': id, ':at': at },
        },
      },
      countsUpdate(userId, 'broadcastSeen', 1),
      sendReadCountUpdate(id),
    ];
  },

  /** Many reads at once (mark all): in transactions of up to 33 notifications; a lost race falls back to one by one. */
  async markManyRead(userId: string, direct: string[], broadcasts: string[], at: string): Promise<number> {
    const work = [
      ...direct.map((id) => ({ id, broadcast: false })),
      ...broadcasts.map((id) => ({ id, broadcast: true })),
    ];
    let updated = 0;
    for (const part of chunk(work, 33)) {
      const items = part.flatMap((w) =>
        w.broadcast ? this.broadcastReadItems(userId, w.id, at) : this.directReadItems(userId, w.id, at),
      );
      // One counter item per transaction: merge each kind's ±1 into one ADD.
      const merged = mergeCounterUpdates(items);
      try {
        await transact(merged);
        updated += part.length;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        for (const w of part) {
          const ok = w.broadcast
            ? await this.markBroadcastRead(userId, w.id, at)
            : await this.markDirectRead(userId, w.id, at);
          if (ok) updated++;
        }
      }
    }
    return updated;
  },

  /** Sets dismissed_at on a direct notification (kept if already set); undefined when it does not exist. */
  async dismissDirect(userId: string, id: string, at: string): Promise<string | undefined> {
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: notificationKeys.notification(userId, id),
          UpdateExpression: 'SET dismissedAt = if_not_exists(dismissedAt, :at)',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':at': at },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes?.dismissedAt as string;
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  },

  /** Sets a user's dismissed_at of a broadcast; undefined when they deleted it. */
  async dismissBroadcast(userId: string, id: string, at: string): Promise<string | undefined> {
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: notificationKeys.broadcastState(userId, id),
          UpdateExpression: 'SET #entity = :entity, id = :id, dismissedAt = if_not_exists(dismissedAt, :at)',
          ConditionExpression: 'attribute_not_exists(deletedAt)',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: { ':entity': 'broadcastState', ':id': id, ':at': at },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes?.dismissedAt as string;
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  },

  /** Deletes a direct notification as it was read (`wasRead`); false when it changed meanwhile (read again and retry). */
  async deleteDirect(userId: string, id: string, wasRead: boolean): Promise<boolean> {
    const items: TransactItem[] = [
      {
        Delete: {
          TableName: tableName(),
          Key: notificationKeys.notification(userId, id),
          ConditionExpression: wasRead
            ? 'attribute_exists(readAt)'
            : 'attribute_exists(PK) AND attribute_not_exists(readAt)',
        },
      },
    ];
    if (!wasRead) items.push(countsUpdate(userId, 'unread', -1));
    return transactUnlessRefused(items);
  },

  /** Deletes a broadcast for one user (its state remembers it); an unread one stops counting. */
  async deleteBroadcast(userId: string, id: string, wasRead: boolean, at: string): Promise<boolean> {
    const items: TransactItem[] = [
      {
        Update: {
          TableName: tableName(),
          Key: notificationKeys.broadcastState(userId, id),
          UpdateExpression: 'SET #entity = :entity, id = :id, deletedAt = :at',
          ConditionExpression: wasRead
            ? 'attribute_exists(readAt) AND attribute_not_exists(deletedAt)'
            : 'attribute_not_exists(readAt) AND attribute_not_exists(deletedAt)',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: { ':entity': 'broadcastState', ':id': id, ':at': at },
        },
      },
    ];
    if (!wasRead) items.push(countsUpdate(userId, 'broadcastSeen', 1));
    return transactUnlessRefused(items);
  },

  /**
   * A page of a user's direct notifications, newest first, with ids below `beforeId`; `read` and
   * `type` filter. Returns up to `limit` matches.
   */
  async directPage(
    userId: string,
    opts: { beforeId?: string; limit: number; read?: boolean; type?: string },
  ): Promise<NotificationRecord[]> {
    const filters: string[] = [];
    const values: Record<string, unknown> = {
      ':pk': notificationKeys.notification(userId, '').PK,
      ':lo': notificationKeys.notificationPrefix(),
      ':hi': opts.beforeId
        ? `${notificationKeys.notificationPrefix()}${opts.beforeId}`
        : `${notificationKeys.notificationPrefix()}\uffff`,
    };
    if (opts.read === true) filters.push('attribute_exists(readAt)');
    if (opts.read === false) filters.push('attribute_not_exists(readAt)');
    if (opts.type) {
      filters.push('#type = :type');
      values[':type'] = opts.type;
    }
    return queryFirst(
      {
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
        ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
        ...(opts.type ? { ExpressionAttributeNames: { '#type': 'type' } } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        ConsistentRead: true,
      },
      opts.limit,
      {
        pageLimit: () => Math.max(opts.limit * 2, 20),
        keep: (items) => items.filter((i) => i.SK !== values[':hi']).map((i) => stripKeys<NotificationRecord>(i)),
      },
    );
  },

  /** Broadcasts with ids in (afterId, beforeId), newest first, `type` filtered; pages until `limit` pass `keep`. */
  async broadcastPage(opts: {
    afterId: string;
    beforeId?: string;
    limit: number;
    type?: string;
    keep?: (batch: NotificationRecord[]) => Promise<NotificationRecord[]>;
  }): Promise<NotificationRecord[]> {
    const values: Record<string, unknown> = {
      ':pk': notificationKeys.broadcastsPartition().PK,
      ':lo': `${notificationKeys.notificationPrefix()}${opts.afterId}`,
      ':hi': opts.beforeId
        ? `${notificationKeys.notificationPrefix()}${opts.beforeId}`
        : `${notificationKeys.notificationPrefix()}\uffff`,
    };
    if (opts.type) values[':type'] = opts.type;
    return queryFirst(
      {
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
        ...(opts.type ? { FilterExpression: '#type = :type', ExpressionAttributeNames: { '#type': 'type' } } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
      },
      opts.limit,
      {
        pageLimit: () => Math.max(opts.limit * 2, 20),
        keep: async (items) => {
          const batch = items
            .filter((i) => i.SK !== values[':hi'] && i.SK !== values[':lo'])
            .map((i) => stripKeys<NotificationRecord>(i));
          return opts.keep ? opts.keep(batch) : batch;
        },
      },
    );
  },

  /** Every broadcast id after `afterId` (mark all read: at most the broadcasts since the account began). */
  async broadcastIdsAfter(afterId: string): Promise<string[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK > :lo',
      ExpressionAttributeValues: {
        ':pk': notificationKeys.broadcastsPartition().PK,
        ':lo': `${notificationKeys.notificationPrefix()}${afterId}`,
      },
      ProjectionExpression: 'id',
    });
    return items.map((i) => String(i.id));
  },

  async statesOf(userId: string, ids: string[]): Promise<Map<string, BroadcastState>> {
    if (!ids.length) return new Map();
    const items = await batchGetAll(
      ids.map((id) => notificationKeys.broadcastState(userId, id)),
      { consistent: true },
    );
    return new Map(items.map((i) => [String(i.id), stripKeys<BroadcastState>(i)]));
  },

  async allStates(userId: string): Promise<BroadcastState[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': notificationKeys.broadcastState(userId, '').PK,
        ':prefix': notificationKeys.broadcastStatePrefix(),
      },
      ConsistentRead: true,
    });
    return items.map((i) => stripKeys<BroadcastState>(i));
  },

  /** Ids of a user's direct notifications that are read (`read`) or unread. */
  async directIds(userId: string, read: boolean): Promise<string[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      FilterExpression: read ? 'attribute_exists(readAt)' : 'attribute_not_exists(readAt)',
      ExpressionAttributeValues: {
        ':pk': notificationKeys.notification(userId, '').PK,
        ':prefix': notificationKeys.notificationPrefix(),
      },
      ProjectionExpression: 'id',
      ConsistentRead: true,
    });
    return items.map((i) => String(i.id));
  },

  /** Delete-read of broadcasts: each read one gets deletedAt (it was read, so no counter moves). */
  async deleteReadBroadcasts(userId: string, ids: string[], at: string): Promise<number> {
    let deleted = 0;
    await inParallel(ids, 8, async (id) => {
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: notificationKeys.broadcastState(userId, id),
            UpdateExpression: 'SET deletedAt = :at',
            ConditionExpression: 'attribute_exists(readAt) AND attribute_not_exists(deletedAt)',
            ExpressionAttributeValues: { ':at': at },
          }),
        );
        deleted++;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    });
    return deleted;
  },

  /** Delete-read of direct ones: the condition deletes only items that are read. */
  async deleteReadDirect(userId: string, ids: string[]): Promise<number> {
    let deleted = 0;
    await inParallel(ids, 8, async (id) => {
      try {
        await db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: notificationKeys.notification(userId, id),
            ConditionExpression: 'attribute_exists(readAt)',
          }),
        );
        deleted++;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    });
    return deleted;
  },

  /** For tests and the data-model check: a raw put of a broadcast state. */
  async putState(userId: string, state: BroadcastState): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...notificationKeys.broadcastState(userId, state.id), entity: 'broadcastState', ...state },
      }),
    );
  },
};
