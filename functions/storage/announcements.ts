import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Announcement } from '#shared/schemas/announcements';
import { failedConditionIndex, isConditionFailure, isTransientFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { batchGetAll, queryAll } from './item-io';
import { keys, stripKeys } from './keys';
import { transact } from './transactions';

/** What is stored: everything but the caller-specific `is_read`. */
export type AnnouncementRecord = Omit<Announcement, 'is_read'>;
/** What the management list's search and filters read of each announcement. */
const rowAttributes = ['id', 'title', 'author_name', 'category', 'is_active'] as const;
export type AnnouncementRow = Pick<AnnouncementRecord, (typeof rowAttributes)[number]>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Announcements: one partition (`ANNS`), read whole (operators write a few a week; the management
 * list shows at most 100), ids are ULIDs so newest first is a descending query. A user's opened
 * announcements are marker items in the user's partition (`ANNREAD#{id}`).
 */
export const announcementsStore = {
  async list(): Promise<AnnouncementRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.announcementsPartition().PK, ':prefix': keys.announcementPrefix() },
      ScanIndexForward: false,
    });
    return items.map((i) => stripKeys<AnnouncementRecord>(i));
  },

  /**
   * The management list's rows, newest first, with only what its search and filters read (no content):
   * the partition holds a few announcements a week, so this is a few small pages however long it runs.
   */
  async listRows(): Promise<AnnouncementRow[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.announcementsPartition().PK, ':prefix': keys.announcementPrefix() },
      ProjectionExpression: rowAttributes.map((a) => `#${a}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(rowAttributes.map((a) => [`#${a}`, a])),
      ScanIndexForward: false,
    });
    return items as unknown as AnnouncementRow[];
  },

  /** Whole announcements of one page, in the order asked. */
  async getMany(ids: string[]): Promise<AnnouncementRecord[]> {
    const items = await batchGetAll(ids.map((id) => keys.announcement(id)));
    const byId = new Map(items.map((i) => [String(i.id), stripKeys<AnnouncementRecord>(i)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  async get(id: string, opts: { consistent?: boolean } = {}): Promise<AnnouncementRecord | undefined> {
    const out = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.announcement(id),
        ...(opts.consistent ? { ConsistentRead: true } : {}),
      }),
    );
    return out.Item ? stripKeys<AnnouncementRecord>(out.Item) : undefined;
  },

  async create(record: AnnouncementRecord): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.announcement(record.id), entity: 'announcement', ...record },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },

  /** Sets the given fields (never `view_count`, which only `markRead` moves); undefined when it is gone. */
  async update(
    id: string,
    fields: Partial<Omit<AnnouncementRecord, 'id' | 'view_count' | 'created_at'>>,
  ): Promise<AnnouncementRecord | undefined> {
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = entries.map(([k, v], i) => {
      names[`#f${i}`] = k;
      values[`:v${i}`] = v;
      return `#f${i} = :v${i}`;
    });
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.announcement(id),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return stripKeys<AnnouncementRecord>(out.Attributes!);
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  },

  /** The deleted record, or undefined when there was none. Read markers stay (harmless, unreachable). */
  async remove(id: string): Promise<AnnouncementRecord | undefined> {
    try {
      const out = await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.announcement(id),
          ConditionExpression: 'attribute_exists(PK)',
          ReturnValues: 'ALL_OLD',
        }),
      );
      return out.Attributes ? stripKeys<AnnouncementRecord>(out.Attributes) : undefined;
    } catch (err) {
      if (isConditionFailure(err)) return undefined;
      throw err;
    }
  },

  /** Ids of the announcements one user has opened. */
  async readIdsOf(userId: string): Promise<Set<string>> {
    const prefix = keys.announcementReadPrefix();
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':prefix': prefix },
      ProjectionExpression: 'SK',
    });
    return new Set(items.map((i) => String(i.SK).slice(prefix.length)));
  },

  /**
   * The user opened the announcement: the read marker (`attribute_not_exists`) and `view_count + 1`
   * in one transaction, so concurrent opens by the same user count once. 'counted' the first time,
   * 'already' after, 'missing' when the announcement is gone.
   */
  async markRead(userId: string, id: string, readAt: string): Promise<'counted' | 'already' | 'missing'> {
    for (let attempt = 0; ; attempt++) {
      try {
        await transact([
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.announcementRead(userId, id), entity: 'announcementRead', readAt },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: keys.announcement(id),
              UpdateExpression: 'ADD view_count :one',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ]);
        return 'counted';
      } catch (err) {
        if (isConditionFailure(err)) return failedConditionIndex(err) === 0 ? 'already' : 'missing';
        // Concurrent opens of one announcement conflict on its item; whoever loses looks again.
        if (!isTransientFailure(err) || attempt >= 20) throw err;
        await sleep(Math.random() * Math.min(200, 5 * 2 ** attempt));
      }
    }
  },
};
