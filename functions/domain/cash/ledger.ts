import { ulid } from 'ulid';
import { cashMessages } from '#shared/messages/cash';
import { commonMessages } from '#shared/messages/common';
import { formatWonNumber } from '#shared/won';
import { type LedgerType } from '#shared/schemas/cash';
import { logger } from '#commons/logger';
import { cancellationCodes } from '#commons/store-errors';
import { LostRaceError } from '#commons/retry';
import {
  ledgerIdempotency,
  ledgerStore,
  signedAmount,
  type BalanceRecord,
  type LedgerEntryRecord,
  type LedgerReplayRecord,
} from '../../storage/ledger';
import { MAX_TRANSACTION_ITEMS, transact, type TransactItem } from '../../storage/transactions';
import { ConflictError, DomainError, InsufficientBalanceError, ValidationError } from '#commons/errors';

/**
 * The ledger: the only code that moves money. Every change of a balance and its ledger
 * entries is ONE TransactWriteItems:
 *
 *   [balance update (sequence check + `balance >= :amount` for debits), ledger entry put(s),
 *    idempotency record put (attribute_not_exists), ...the caller's linked items]
 *
 * so a balance never goes negative, every entry's `balanceAfter` is exact, and a retry with the same
 * idempotency key returns the first answer without moving money twice (also when both run at once:
 * the loser's idempotency put fails and it returns the winner's result).
 *
 * Other features call `purchase`, `refund`, `credit` and pass their own writes in `with`; those commit
 * or fail together with the money. Idempotency keys are scoped per user and per operation.
 *
 * Each call is ONE attempt: when another writer moved the balance since it was read, it throws a
 * LostRaceError and the caller's `retrying` (commons/retry.ts) runs the caller's whole
 * read → decide → write again, the money included. No loop lives here, so none can nest.
 *
 * Zero amounts: nothing is written to the balance and no ledger entry is made (a free slot leaves no
 * 0-won line in the usage history); the `with` items and the idempotency record still commit in one
 * transaction, and the answer carries `transactionId: ''` and the current balance.
 */
export interface MoneyInput {
  userId: string;
  /** Integer won, >= 0. */
  amount: number;
  description: string;
  /** What the money is for (slot id, charge request id …). */
  referenceId: string;
  /** Retry key: the same key returns the first result. Scoped per user and operation. */
  idempotencyKey: string;
  /** Writes that must commit in the same transaction (built by their own storage modules). */
  with?: TransactItem[];
}

export interface MoneyResult {
  /** The ledger entry id ('' for a zero amount, where no entry is written). */
  transactionId: string;
  balanceAfter: number;
  /** True when this answer is the stored result of an earlier call with the same key. */
  replayed: boolean;
}

/**
 * A `with` item's condition failed: nothing was written and no money moved. `index` is the position
 * in the caller's `with` array.
 */
export class LinkedWriteRejected extends LostRaceError {
  constructor(
    readonly index: number,
    readonly codes: string[],
  ) {
    super({ index });
  }
}

/** Own items per call: balance update + entries + idempotency record; the rest is the caller's. */
const OWN_ITEMS_MAX = 4;
const MAX_LINKED_ITEMS = MAX_TRANSACTION_ITEMS - OWN_ITEMS_MAX;

const insufficientBalance = (required: number, balance: number) =>
  new InsufficientBalanceError(
    cashMessages.insufficientBalance(formatWonNumber(required), formatWonNumber(balance)),
    required,
    balance,
  );

interface PostEntry {
  type: LedgerType;
  amount: number;
  description: string;
  referenceId: string;
}

export interface PostInput {
  userId: string;
  /** Names the operation in the idempotency scope ('purchase', 'refund', 'approve' …). */
  operation: string;
  idempotencyKey: string;
  entries: PostEntry[];
  with?: TransactItem[];
  /** Kept with the answer for replays. */
  extra?: Record<string, unknown>;
}

export interface PostResult extends MoneyResult {
  transactionIds: string[];
  extra?: Record<string, unknown>;
}

function validate(input: PostInput) {
  if (!input.userId) throw new ValidationError(commonMessages.userNotFound);
  if (!input.idempotencyKey || input.idempotencyKey.length > 200)
    throw new ValidationError(cashMessages.idempotencyKeyInvalid);
  for (const e of input.entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount < 0) throw new ValidationError(cashMessages.amountNotNegative);
    if (e.description.length > 500) throw new ValidationError(cashMessages.descriptionTooLong);
  }
  if ((input.with?.length ?? 0) > MAX_LINKED_ITEMS) {
    throw new ValidationError(cashMessages.tooManyLinkedItems(MAX_LINKED_ITEMS));
  }
}

/**
 * The idempotency key was already used by a different money movement: nothing was written. For a
 * natural key (`approve#{chargeId}`) it means another call with other terms got there first.
 */
export class ReplayMismatch extends ConflictError {
  constructor() {
    super(cashMessages.idempotencyMismatch);
  }
}

const fingerprint = (input: PostInput) => input.entries.reduce((sum, e) => sum + signedAmount(e.type, e.amount), 0);

function replay(input: PostInput, record: LedgerReplayRecord): PostResult {
  if (record.kind !== input.operation || record.amount !== fingerprint(input)) throw new ReplayMismatch();
  return {
    transactionId: record.transactionId,
    transactionIds:
      (record.extra?.transactionIds as string[] | undefined) ?? (record.transactionId ? [record.transactionId] : []),
    balanceAfter: record.balanceAfter,
    replayed: true,
    extra: record.extra,
  };
}

