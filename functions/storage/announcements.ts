import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Announcement } from '#shared/schemas/announcements';
import { failedConditionIndex, isConditionFailure, isTransientFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { batchGetAll, queryAll } from './item-io';
import { keys, stripKeys } from './keys';
import { transact, transactUnlessRefused, type TransactItem } from './transactions';

/** What is stored: everything but the caller-specific `is_read`. */
export type AnnouncementRecord = Omit<Announcement, 'is_read'>;
/**
 * What the lists read of each announcement: its summary item — the management list's search and
 * filters, and the users' visibility and order (active, pinned, KST dates).
 */
const summaryAttributes = [
  'id',
  'title',
  'author_name',
  'category',
  'is_active',
  'created_at',
  'is_pinned',
  'start_date',
  'end_date',
] as const;
/** A summary written before it carried the users' visibility fields lacks this one (rewritten at bootstrap). */
const newestSummaryAttribute = 'is_pinned';
export type AnnouncementSummary = Pick<AnnouncementRecord, (typeof summaryAttributes)[number]>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const summaryItem = (r: AnnouncementRecord) => ({
  ...keys.announcementSummary(r.id),
  entity: 'announcementSummary',
  ...(Object.fromEntries(summaryAttributes.map((a) => [a, r[a]])) as AnnouncementSummary),
});
const putSummary = (r: AnnouncementRecord): TransactItem => ({ Put: { TableName: tableName(), Item: summaryItem(r) } });
const bumpVersion = (): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.announcementSummariesVersion(),
    UpdateExpression: 'ADD v :one',
    ExpressionAttributeValues: { ':one': 1 },
  },
});

/**
 * Announcements: one partition (`ANNS`), ids are ULIDs so newest first is a descending query. The
 * lists read the summaries (`ANNSUMS`, a few hundred bytes each) and then only the shown page whole:
 * every write changes an announcement, its summary and the summaries' version in one transaction. A user's opened announcements are marker items in the user's partition
 * (`ANNREAD#{id}`).
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

  /** Every announcement's summary, newest first (the management list's search and filters read these). */
  async listSummaries(): Promise<AnnouncementSummary[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': keys.announcementSummariesPartition().PK,
        ':prefix': keys.announcementPrefix(),
      },
      ConsistentRead: true,
      ScanIndexForward: false,
    });
    return items.map((i) => stripKeys<AnnouncementSummary>(i));
  },

  /** The summaries' version: it moves with every write of one (0 before any). */
  async summariesVersion(): Promise<number> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.announcementSummariesVersion(), ConsistentRead: true }),
    );
    return Number(out.Item?.v ?? 0);
  },

  /**
   * Whole announcements with ids from `lowId` to `highId` (inclusive), newest first: one query whose
   * capacity is the range's bytes, where a batch get rounds every item up to 4 KB.
   */
  async listBetween(lowId: string, highId: string): Promise<AnnouncementRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
      ExpressionAttributeValues: {
        ':pk': keys.announcementsPartition().PK,
        ':lo': keys.announcement(lowId).SK,
        ':hi': keys.announcement(highId).SK,
      },
      ScanIndexForward: false,
    });
    return items.map((i) => stripKeys<AnnouncementRecord>(i));
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

  /** A new announcement and its summary, in one transaction. */
  async create(record: AnnouncementRecord): Promise<void> {
    await transact([
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.announcement(record.id), entity: 'announcement', ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      putSummary(record),
      bumpVersion(),
    ]);
  },

  /**
   * Sets the given fields of `before` (never `view_count`, which only `markRead` moves) and rewrites
   * its summary, in one transaction that holds only while the announcement is still `before`
   * (`updated_at` unchanged): a concurrent edit fails it with a condition failure, to be read again.
   */
  async update(
    before: AnnouncementRecord,
    fields: Partial<Omit<AnnouncementRecord, 'id' | 'view_count' | 'created_at'>>,
  ): Promise<void> {
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = { '#seen': 'updated_at' };
    const values: Record<string, unknown> = { ':seen': before.updated_at };
    const sets = entries.map(([k, v], i) => {
      names[`#f${i}`] = k;
      values[`:v${i}`] = v;
      return `#f${i} = :v${i}`;
    });
    await transact([
      {
        Update: {
          TableName: tableName(),
          Key: keys.announcement(before.id),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: '#seen = :seen',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
      putSummary({ ...before, ...Object.fromEntries(entries) }),
      bumpVersion(),
    ]);
  },

  /** Deletes an announcement and its summary; false when there was none. Read markers stay (harmless, unreachable). */
  async remove(id: string): Promise<boolean> {
    return transactUnlessRefused([
      { Delete: { TableName: tableName(), Key: keys.announcement(id), ConditionExpression: 'attribute_exists(PK)' } },
      { Delete: { TableName: tableName(), Key: keys.announcementSummary(id) } },
      bumpVersion(),
    ]);
  },

  /**
   * Announcements without a current summary (none, written before summaries existed, or one from
   * before the visibility fields): their ids and `updated_at`.
   */
  async withoutSummary(): Promise<Array<Pick<AnnouncementRecord, 'id' | 'updated_at'>>> {
    const [all, summarised] = await Promise.all([
      queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.announcementsPartition().PK, ':prefix': keys.announcementPrefix() },
        ProjectionExpression: '#id, #u',
        ExpressionAttributeNames: { '#id': 'id', '#u': 'updated_at' },
      }),
      queryAll({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: {
          ':pk': keys.announcementSummariesPartition().PK,
          ':prefix': keys.announcementPrefix(),
        },
        ProjectionExpression: '#id, #newest',
        ExpressionAttributeNames: { '#id': 'id', '#newest': newestSummaryAttribute },
      }),
    ]);
    const have = new Set(summarised.filter((i) => newestSummaryAttribute in i).map((i) => String(i.id)));
    return all.filter((i) => !have.has(String(i.id))) as Array<Pick<AnnouncementRecord, 'id' | 'updated_at'>>;
  },

  /**
   * Writes the summary of an announcement that has none (or one without the visibility fields), if it
   * is still as read (`updated_at`): an edit or delete meanwhile wrote (or removed) a current summary
   * itself. False when nothing was written.
   */
  async addSummary(record: AnnouncementRecord): Promise<boolean> {
    return transactUnlessRefused([
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.announcement(record.id),
          ConditionExpression: '#u = :u',
          ExpressionAttributeNames: { '#u': 'updated_at' },
          ExpressionAttributeValues: { ':u': record.updated_at },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: summaryItem(record),
          ConditionExpression: 'attribute_not_exists(PK) OR attribute_not_exists(#newest)',
          ExpressionAttributeNames: { '#newest': newestSummaryAttribute },
        },
      },
      bumpVersion(),
    ]);
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
