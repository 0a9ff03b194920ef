import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SlotStatus } from '#shared/slot-status';
import type { RankAlert, RankAlertEvent } from '#shared/schemas/rank-alerts';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { batchGetAll, batchWriteAll, queryAll, queryFirst, queryPage, type QueryCursor } from './item-io';
import { keys, slotSearchPartition, stripKeys } from './keys';
import type { TransactItem } from './transactions';

/**
 * Slot items: `SLOT#{id} / SLOT`, on GSI1 `USERSLOTS#{userId} / {createdAt}#{id}` (one user's slots)
 * and GSI2 `SLOTS#{status} / {createdAt}#{id}` (staff lists, jobs). This module builds items and
 * reads; functions/domain/slots/ decides what changes together. The slot's change log, rank days,
 * counters and bulk records have their own modules (slot-logs, slot-rank-days, slot-counters,
 * slot-bulks); docs/data-model.md lists the access patterns.
 */
export interface SlotRecord {
  id: string;
  userId: string;
  /** The owner's login id (never changes), for the staff userId search. */
  userLogin: string;
  status: SlotStatus;
  /** The user's sequence number (1, 2, 3 … in registration order). */
  slot_number: number;
  customFields: Record<string, string>;
  keyword: string;
  url: string;
  mid: string;
  url_product_id: string | null;
  url_item_id: string | null;
  url_vendor_item_id: string | null;
  product_name: string | null;
  thumbnail: string | null;
  startDate: string | null;
  endDate: string | null;
  price: number;
  approved_price: number | null;
  rank: number | null;
  /** When `rank` was measured (the rank job writes it with the rank); absent or null: never measured. */
  rank_measured_at?: string | null;
  yesterday_rank: number | null;
  first_rank: number | null;
  /** Impressions and clicks over every reported day (written by the rank job); null or absent: none reported. */
  impressions?: number | null;
  clicks?: number | null;
  rejection_reason: string | null;
  refund_reason: string | null;
  parent_slot_id: string | null;
  is_test: boolean;
  pre_allocation_start_date: string | null;
  pre_allocation_end_date: string | null;
  approvedAt: string | null;
  approvedBy: string | null;
  rejectedAt: string | null;
  /** Set by a refund (operator console): won credited and when. */
  refund_amount?: number;
  refundedAt?: string;
  refundedBy?: string;
  /**
   * Set when the slot is deleted: the stored status it had then, so a staff restore can send it back
   * there (shared/slot-status.ts restoredStatus); removed on restore. Absent on slots deleted before.
   */
  statusBeforeDelete?: SlotStatus;
  /** Paused by staff: only staff resume it. */
  paused_by_staff?: boolean;
  createdAt: string;
  updatedAt: string;
  /** Optimistic concurrency: every update checks and bumps it. */
  version: number;
  /**
   * Set on slots written by a bulk registration: such a slot exists only once the bulk record
   * `SLOTBULK#{bulkId}` does (it is written in the charge's transaction) AND names this row's
   * attempt. Twin requests with one Idempotency-Key each write their own rows; only the rows of the
   * attempt that committed (and paid) ever exist for readers. Readers check (records.ts).
   */
  bulkId?: string;
  bulkIndex?: number;
  bulkAttempt?: string;
  /** `{userId}#{Idempotency-Key}` of the request that made the last status change (its retry answers it). */
  status_change_key?: string;
  // ---- price edit after approval (domain/slots/price-edit.ts) ----
  /**
   * The last price edit: what it settled and the Idempotency-Key of its request (a retry or a twin
   * of that request answers from here instead of editing again).
   */
  price_edit?: {
    key: string | null;
    oldPrice: number;
    newPrice: number;
    settlement: 'charge' | 'return' | 'none';
    amount: number;
    /** The ledger operation and key that moved the money ('' when none). */
    ledgerOperation: string;
    ledgerKey: string;
    at: string;
    by: string;
  };
  // ---- pre-allocation issuance and extensions (domain/slots/allocation.ts, extension.ts) ----
  /** The issuance (`SLOTALLOC#{id}`) this slot came from; an extension carries its parent's. */
  allocation_id?: string;
  /** Set on a parent once it has an extension (one per slot), with the child's id. */
  has_extension?: boolean;
  extension_slot_id?: string;
  /** The Idempotency-Key of the request that extended it: a retry of that request gets the same answer. */
  extension_key?: string;
  /** On an extension slot: the days it adds. */
  extension_days?: number;
  /** Extensions are created paid (no cash moves: see extension.ts). */
  payment_completed?: boolean;
  pre_allocation_amount?: number;
  workCount?: number;
  description?: string | null;
  // ---- expiry job (domain/slots/expiry-job.ts) ----
  /** When an unfilled pre-allocated slot was marked expired. */
  expiredAt?: string;
  /** The '만료 예정' notices sent for this slot's end: when each went out (each once). */
  expiry_notices?: Partial<Record<ExpiryNotice, string>>;
  // ---- rank alerts (domain/slots/rank-alert.ts sets the wish; the rank job writes what fired) ----
  rank_alert?: RankAlert | null;
  rank_alert_last?: RankAlertEvent | null;
  /** Newest first, at most 20. */
  rank_alert_events?: RankAlertEvent[];
}

