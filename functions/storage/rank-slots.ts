import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SlotStatus } from '#shared/slot-status';
import { isConditionFailure } from '#commons/store-errors';
import type { RankAlert, RankAlertEvent } from '#shared/rank-alerts';
import { db, tableName } from './client';
import { batchGetAll, queryAll, queryPage } from './item-io';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * The slot attributes rank tracking reads and writes. Tracked slots are read by stored
 * status from GSI2 (`SLOTS#active`, `SLOTS#waiting`) with a projection, never a table scan. The rank
 * job's writes go through `rankUpdate`, guarded by the slot's version like every slot change.
 */
export type RankAlertSetting = RankAlert;
export type RankAlertEventRecord = RankAlertEvent;

export interface RankSlotRow {
  id: string;
  userId: string;
  status: SlotStatus;
  createdAt: string;
  version: number;
  startDate: string | null;
  endDate: string | null;
  keyword: string;
  url_product_id: string | null;
  url_item_id: string | null;
  url_vendor_item_id: string | null;
  rank: number | null;
  /** When `rank` was measured: the newest healthy check's `observedAt` (absent or null: never). */
  rank_measured_at?: string | null;
  yesterday_rank: number | null;
  first_rank: number | null;
  product_name: string | null;
  thumbnail: string | null;
  rank_alert?: RankAlertSetting | null;
  rank_alert_last?: RankAlertEventRecord | null;
  rank_alert_events?: RankAlertEventRecord[];
  /** What the rank job last wrote for the slot (a digest): an unchanged result writes nothing. */
  rank_sig?: string;
  /**
   * Impressions and clicks: totals (null while no day was reported), the closed days' sum with the
   * number of days in it (absent or null until a reported day closes), and the open days' figures by day.
   */
  impressions?: number | null;
  clicks?: number | null;
  metrics_base?: [number, number] | [number, number, number] | null;
  metrics_open?: Record<string, [number, number]>;
  /** The rank run that last wrote the slot (its id's first 8 characters): a unit run again finds the owners it already changed. */
  rank_run?: string;
  bulkId?: string;
  bulkAttempt?: string;
}

const rankRowAttributes: Array<keyof RankSlotRow> = [
  'id',
  'userId',
  'status',
  'createdAt',
  'version',
  'startDate',
  'endDate',
  'keyword',
  'url_product_id',
  'url_item_id',
  'url_vendor_item_id',
  'rank',
  'rank_measured_at',
  'yesterday_rank',
  'first_rank',
  'product_name',
  'thumbnail',
  'rank_alert',
  'rank_alert_last',
  'rank_alert_events',
  'rank_sig',
  'metrics_base',
  'metrics_open',
  'rank_run',
  'bulkId',
  'bulkAttempt',
];

/**
 * What the recompute planner and the work list read of a tracked slot: whether it is tracked
 * today (status, start day, its bulk's attempt) and its pair; never the rank, alert or metrics
 * attributes, which only the units read (by id, `byIds`).
 */
export const rankPlanAttributes = [
  'id',
  'status',
  'startDate',
  'keyword',
  'url_product_id',
  'url_item_id',
  'url_vendor_item_id',
  'bulkId',
  'bulkAttempt',
] as const satisfies ReadonlyArray<keyof RankSlotRow>;
export type RankPlanRow = Pick<RankSlotRow, (typeof rankPlanAttributes)[number]>;

/** A stretch of registration times: `from` inclusive, `before` exclusive, either end open. */
export interface RegistrationRange {
  from?: string;
  before?: string;
}

export type RankSlotChanges = Partial<
  Pick<
    RankSlotRow,
    | 'rank'
    | 'rank_measured_at'
    | 'yesterday_rank'
    | 'first_rank'
    | 'product_name'
    | 'thumbnail'
    | 'rank_alert_last'
    | 'rank_alert_events'
    | 'rank_sig'
    | 'impressions'
    | 'clicks'
    | 'metrics_base'
    | 'metrics_open'
    | 'rank_run'
  >
>;

