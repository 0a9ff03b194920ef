import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type {
  NotificationAction,
  NotificationPriority,
  NotificationSender,
  NotificationType,
} from '#shared/schemas/notifications';
import { failedConditionIndex, isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { batchGetAll, chunk, inParallel, queryAll, queryFirst, queryPages } from './item-io';
import { notificationKeys, stripKeys } from './keys';
import { transact, transactUnlessRefused, type TransactItem } from './transactions';

/**
 * Notifications (issue 13). Layout (docs/data-model.md):
 * - a direct notification lives in its recipient's partition, `USER#{id} / NOTIF#{groupId}`; the id
 *   is the send's group id, a ULID, so a user's list newest-first is one reverse query;
 * - a broadcast ('all') is stored ONCE, `NOTIFALL / NOTIF#{groupId}`; a user's read / dismiss / delete
 *   of it is an item `USER#{id} / NOTIFSTATE#{groupId}` written the first time they act on it;
 * - badge counters, changed in the same transaction as what they count: `USER#{id} / NOTIFCOUNTS`
 *   holds `unread` (direct ones), `broadcastSeen` (broadcasts this user read or deleted) and
 *   `broadcastBase` (broadcasts sent before the account existed, fixed once); `COUNTERS / NOTIFALL`
 *   holds `total` broadcasts. A user's unread = unread + (total − broadcastBase − broadcastSeen).
 * - each send has a record `NOTIFSEND#{groupId} / SEND` (recipient count, read count kept as
 *   recipients read), listed by time on GSI1 `NOTIFSENDS`; the operator history reads only these.
 */

export interface NotificationContent {
  type: NotificationType;
  title: string;
  message: string;
  sender: NotificationSender;
  senderId: string | null;
  senderName: string | null;
  priority: NotificationPriority;
  autoClose: boolean;
  duration: number;
  icon?: string;
  actions?: NotificationAction[];
  metadata?: Record<string, unknown>;
}

/** A stored notification: a direct one (recipientId = the user) or a broadcast (recipientId = 'all'). */
export interface NotificationRecord extends NotificationContent {
  id: string;
  groupId: string;
  recipientId: string;
  createdAt: string;
  readAt?: string;
  dismissedAt?: string;
}

/** A user's own state of one broadcast. */
export interface BroadcastState {
  id: string;
  readAt?: string;
  dismissedAt?: string;
  deletedAt?: string;
}

export interface SendRecord extends NotificationContent {
  groupId: string;
  /** 'all', the one recipient's id, or 'multiple'. */
  recipientId: string;
  recipientLabel: string;
  recipientCount: number;
  readCount: number;
  /** Direct sends: who gets it (a retried send finishes the deliveries from here). */
  recipientIds?: string[];
  status: 'sending' | 'sent';
  createdAt: string;
}

export interface NotificationCounts {
  unread: number;
  broadcastSeen: number;
  /** Broadcasts sent before the account existed (set once, on first need). */
  broadcastBase?: number;
  /** The lowest broadcast id this user can see is above this one (from the account's creation time). */
  broadcastAfter?: string;
}

const countsOf = (item: Record<string, unknown> | undefined): NotificationCounts => ({
  unread: Number(item?.unread ?? 0),
  broadcastSeen: Number(item?.broadcastSeen ?? 0),
  broadcastBase: item?.broadcastBase as number | undefined,
  broadcastAfter: item?.broadcastAfter as string | undefined,
});

/** Recipients per delivery transaction: 2 items each (the notification and the counter), ≤ 100 items. */
export const DELIVERIES_PER_TRANSACTION = 48;

const table = () => tableName();

const countsUpdate = (userId: string, field: 'unread' | 'broadcastSeen', delta: number): TransactItem => ({
  Update: {
    TableName: table(),
    Key: notificationKeys.notificationCounts(userId),
    UpdateExpression: 'SET #entity = :entity ADD #f :d',
    ExpressionAttributeNames: { '#entity': 'entity', '#f': field },
    ExpressionAttributeValues: { ':entity': 'notificationCounts', ':d': delta },
  },
});

const sendReadCountUpdate = (groupId: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: notificationKeys.notificationSend(groupId),
    UpdateExpression: 'ADD readCount :one',
    ExpressionAttributeValues: { ':one': 1 },
  },
});