/** Notices before a slot's end date: 3 days and 1 day before it. */
export type ExpiryNotice = 'D-3' | 'D-1';

/** The attributes list filters and sorts read (the page's full items are fetched afterwards). */
export type SlotListRow = Pick<
  SlotRecord,
  | 'id'
  | 'userId'
  | 'userLogin'
  | 'status'
  | 'slot_number'
  | 'keyword'
  | 'url'
  | 'mid'
  | 'product_name'
  | 'startDate'
  | 'endDate'
  | 'rank'
  | 'createdAt'
  | 'updatedAt'
  | 'bulkId'
  | 'bulkIndex'
  | 'bulkAttempt'
>;
const listAttributes: Array<keyof SlotListRow> = [
  'id',
  'userId',
  'userLogin',
  'status',
  'slot_number',
  'keyword',
  'url',
  'mid',
  'product_name',
  'startDate',
  'endDate',
  'rank',
  'createdAt',
  'updatedAt',
  'bulkId',
  'bulkIndex',
  'bulkAttempt',
];

/** The attributes the ranking page reads. */
export type SlotRankRow = Pick<
  SlotRecord,
  | 'id'
  | 'userId'
  | 'userLogin'
  | 'status'
  | 'slot_number'
  | 'keyword'
  | 'url'
  | 'product_name'
  | 'thumbnail'
  | 'startDate'
  | 'endDate'
  | 'rank'
  | 'rank_measured_at'
  | 'yesterday_rank'
  | 'first_rank'
  | 'is_test'
  | 'bulkId'
  | 'bulkAttempt'
>;
const rankAttributes: Array<keyof SlotRankRow> = [
  'id',
  'userId',
  'userLogin',
  'status',
  'slot_number',
  'keyword',
  'url',
  'product_name',
  'thumbnail',
  'startDate',
  'endDate',
  'rank',
  'rank_measured_at',
  'yesterday_rank',
  'first_rank',
  'is_test',
  'bulkId',
  'bulkAttempt',
];

/**
 * The staff search's row of a slot (GSI3 `SLOTSEARCH#{shard}`): the list row, every field value
 * (configured fields marked searchable are searched) and the version (the newest read wins).
 */
export type SlotSearchRow = SlotListRow & Pick<SlotRecord, 'customFields' | 'version'>;
export const searchAttributes: ReadonlyArray<keyof SlotSearchRow> = [...listAttributes, 'customFields', 'version'];

/** The search index's keys for a slot written now: every write of a slot carries them (searches read what changed since). */
export const searchKeysNow = (slotId: string) => keys.slotSearch(slotId, new Date().toISOString());

const slotItem = (slot: SlotRecord) => ({
  ...keys.slot(slot.id),
  ...keys.slotsOfUser(slot.userId, slot.createdAt, slot.id),
  ...keys.slotsByStatus(slot.status, slot.createdAt, slot.id),
  ...searchKeysNow(slot.id),
  entity: 'slot',
  ...slot,
});