export const rankSlotsStore = {
  /**
   * Every slot of one stored status, rank attributes only, page by page from GSI2 in one serial query:
   * the planner's read before it was split (`planRows`); the plan test and bench compare against it.
   */
  async byStatus(status: SlotStatus): Promise<RankSlotRow[]> {
    const rows = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.slotsByStatus(status).GSI2PK },
      ProjectionExpression: rankRowAttributes.map((_, i) => `#p${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(rankRowAttributes.map((a, i) => [`#p${i}`, a])),
    });
    return rows as unknown as RankSlotRow[];
  },

  /**
   * The first and last registration time among a stored status's slots (GSI2 `{createdAt}#{id}`: one
   * one-item query from each end), or null when it has none.
   */
  async registrationSpan(status: SlotStatus): Promise<{ first: string; last: string } | null> {
    const end = async (ascending: boolean) => {
      const { items } = await queryPage({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.slotsByStatus(status).GSI2PK },
        ProjectionExpression: 'GSI2SK',
        ScanIndexForward: ascending,
        Limit: 1,
      });
      const sk = items[0]?.GSI2SK as string | undefined;
      return sk === undefined ? undefined : sk.slice(0, sk.indexOf('#'));
    };
    const [first, last] = await Promise.all([end(true), end(false)]);
    return first === undefined || last === undefined ? null : { first, last };
  },

  /**
   * A stored status's slots registered in `range`, oldest first, page by page from GSI2 with only the
   * planner's attributes (`rankPlanAttributes`). Ranges that share no time share no slot: keys
   * `{createdAt}#{id}` from `{from}#` up to, not including, `{before}#`.
   */
  async planRows(status: SlotStatus, range: RegistrationRange = {}): Promise<RankPlanRow[]> {
    const from = range.from === undefined ? undefined : `${range.from}#`;
    const before = range.before === undefined ? undefined : `${range.before}#`;
    const sk =
      from !== undefined && before !== undefined
        ? ' AND GSI2SK BETWEEN :from AND :before'
        : from !== undefined
          ? ' AND GSI2SK >= :from'
          : before !== undefined
            ? ' AND GSI2SK < :before'
            : '';
    const rows = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: `GSI2PK = :pk${sk}`,
      ExpressionAttributeValues: {
        ':pk': keys.slotsByStatus(status).GSI2PK,
        ...(from !== undefined && { ':from': from }),
        ...(before !== undefined && { ':before': before }),
      },
      ProjectionExpression: rankPlanAttributes.map((_, i) => `#p${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(rankPlanAttributes.map((a, i) => [`#p${i}`, a])),
    });
    return rows as unknown as RankPlanRow[];
  },

  /** Slots by id, rank attributes only, read consistently (a recompute unit's slots); gone ones are left out. */
  async byIds(ids: string[]): Promise<RankSlotRow[]> {
    const rows = await batchGetAll(
      ids.map((id) => keys.slot(id)),
      { consistent: true, attributes: rankRowAttributes },
    );
    return rows as unknown as RankSlotRow[];
  },

  /** The rank job's change of one slot, if nobody changed the slot since `version` was read. */
  rankUpdate(
    slot: Pick<RankSlotRow, 'id' | 'version' | 'rank' | 'product_name'>,
    changes: RankSlotChanges,
  ): TransactItem {
    // A new rank or product name moves the slot in the staff search's index (its copy sorts by rank and
    // searches product names); the other rank attributes (yesterday's rank, figures, alerts) are not in
    // the copy, and restamping every tracked slot each hour would make every copy read them all again.
    const searched =
      (changes.rank !== undefined && changes.rank !== slot.rank) ||
      (changes.product_name !== undefined && changes.product_name !== slot.product_name);
    const set: Record<string, unknown> = {
      ...changes,
      version: slot.version + 1,
      ...(searched && keys.slotSearch(slot.id, new Date().toISOString())),
    };
    const entries = Object.entries(set).filter(([, v]) => v !== undefined);
    return {
      Update: {
        TableName: tableName(),
        Key: keys.slot(slot.id),
        UpdateExpression: `SET ${entries.map((_, i) => `#s${i} = :s${i}`).join(', ')}`,
        ConditionExpression: '#version = :expectedVersion',
        ExpressionAttributeNames: {
          ...Object.fromEntries(entries.map(([k], i) => [`#s${i}`, k])),
          '#version': 'version',
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(entries.map(([, v], i) => [`:s${i}`, v])),
          ':expectedVersion': slot.version,
        },
      },
    };
  },

  /**
   * `rankUpdate` on its own (one UpdateItem, not a transaction: half the write units, no conflict
   * with other writers' counters). False when the slot changed since it was read. The owner's list
   * version is bumped afterwards, once per owner and unit (slotCountersStore.touchLists).
   */
  async writeRank(
    slot: Pick<RankSlotRow, 'id' | 'version' | 'rank' | 'product_name'>,
    changes: RankSlotChanges,
  ): Promise<boolean> {
    try {
      await db().send(new UpdateCommand(rankSlotsStore.rankUpdate(slot, changes).Update!));
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },
};