const deliveryItems = (send: SendRecord, content: NotificationContent, userId: string): TransactItem[] => [
  {
    Put: {
      TableName: table(),
      Item: {
        ...notificationKeys.notification(userId, send.groupId),
        entity: 'notification',
        ...content,
        id: send.groupId,
        groupId: send.groupId,
        recipientId: userId,
        createdAt: send.createdAt,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
  countsUpdate(userId, 'unread', 1),
];

const sendPut = (send: SendRecord): TransactItem => ({
  Put: {
    TableName: table(),
    Item: {
      ...notificationKeys.notificationSend(send.groupId),
      ...notificationKeys.notificationSendListing(send.createdAt, send.groupId),
      entity: 'notificationSend',
      ...send,
    },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

const dedupePut = (dedupeKey: string, groupId: string, createdAt: string): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...notificationKeys.notificationDedupe(dedupeKey), entity: 'notificationDedupe', groupId, createdAt },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

/** Writing sends (notify()): what every feature's function bundles, nothing more. */
export const notificationSendsStore = {
  async createDirectSend(
    send: SendRecord,
    content: NotificationContent,
    firstRecipients: string[],
    dedupeKey?: string,
  ): Promise<{ duplicate: boolean }> {
    const items = [sendPut(send), ...firstRecipients.flatMap((u) => deliveryItems(send, content, u))];
    if (dedupeKey) items.unshift(dedupePut(dedupeKey, send.groupId, send.createdAt));
    return transactUnlessDuplicate(items, dedupeKey);
  },
};

/** Sends too large for one transaction, and answers to a repeated dedupe key (notify() in the notifications function). */
export const notificationLargeSendsStore = {
  /** Delivers one direct send to more recipients; recipients who already have it are skipped (a resumed send). */
  async deliver(send: SendRecord, content: NotificationContent, userIds: string[]): Promise<void> {
    for (const part of chunk(userIds, DELIVERIES_PER_TRANSACTION)) {
      try {
        await transact(part.flatMap((u) => deliveryItems(send, content, u)));
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        // Some already have it (a resumed send): one by one, skipping those.
        for (const userId of part) {
          await transact(deliveryItems(send, content, userId)).catch((e: unknown) => {
            if (!isConditionFailure(e)) throw e;
          });
        }
      }
    }
  },

  async markSent(groupId: string): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: notificationKeys.notificationSend(groupId),
        UpdateExpression: 'SET #s = :sent',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sent': 'sent' },
      }),
    );
  },

  async sendOfDedupeKey(dedupeKey: string): Promise<SendRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: table(), Key: notificationKeys.notificationDedupe(dedupeKey), ConsistentRead: true }),
    );
    const groupId = out.Item?.groupId as string | undefined;
    return groupId ? this.getSend(groupId) : undefined;
  },

  async getSend(groupId: string): Promise<SendRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: table(), Key: notificationKeys.notificationSend(groupId), ConsistentRead: true }),
    );
    return out.Item ? stripKeys<SendRecord>(out.Item) : undefined;
  },
};

