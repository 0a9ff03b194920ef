import { GetCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { chargeStatuses, type ChargeRequestDto, type ChargeStatus } from '#shared/schemas/cash';
import { db, tableName } from './client';
import { keys } from './keys';
import { queryFirst } from './item-io';
import { isConditionFailure } from '#commons/store-errors';
import { transact, type TransactItem } from './transactions';

/**
 * Cash charge requests. A request lives under its own key; GSI1 lists one
 * user's requests and GSI2 one status's requests, both newest first. Counts by status are kept per
 * user and globally in the same transaction as every status change, so lists know their totals and
 * the dashboard its pending count without scanning.
 */
export type ChargeRequestRecord = Omit<ChargeRequestDto, 'requestedAt' | 'processorActorId'> & {
  /** Absent on items written before it was kept. */
  processorActorId?: ChargeRequestDto['processorActorId'];
  /** Idempotency-Key of the create call, if one was sent. */
  requestKey: string | null;
  /** Idempotency-Key of the approve/reject/cancel call that processed it, if one was sent. */
  processKey: string | null;
};

export type ChargeCounts = Record<ChargeStatus, number>;

/** What processing (approve/reject/cancel) writes on a request. */
export type ChargeProcessChange = Pick<ChargeRequestRecord, 'status' | 'processedAt' | 'processorId'> &
  Partial<
    Pick<ChargeRequestRecord, 'processorActorId' | 'bonusPercentage' | 'bonusAmount' | 'rejectionReason' | 'processKey'>
  >;

const strip = (item: Record<string, unknown>) => {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, entity, ...rest } = item;
  return rest as unknown as ChargeRequestRecord;
};

/** ADD to the per-user and global counters (missing counters count as 0). */
function countersUpdate(userId: string, changes: Partial<Record<ChargeStatus, number>>): TransactItem[] {
  const entries = Object.entries(changes).filter(([, n]) => n);
  const names = Object.fromEntries(entries.map(([s], i) => [`#s${i}`, s]));
  const values = Object.fromEntries(entries.map(([, n], i) => [`:n${i}`, n]));
  const expression = `ADD ${entries.map((_, i) => `#s${i} :n${i}`).join(', ')}`;
  return [keys.chargeCountsOfUser(userId), keys.chargeCountsGlobal()].map((Key) => ({
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  }));
}

const toCounts = (item: Record<string, unknown> | undefined): ChargeCounts =>
  Object.fromEntries(chargeStatuses.map((s) => [s, Math.max(0, Number(item?.[s] ?? 0))])) as ChargeCounts;

export const chargeRequestsStore = {
  /** Put the new request and count it, in one transaction. */
  createItems(record: ChargeRequestRecord): TransactItem[] {
    return [
      {
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.chargeRequest(record.id),
            ...keys.chargeRequestsOfUser(record.userId, record.createdAt, record.id),
            ...keys.chargeRequestsByStatus(record.status, record.createdAt, record.id),
            entity: 'chargeRequest',
            ...record,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...countersUpdate(record.userId, { [record.status]: 1 }),
    ];
  },

  /**
   * Moves a request out of `pending` (approve/reject/cancel): the update is conditioned on the
   * status still being pending, so only one processing ever wins. Returns the update first, then
   * the counter changes.
   */
  processItems(current: ChargeRequestRecord, change: ChargeProcessChange): TransactItem[] {
    const set: Record<string, unknown> = {
      ...change,
      ...keys.chargeRequestsByStatus(change.status, current.createdAt, current.id),
    };
    const fields = Object.entries(set).filter(([, v]) => v !== undefined);
    return [
      {
        Update: {
          TableName: tableName(),
          Key: keys.chargeRequest(current.id),
          UpdateExpression: `SET ${fields.map(([k]) => `#${k} = :${k}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(PK) AND #status = :pending',
          ExpressionAttributeNames: Object.fromEntries(fields.map(([k]) => [`#${k}`, k])),
          ExpressionAttributeValues: {
            ...Object.fromEntries(fields.map(([k, v]) => [`:${k}`, v])),
            ':pending': 'pending',
          },
        },
      },
      ...countersUpdate(current.userId, { pending: -1, [change.status]: 1 }),
    ];
  },

  /** Creates the request; with an Idempotency-Key, claims it too. False when the key was already used. */
  async create(record: ChargeRequestRecord): Promise<boolean> {
    const claim: TransactItem[] = record.requestKey
      ? [
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.idempotency(`charge-create#${record.userId}`, record.requestKey),
                entity: 'idempotency',
                result: { chargeId: record.id },
                createdAt: record.createdAt,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ]
      : [];
    try {
      await transact([...claim, ...this.createItems(record)]);
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  /** The request a create call with this Idempotency-Key made, if any. */
  async createdWithKey(userId: string, key: string): Promise<string | undefined> {
    const out = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.idempotency(`charge-create#${userId}`, key),
        ConsistentRead: true,
      }),
    );
    return out.Item?.result?.chargeId as string | undefined;
  },

  /** Reject or cancel (no money moves); false when the request is no longer pending. */
  async process(current: ChargeRequestRecord, change: ChargeProcessChange): Promise<boolean> {
    try {
      await transact(this.processItems(current, change));
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  },

  async get(id: string): Promise<ChargeRequestRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.chargeRequest(id), ConsistentRead: true }),
    );
    return out.Item ? strip(out.Item) : undefined;
  },

  async countsOfUser(userId: string): Promise<ChargeCounts> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.chargeCountsOfUser(userId) }));
    return toCounts(out.Item);
  },

  async countsGlobal(): Promise<ChargeCounts> {
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.chargeCountsGlobal() }));
    return toCounts(out.Item);
  },

  /** One user's requests newest first, optionally of one status: items `offset … offset+limit`. */
  async listOfUser(userId: string, opts: { status?: ChargeStatus; offset: number; limit: number }) {
    return collect(
      {
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: {
          ':pk': keys.chargeRequestsOfUser(userId).GSI1PK,
          ...(opts.status ? { ':status': opts.status } : {}),
        },
        ...(opts.status
          ? { FilterExpression: '#status = :status', ExpressionAttributeNames: { '#status': 'status' } }
          : {}),
        ScanIndexForward: false,
      },
      opts.offset + opts.limit,
    ).then((items) => items.slice(opts.offset));
  },

  /** Every user's requests of one status, newest first. */
  async listByStatus(status: ChargeStatus, opts: { offset: number; limit: number }) {
    return collect(
      {
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.chargeRequestsByStatus(status).GSI2PK },
        ScanIndexForward: false,
      },
      opts.offset + opts.limit,
    ).then((items) => items.slice(opts.offset));
  },

  /** Every request of every status, newest first: the newest `offset+limit` of each status, merged. */
  async listAll(opts: { offset: number; limit: number }) {
    const perStatus = await Promise.all(
      chargeStatuses.map((s) => this.listByStatus(s, { offset: 0, limit: opts.offset + opts.limit })),
    );
    return perStatus
      .flat()
      .sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt)))
      .slice(opts.offset, opts.offset + opts.limit);
  },
};

/** Reads a query until `wanted` items (after any filter) or the end. */
const collect = (query: QueryCommandInput, wanted: number): Promise<ChargeRequestRecord[]> =>
  queryFirst(query, wanted, { pageLimit: (missing) => Math.max(missing, 25), keep: (items) => items.map(strip) });
