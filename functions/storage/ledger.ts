import { GetCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { queryAll, queryFirst } from './item-io';
import { keys } from './keys';
import type { TransactItem } from './transactions';
import { isCreditType, ledgerTypes, type LedgerType } from '#shared/ledger-types';
import type { CashTransactionDto } from '#shared/schemas/cash';

/**
 * Balances and ledger entries (money moves only here, in one transaction). One balance item per user carries
 * the amount, the sequence number of its latest ledger entry and per-type entry counts; each ledger entry is keyed
 * by that sequence, so entries are strictly ordered and `balanceAfter` forms an unbroken chain.
 *
 * This module only builds items and reads; functions/domain/cash/ledger.ts decides what to write.
 */
export { type LedgerType };

/** Credit types add to the balance; the others subtract. */
export const signedAmount = (type: LedgerType, amount: number) => (isCreditType(type) ? amount : -amount);

export interface BalanceRecord {
  userId: string;
  balance: number;
  /** Sequence of the newest ledger entry (= number of entries). */
  seq: number;
  updatedAt: string | null;
  /** Entries per type, for list totals without counting. */
  counts: Partial<Record<LedgerType, number>>;
}

export type LedgerEntryRecord = CashTransactionDto & { seq: number; idempotencyKey: string };

const countAttr = (type: LedgerType) => `count_${type}`;

const strip = (item: Record<string, unknown>) => {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, entity, ...rest } = item;
  return rest;
};

export const ledgerStore = {
  async getBalance(userId: string): Promise<BalanceRecord> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.cashBalance(userId), ConsistentRead: true }),
    );
    const item = out.Item;
    const counts: BalanceRecord['counts'] = {};
    for (const t of ledgerTypes) if (typeof item?.[countAttr(t)] === 'number') counts[t] = item[countAttr(t)] as number;
    return {
      userId,
      balance: (item?.balance as number | undefined) ?? 0,
      seq: (item?.seq as number | undefined) ?? 0,
      updatedAt: (item?.updatedAt as string | undefined) ?? null,
      counts,
    };
  },

  /**
   * The balance change: optimistic on the sequence read just before (so every entry's balanceAfter
   * is exact) and, for debits, guarded by `balance >= :amount` so a balance can never go negative.
   */
  balanceUpdate(input: {
    current: BalanceRecord;
    delta: number;
    debit: number;
    entryTypes: LedgerType[];
    now: string;
  }): TransactItem {
    const { current, delta, debit, entryTypes, now } = input;
    const names: Record<string, string> = {
      '#balance': 'balance',
      '#seq': 'seq',
      '#updatedAt': 'updatedAt',
      '#userId': 'userId',
      '#entity': 'entity',
    };
    const values: Record<string, unknown> = {
      ':delta': delta,
      ':entries': entryTypes.length,
      ':now': now,
      ':userId': current.userId,
      ':zero': 0,
      ':entity': 'cashBalance',
    };
    const perType = new Map<LedgerType, number>();
    for (const t of entryTypes) perType.set(t, (perType.get(t) ?? 0) + 1);
    const countSets = [...perType].map(([t, n], i) => {
      names[`#c${i}`] = countAttr(t);
      values[`:c${i}`] = n;
      return `#c${i} = if_not_exists(#c${i}, :zero) + :c${i}`;
    });
    let condition: string;
    if (current.seq === 0) {
      condition = 'attribute_not_exists(#seq)';
    } else {
      condition = '#seq = :expectedSeq';
      values[':expectedSeq'] = current.seq;
    }
    if (debit > 0) {
      condition += ' AND #balance >= :debit';
      values[':debit'] = debit;
    }
    return {
      Update: {
        TableName: tableName(),
        Key: keys.cashBalance(current.userId),
        UpdateExpression: [
          'SET #balance = if_not_exists(#balance, :zero) + :delta',
          '#seq = if_not_exists(#seq, :zero) + :entries',
          '#updatedAt = :now',
          '#userId = :userId',
          '#entity = :entity',
          ...countSets,
        ].join(', '),
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    };
  },

  entryPut(entry: LedgerEntryRecord): TransactItem {
    return {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.ledgerEntry(entry.userId, entry.seq),
          ...keys.ledgerByType(entry.userId, entry.type, entry.seq),
          entity: 'ledgerEntry',
          ...entry,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  },

  /** Newest first. Reads `offset + limit` entries at most (page N costs N pages of reads). */
  async listEntries(
    userId: string,
    opts: { type?: LedgerType; offset: number; limit: number },
  ): Promise<LedgerEntryRecord[]> {
    const query: QueryCommandInput = opts.type
      ? {
          TableName: tableName(),
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.ledgerByType(userId, opts.type).GSI1PK },
          ScanIndexForward: false,
        }
      : {
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': keys.cashBalance(userId).PK, ':prefix': keys.ledgerPrefix() },
          ScanIndexForward: false,
        };
    const items = await queryFirst(query, opts.offset + opts.limit, {
      pageLimit: (missing) => Math.min(missing, 1000),
    });
    return items.slice(opts.offset).map((i) => strip(i) as unknown as LedgerEntryRecord);
  },

  /** Every entry of a user, oldest first (reconciliation). */
  async allEntries(userId: string): Promise<LedgerEntryRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.cashBalance(userId).PK, ':prefix': keys.ledgerPrefix() },
      ConsistentRead: true,
    });
    return items.map((i) => strip(i) as unknown as LedgerEntryRecord);
  },

  /** Does the balance item exist at all (reconciliation tells "never used" from "deleted"). */
  async balanceExists(userId: string): Promise<boolean> {
    const out = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.cashBalance(userId),
        ConsistentRead: true,
        ProjectionExpression: 'PK',
      }),
    );
    return !!out.Item;
  },
};

/** What a money mutation answered, kept so a retry with the same key gets the same answer. */
export interface LedgerReplayRecord {
  transactionId: string;
  balanceAfter: number;
  amount: number;
  kind: string;
  /** Domain data the caller asked to keep with the answer (e.g. the charge request id). */
  extra?: Record<string, unknown>;
}

export const ledgerIdempotency = {
  scope: (userId: string) => `cash#${userId}`,

  /** Kept without a TTL: money keys must never move money twice, however late the retry. */
  put(userId: string, key: string, record: LedgerReplayRecord, now: string): TransactItem {
    return {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.idempotency(ledgerIdempotency.scope(userId), key),
          entity: 'idempotency',
          result: record,
          createdAt: now,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  },

  async get(userId: string, key: string): Promise<LedgerReplayRecord | undefined> {
    const out = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.idempotency(ledgerIdempotency.scope(userId), key),
        ConsistentRead: true,
      }),
    );
    return out.Item?.result as LedgerReplayRecord | undefined;
  },
};