/**
 * Posts one or more entries for one user atomically with the caller's linked writes. The building
 * block of purchase/refund/credit and of charge approval (charge + bonus as two entries, once).
 * One attempt: run it inside `retrying`.
 */
export async function post(input: PostInput): Promise<PostResult> {
  validate(input);
  const key = `${input.operation}#${input.idempotencyKey}`;
  // Both reads at once: a replay needs only the first, a new movement both.
  const [earlier, current] = await Promise.all([
    ledgerIdempotency.get(input.userId, key),
    ledgerStore.getBalance(input.userId),
  ]);
  if (earlier) return replay(input, earlier);

  const entries = input.entries.filter((e) => e.amount > 0);
  const delta = fingerprint(input);
  const linked = input.with ?? [];

  if (current.balance + delta < 0) {
    // A twin call with the same key may have just spent the money: answer with its result.
    const twin = await ledgerIdempotency.get(input.userId, key);
    if (twin) return replay(input, twin);
    throw insufficientBalance(-delta, current.balance);
  }

  const now = new Date().toISOString();
  const records = buildEntries(current, entries, now, key);
  const transactionIds = records.map((r) => r.id);
  const result: LedgerReplayRecord = {
    transactionId: transactionIds[0] ?? '',
    balanceAfter: current.balance + delta,
    amount: delta,
    kind: input.operation,
    extra: { ...input.extra, transactionIds },
  };
  const own: TransactItem[] = [
    ...(records.length
      ? [
          ledgerStore.balanceUpdate({
            current,
            delta,
            debit: Math.max(0, -delta),
            entryTypes: records.map((r) => r.type),
            now,
          }),
          ...records.map((r) => ledgerStore.entryPut(r)),
        ]
      : []),
    ledgerIdempotency.put(input.userId, key, result, now),
  ];
  const idemIndex = own.length - 1;

  try {
    await transact([...own, ...linked]);
    return { ...result, transactionIds, replayed: false, extra: result.extra };
  } catch (err) {
    const codes = cancellationCodes(err);
    if (!codes) throw err;
    if (codes[idemIndex] === 'ConditionalCheckFailed') {
      const winner = await ledgerIdempotency.get(input.userId, key);
      if (winner) return replay(input, winner);
    }
    const linkedIndex = codes.slice(own.length).findIndex((c) => c === 'ConditionalCheckFailed');
    if (linkedIndex >= 0) throw new LinkedWriteRejected(linkedIndex, codes);
    const balanceMoved = records.length > 0 && codes[0] === 'ConditionalCheckFailed';
    if (!balanceMoved && codes.slice(1, idemIndex).some((c) => c === 'ConditionalCheckFailed')) {
      // An entry with this sequence exists though the balance still has it: the ledger drifted.
      logger.error('ledger entry sequence already taken', { userId: input.userId, seq: current.seq, codes });
      throw new DomainError('INTERNAL', commonMessages.internal);
    }
    // Another writer moved the balance since it was read (or the store saw two at once): the
    // caller's retry re-reads everything and decides again.
    if (balanceMoved || codes.some((c) => c === 'TransactionConflict')) throw new LostRaceError();
    throw err;
  }
}

function buildEntries(
  current: BalanceRecord,
  entries: PostEntry[],
  now: string,
  idempotencyKey: string,
): LedgerEntryRecord[] {
  let balance = current.balance;
  return entries.map((e, i) => {
    balance += signedAmount(e.type, e.amount);
    return {
      id: ulid(),
      userId: current.userId,
      seq: current.seq + i + 1,
      type: e.type,
      amount: e.amount,
      balanceType: 'paid',
      balanceAfter: balance,
      description: e.description,
      referenceId: e.referenceId,
      transactionAt: now,
      idempotencyKey,
    };
  });
}

const single = (input: MoneyInput, type: LedgerType, operation: string) =>
  post({
    userId: input.userId,
    operation,
    idempotencyKey: input.idempotencyKey,
    entries: [{ type, amount: input.amount, description: input.description, referenceId: input.referenceId }],
    with: input.with,
  }).then(({ transactionId, balanceAfter, replayed }): MoneyResult => ({ transactionId, balanceAfter, replayed }));

/** Spends from the balance (slot registration). Insufficient → InsufficientBalanceError, nothing written. */
export const purchase = (input: MoneyInput) => single(input, 'purchase', 'purchase');

/** Gives money back (amount computed by the caller on the server, never from the client). */
export const refund = (input: MoneyInput) => single(input, 'refund', 'refund');

/** Adds money: an approved charge or a bonus. */
export const credit = (input: MoneyInput & { type: 'charge' | 'bonus' }) =>
  single(input, input.type, `credit-${input.type}`);

/** The stored answer of an earlier movement under this operation and key, if there was one. */
export async function earlierResult(
  userId: string,
  operation: string,
  idempotencyKey: string,
): Promise<MoneyResult | undefined> {
  const record = await ledgerIdempotency.get(userId, `${operation}#${idempotencyKey}`);
  return record && { transactionId: record.transactionId, balanceAfter: record.balanceAfter, replayed: true };
}

export async function getBalance(userId: string): Promise<{ amount: number; updatedAt: string | null }> {
  const b = await ledgerStore.getBalance(userId);
  return { amount: b.balance, updatedAt: b.updatedAt };
}