/** Broadcasts (notify('all')): apart, so the functions that only notify named users never bundle them. */
export const notificationBroadcastsStore = {
  /** A broadcast: stored once, with its send record and the broadcast total, in one transaction. */
  async createBroadcast(
    send: SendRecord,
    content: NotificationContent,
    dedupeKey?: string,
  ): Promise<{ duplicate: boolean }> {
    const items: TransactItem[] = [
      sendPut(send),
      {
        Put: {
          TableName: table(),
          Item: {
            ...notificationKeys.broadcast(send.groupId),
            entity: 'broadcast',
            ...content,
            id: send.groupId,
            groupId: send.groupId,
            recipientId: 'all',
            createdAt: send.createdAt,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: table(),
          Key: notificationKeys.broadcastCounter(),
          UpdateExpression: 'SET #entity = :entity ADD #total :one',
          ExpressionAttributeNames: { '#entity': 'entity', '#total': 'total' },
          ExpressionAttributeValues: { ':entity': 'broadcastCounter', ':one': 1 },
        },
      },
    ];
    if (dedupeKey) items.unshift(dedupePut(dedupeKey, send.groupId, send.createdAt));
    return transactUnlessDuplicate(items, dedupeKey);
  },
};

/** Badge counters: a user's own and the broadcast total (N4, N5). */
export const notificationCountsStore = {
  async counts(userId: string): Promise<NotificationCounts> {
    const out = await db().send(
      new GetCommand({ TableName: table(), Key: notificationKeys.notificationCounts(userId), ConsistentRead: true }),
    );
    return countsOf(out.Item);
  },

  /** Counters of many users at once (a broadcast's unread_count pushes). */
  async countsOfMany(userIds: string[]): Promise<Map<string, NotificationCounts>> {
    const items = await batchGetAll(userIds.map((u) => notificationKeys.notificationCounts(u)));
    const byUser = new Map<string, NotificationCounts>();
    for (const item of items) {
      const userId = String(item.PK).slice('USER#'.length);
      byUser.set(userId, countsOf(item));
    }
    return byUser;
  },

  async broadcastTotal(): Promise<number> {
    const out = await db().send(
      new GetCommand({ TableName: table(), Key: notificationKeys.broadcastCounter(), ConsistentRead: true }),
    );
    return Number(out.Item?.total ?? 0);
  },
};

/** A new account's broadcast base (N5): counted once, on its first badge. */
export const notificationBaseStore = {
  /** How many broadcasts sort before `boundSk` (those sent before an account existed): once per user. */
  async countBroadcastsBefore(boundId: string): Promise<number> {
    let count = 0;
    const pages = queryPages({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
      ExpressionAttributeValues: {
        ':pk': notificationKeys.broadcastsPartition().PK,
        ':lo': notificationKeys.notificationPrefix(),
        ':hi': `${notificationKeys.notificationPrefix()}${boundId}`,
      },
      Select: 'COUNT',
      ConsistentRead: true,
    });
    for await (const out of pages) count += out.Count ?? 0;
    return count;
  },

  /** Fixes a user's broadcast base the first time it is needed (the same value however often). */
  async setBroadcastBase(userId: string, base: number, afterId: string): Promise<void> {
    await db()
      .send(
        new UpdateCommand({
          TableName: table(),
          Key: notificationKeys.notificationCounts(userId),
          UpdateExpression: 'SET #entity = :entity, broadcastBase = :base, broadcastAfter = :after',
          ConditionExpression: 'attribute_not_exists(broadcastBase)',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: { ':entity': 'notificationCounts', ':base': base, ':after': afterId },
        }),
      )
      .catch((err: unknown) => {
        if (!isConditionFailure(err)) throw err;
      });
  },

  /** Marks a direct notification read (and dismissed); false when it was already read. */
};

/** A user's own notifications: find, read, dismiss, delete, list (N3, N6–N9). */
/** Writes a send; `duplicate` when the dedupe marker (the first item) already existed. */
async function transactUnlessDuplicate(items: TransactItem[], dedupeKey?: string): Promise<{ duplicate: boolean }> {
  try {
    await transact(items);
    return { duplicate: false };
  } catch (err) {
    if (dedupeKey && isConditionFailure(err) && failedConditionIndex(err) === 0) return { duplicate: true };
    throw err;
  }
}

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

  async markDirectRead(userId: string, id: string, at: string): Promise<boolean> {
    return transactUnlessRefused(this.directReadItems(userId, id, at));
  },

  directReadItems(userId: string, id: string, at: string): TransactItem[] {
    return [
      {
        Update: {
          TableName: table(),
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
          TableName: table(),
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
          TableName: table(),
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
          TableName: table(),
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
          TableName: table(),
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
          TableName: table(),
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
        TableName: table(),
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
        TableName: table(),
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
      TableName: table(),
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
      TableName: table(),
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
      TableName: table(),
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

  /** Sends in a time range (ISO, inclusive), newest first: the operator history. */
  async deleteReadBroadcasts(userId: string, ids: string[], at: string): Promise<number> {
    let deleted = 0;
    await inParallel(ids, 8, async (id) => {
      try {
        await db().send(
          new UpdateCommand({
            TableName: table(),
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
            TableName: table(),
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
        TableName: table(),
        Item: { ...notificationKeys.broadcastState(userId, state.id), entity: 'broadcastState', ...state },
      }),
    );
  },
};

/** The operator history (N10). */
export const notificationHistoryStore = {
  async sendsBetween(fromIso: string, toIso: string): Promise<SendRecord[]> {
    const items = await queryAll({
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :lo AND :hi',
      ExpressionAttributeValues: {
        ':pk': notificationKeys.notificationSendListing().GSI1PK,
        ':lo': fromIso,
        ':hi': `${toIso}\uffff`,
      },
      ScanIndexForward: false,
    });
    return items.map((i) => {
      const { recipientIds, ...rest } = stripKeys<SendRecord>(i);
      void recipientIds;
      return rest as SendRecord;
    });
  },

  /** Delete-read of broadcasts: each read one gets deletedAt (it was read, so no counter moves). */
};

/** A transaction may touch an item once: the per-notification counter moves become one ADD per counter item. */
function mergeCounterUpdates(items: TransactItem[]): TransactItem[] {
  const others: TransactItem[] = [];
  const counters = new Map<string, { key: Record<string, unknown>; deltas: Map<string, number> }>();
  for (const item of items) {
    const u = item.Update;
    if (u && u.ExpressionAttributeValues?.[':entity'] === 'notificationCounts') {
      const id = `${u.Key!.PK}|${u.Key!.SK}`;
      const entry = counters.get(id) ?? { key: u.Key!, deltas: new Map<string, number>() };
      const field = u.ExpressionAttributeNames!['#f'];
      entry.deltas.set(field, (entry.deltas.get(field) ?? 0) + Number(u.ExpressionAttributeValues[':d']));
      counters.set(id, entry);
    } else others.push(item);
  }
  return [
    ...others,
    ...[...counters.values()].map(({ key, deltas }): TransactItem => {
      const moves = [...deltas.entries()];
      return {
        Update: {
          TableName: table(),
          Key: key,
          UpdateExpression: `SET #entity = :entity ADD ${moves.map((_, i) => `#f${i} :d${i}`).join(', ')}`,
          ExpressionAttributeNames: {
            '#entity': 'entity',
            ...Object.fromEntries(moves.map(([f], i) => [`#f${i}`, f])),
          },
          ExpressionAttributeValues: {
            ':entity': 'notificationCounts',
            ...Object.fromEntries(moves.map(([, d], i) => [`:d${i}`, d])),
          },
        },
      };
    }),
  ];
}