export const slotsStore = {
  async get(slotId: string): Promise<SlotRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.slot(slotId), ConsistentRead: true }),
    );
    return out.Item ? stripKeys<SlotRecord>(out.Item) : undefined;
  },

  /** By id, in the order asked; missing ids are left out. */
  async getMany(slotIds: string[]): Promise<SlotRecord[]> {
    const items = await batchGetAll([...new Set(slotIds)].map((id) => keys.slot(id)));
    const found = new Map(items.map((item) => [item.id as string, stripKeys<SlotRecord>(item)]));
    return slotIds.map((id) => found.get(id)).filter((s): s is SlotRecord => !!s);
  },

  /** A new slot; fails its transaction if the id exists. */
  putNew(slot: SlotRecord): TransactItem {
    return { Put: { TableName: tableName(), Item: slotItem(slot), ConditionExpression: 'attribute_not_exists(PK)' } };
  },

  /**
   * Changes a slot if nobody changed it since `expectedVersion` was read. A status change moves
   * it to its new GSI2 partition. `null` values are stored as null (the DTO shape keeps them).
   */
  update(
    slot: Pick<SlotRecord, 'id' | 'createdAt' | 'version'>,
    changes: Partial<Omit<SlotRecord, 'id' | 'userId' | 'createdAt' | 'version'>>,
    remove: string[] = [],
  ): TransactItem {
    const set: Record<string, unknown> = { ...changes, version: slot.version + 1, ...searchKeysNow(slot.id) };
    if (changes.status) Object.assign(set, keys.slotsByStatus(changes.status, slot.createdAt, slot.id));
    const entries = Object.entries(set).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = Object.fromEntries(entries.map(([k], i) => [`#s${i}`, k]));
    const values: Record<string, unknown> = Object.fromEntries(entries.map(([, v], i) => [`:s${i}`, v]));
    remove.forEach((k, i) => (names[`#r${i}`] = k));
    names['#version'] = 'version';
    values[':expectedVersion'] = slot.version;
    return {
      Update: {
        TableName: tableName(),
        Key: keys.slot(slot.id),
        UpdateExpression:
          `SET ${entries.map((_, i) => `#s${i} = :s${i}`).join(', ')}` +
          (remove.length ? ` REMOVE ${remove.map((_, i) => `#r${i}`).join(', ')}` : ''),
        ConditionExpression: '#version = :expectedVersion',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  },

  // ---- lists ---------------------------------------------------------------------------------

  /**
   * Every slot of one user, whole, from GSI1 (projected ALL): the user's list filters, sorts and
   * answers from these, so a cached copy answers a page without another read.
   */
  async listSlotsOfUser(userId: string): Promise<SlotRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.slotsOfUser(userId).GSI1PK },
    });
    return items.map((i) => stripKeys<SlotRecord>(i));
  },

  /**
   * The search rows of one search partition (GSI3 `SLOTSEARCH#{shard}`), all of them, or only the
   * slots written at or after `since` (ISO instant): `GSI3SK >= {since}`.
   */
  async searchRows(shard: number, since?: string): Promise<SlotSearchRow[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI3',
      KeyConditionExpression: `GSI3PK = :pk${since ? ' AND GSI3SK >= :since' : ''}`,
      ExpressionAttributeValues: { ':pk': slotSearchPartition(shard), ...(since && { ':since': since }) },
      ProjectionExpression: searchAttributes.map((_, i) => `#p${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(searchAttributes.map((a, i) => [`#p${i}`, a])),
    });
    return items as unknown as SlotSearchRow[];
  },

  /** Ids of the slots of one stored status written before the search index (no `GSI3PK`): the bootstrap keys them. */
  async idsWithoutSearchKeys(status: SlotStatus): Promise<string[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      FilterExpression: 'attribute_not_exists(GSI3PK)',
      ExpressionAttributeValues: { ':pk': keys.slotsByStatus(status).GSI2PK },
      ProjectionExpression: 'id',
    });
    return items.map((i) => i.id as string);
  },

  /**
   * Gives a slot written before the search index its keys, once: only while it exists and has none
   * (any write since gave it its own). False when it needed none.
   */
  async addSearchKeys(slotId: string): Promise<boolean> {
    const { GSI3PK, GSI3SK } = searchKeysNow(slotId);
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.slot(slotId),
          UpdateExpression: 'SET GSI3PK = :pk, GSI3SK = :sk',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(GSI3PK)',
          ExpressionAttributeValues: { ':pk': GSI3PK, ':sk': GSI3SK },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  /**
   * One index page of a stored status's list rows in registration order (GSI2 `{createdAt}#{id}`),
   * strictly past the registration time `beyond` when given (newest-first: older than it), at most
   * `limit` rows; `next` continues the same walk.
   */
  async pageRowsByStatus(
    status: SlotStatus,
    opts: { ascending: boolean; beyond?: string; limit: number; startKey?: QueryCursor },
  ): Promise<{ rows: SlotListRow[]; next?: QueryCursor }> {
    // Every key of one registration time starts with `{createdAt}#`: below it are only older ones, above `{createdAt}#\uffff` only newer.
    const bound =
      opts.beyond === undefined
        ? undefined
        : keys.slotsByStatus(status, opts.beyond, opts.ascending ? '\uffff' : '').GSI2SK;
    const page = await queryPage({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: `GSI2PK = :pk${bound === undefined ? '' : opts.ascending ? ' AND GSI2SK > :bound' : ' AND GSI2SK < :bound'}`,
      ExpressionAttributeValues: {
        ':pk': keys.slotsByStatus(status).GSI2PK,
        ...(bound === undefined ? {} : { ':bound': bound }),
      },
      ProjectionExpression: listAttributes.map((_, i) => `#p${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(listAttributes.map((a, i) => [`#p${i}`, a])),
      ScanIndexForward: opts.ascending,
      Limit: Math.max(1, opts.limit),
      ExclusiveStartKey: opts.startKey,
    });
    return { rows: page.items as unknown as SlotListRow[], next: page.cursor };
  },

  /**
   * The rank attributes of a stored status's slots (the ranking page: `SLOTS#active` on GSI2, read
   * once a minute per warm Lambda, never a table scan), newest first, at most `max` rows.
   */
  async rankRowsByStatus(status: SlotStatus, max: number): Promise<SlotRankRow[]> {
    const rows = await queryFirst(
      {
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.slotsByStatus(status).GSI2PK },
        ProjectionExpression: rankAttributes.map((_, i) => `#p${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(rankAttributes.map((a, i) => [`#p${i}`, a])),
        ScanIndexForward: false,
      },
      max,
      { pageLimit: (missing) => Math.min(1000, missing) },
    );
    return rows as unknown as SlotRankRow[];
  },

  /** Full slots of one stored status (the slot-status job). */
  async listByStatus(status: SlotStatus): Promise<SlotRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.slotsByStatus(status).GSI2PK },
    });
    return items.map((i) => stripKeys<SlotRecord>(i));
  },

  // ---- rows of bulk registrations ------------------------------------------------------------

  /** Writes the slots of a bulk registration (invisible until their bulk record exists), 25 per request, 4 requests at once. */
  async putBulkSlots(slots: SlotRecord[]): Promise<void> {
    await batchWriteAll(slots.map((s) => ({ PutRequest: { Item: slotItem(s) } })));
  },

  /**
   * Deletes a row of a bulk that never committed, only as it was read: a retry with the same key
   * rewrites its rows with a new `createdAt`, and such a row is left alone. False when it changed.
   */
  async deleteUncommittedBulkRow(slot: Pick<SlotRecord, 'id' | 'createdAt' | 'version'>): Promise<boolean> {
    try {
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.slot(slot.id),
          ConditionExpression: 'createdAt = :createdAt AND #version = :version',
          ExpressionAttributeNames: { '#version': 'version' },
          ExpressionAttributeValues: { ':createdAt': slot.createdAt, ':version': slot.version },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },
};
