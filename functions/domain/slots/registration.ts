import { commonMessages } from '#shared/messages/common';
import { ulid } from 'ulid';
import { cashMessages } from '#shared/messages/cash';
import { addKstDays, kstToday } from '#shared/kst';
import { slotMessages, slotLogTexts } from '#shared/messages/slots';
import {
  type BulkCreateResult,
  type BulkCreateSlotsInput,
  type BulkRowError,
  type CreateSlotInput,
  type SlotDto,
} from '#shared/schemas/slots';
import { collectFieldInput, isBlankRow, validateSlotFields, type SlotFieldValues } from '#shared/slot-fields';
import type { SlotStatus } from '#shared/slot-status';
import type { Settings } from '#shared/settings';
import { fieldConfigsStore } from '../../storage/field-configs';
import { slotsStore, type SlotRecord } from '../../storage/slots';
import { slotCountersStore } from '../../storage/slot-counters';
import { slotBulksStore, type BulkRecord } from '../../storage/slot-bulks';
import { transact, type TransactItem } from '../../storage/transactions';
import { usersStore, type UserRecord } from '../../storage/users';
import * as Ledger from '../cash/ledger';
import {
  ConflictError,
  DomainError,
  InsufficientBalanceError,
  NotFoundError,
  ThrottledError,
  ValidationError,
} from '#commons/errors';
import { getSettings } from '../settings/settings-service';
import { bulkIdFor, bulkSlotId, digest, newBulkAttempt, slotIdFor } from './slot-ids';
import { fieldsError, newSlotRecord, statusMove } from './slot-record';
import { toSlotDto } from './slot-dto';
import { type ChangeContext } from './slot-change-log';
import { retrying } from '#commons/retry';
import { recordMetric } from '#commons/metrics';
import { inTurn } from '../user-write-turns';

/**
 * Registration in normal mode: POST /slots (one slot) and POST /slots/bulk (many in one request).
 *
 * Money, counters and slots: the registration charge (cash `purchase`, 0 won without the cash
 * system), the user's and the global slot counters (with the slot-number sequence and the
 * maxSlotsPerUser guard) and the slot(s) commit in ONE transaction, or the bulk protocol below.
 * A retry with the same Idempotency-Key gets the first answer: the ids of what is written derive
 * from the key, and the ledger replays the charge instead of taking it again.
 */

/** pending, or with slotAutoApproval active from today for slotDurationDays, approved by the system. */
const initialState = (settings: Settings, today: string, now: string, price: number) =>
  settings.slotAutoApproval
    ? {
        status: 'active' as SlotStatus,
        startDate: today,
        endDate: addKstDays(today, settings.slotDurationDays - 1),
        approval: { approvedAt: now, approvedBy: 'system', approved_price: price },
      }
    : { status: 'pending' as SlotStatus, startDate: null, endDate: null, approval: {} };

async function registrationContext(ctx: ChangeContext) {
  const settings = await getSettings();
  if (settings.slotOperationMode === 'pre-allocation')
    throw new ConflictError(slotMessages.registrationInPreAllocation);
  const [configs, owner] = await Promise.all([fieldConfigsStore.list(), usersStore.get(ctx.caller.userId)]);
  if (!owner) throw new NotFoundError(commonMessages.userNotFound);
  return { settings, configs, owner, price: settings.useCashSystem ? settings.defaultSlotPrice : 0, today: kstToday() };
}

/** 0 = no limit. `rows`: a bulk's per-row answer, carried in the refusal's details. */
function assertRoom(held: number, adding: number, max: number, rows?: BulkRefusalRows) {
  if (max > 0 && held + adding > max)
    throw new ConflictError(slotMessages.maxSlots(max, held), { max, held, adding, ...rows });
}

/**
 * What a refused bulk (402 balance, 409 maxSlotsPerUser) still says about its rows in the error's
 * `details`, next to `required`/`balance` or `max`/`held`/`adding`: nothing was created, and each bad
 * row is named as in a 200 answer.
 */
type BulkRefusalRows = Pick<BulkCreateResult, 'succeeded' | 'failed' | 'skipped' | 'errors'>;

/**
 * Takes the charge for `n` slots and moves the counters in one transaction, with `linked(seqStart)`
 * (the slot put or the bulk record) inside it. Without `reserved` numbers the slot-number sequence
 * advances in the same transaction, only from the value read: a lost race re-reads and tries again.
 * A full account is refused before anything is written. One user's registrations take turns
 * (user-write-turns.ts), so many at once cost one attempt each instead of a storm of lost races.
 */
async function chargeAndReserve(input: {
  owner: UserRecord;
  n: number;
  price: number;
  status: SlotStatus;
  maxSlots: number;
  idempotencyKey: string;
  description: string;
  referenceId: string;
  /** First of `n` numbers already handed out (bulk). */
  reserved?: number;
  linked: (seqStart: number) => TransactItem[];
  /** A bulk's per-row answer, added to the details of a refusal. */
  rows?: BulkRefusalRows;
}) {
  const { owner, n } = input;
  // A charge already taken under this key (an earlier attempt that committed though its answer was
  // lost, or an earlier request answered "busy") is this registration's success, whatever else the
  // account looks like now: the room it took must not refuse it.
  const committed = () => Ledger.earlierResult(owner.id, 'purchase', input.idempotencyKey);
  // The user's registrations take turns: each reads fresh counters and balance once and commits.
  const run = inTurn(owner.id, () =>
    retrying(async () => {
      const [counters, earlier] = await Promise.all([slotCountersStore.ofUser(owner.id), committed()]);
      if (earlier) return earlier;
      assertRoom(counters.held, n, input.maxSlots, input.rows);
      const deltas = statusMove(undefined, input.status, n);
      const seqStart = input.reserved ?? counters.seq + 1;
      const money = await Ledger.purchase({
        userId: owner.id,
        amount: n * input.price,
        description: input.description,
        referenceId: input.referenceId,
        idempotencyKey: input.idempotencyKey,
        with: [
          slotCountersStore.userUpdate(owner.id, deltas, {
            ...(input.reserved ? {} : { seq: { expected: counters.seq, next: counters.seq + n } }),
            heldAtMost: input.maxSlots > 0 ? input.maxSlots - n : undefined,
          }),
          slotCountersStore.globalUpdate(deltas),
          ...input.linked(seqStart),
        ],
      }).catch((err: unknown) => {
        // The balance dropped since it was read: the same 402, still naming the bulk's rows.
        if (input.rows && err instanceof InsufficientBalanceError)
          throw new InsufficientBalanceError(err.message, err.required, err.balance, input.rows);
        throw err;
      });
      return money;
    }),
  );
  // Giving up ("busy") after an attempt whose transaction committed unseen would tell the person to
  // try again although they paid: a retry with a new key would buy a second slot. Ask the ledger once.
  return run.catch(async (err: unknown) => {
    // A business refusal is decided before anything is written; "busy" and unexpected store failures may not be.
    if (err instanceof DomainError && !(err instanceof ThrottledError)) throw err;
    const earlier = await committed().catch(() => undefined);
    if (!earlier) throw err;
    return earlier;
  });
}

/** POST /slots */
export async function createSlot(input: CreateSlotInput, ctx: ChangeContext): Promise<SlotDto> {
  const { settings, configs, owner, price, today } = await registrationContext(ctx);
  const checked = validateSlotFields(collectFieldInput(input), configs, 'complete');
  if (!checked.ok) throw fieldsError(checked.errors);

  const slotId = slotIdFor(owner.id, ctx.idempotencyKey);
  const key = `slot#${ctx.idempotencyKey ?? slotId}`;
  const now = new Date().toISOString();
  const state = initialState(settings, today, now, price);
  let created: SlotRecord | undefined;
  const money = await chargeAndReserve({
    owner,
    n: 1,
    price,
    status: state.status,
    maxSlots: settings.maxSlotsPerUser,
    idempotencyKey: key,
    description: slotLogTexts.registered,
    referenceId: slotId,
    linked: (seqStart) => {
      created = {
        ...newSlotRecord({ id: slotId, owner, slotNumber: seqStart, fields: checked.values, price, ...state, now }),
        ...state.approval,
      };
      return [slotsStore.putNew(created)];
    },
  });
  // A replay answers with the slot the first call created (its id derives from the same key).
  const slot = money.replayed ? await slotsStore.get(slotId) : created;
  if (!slot) throw new ConflictError(cashMessages.idempotencyMismatch);
  if (!money.replayed) recordMetric('SlotsRegistered', 1, {});
  return toSlotDto(slot, owner, today);
}

// ---------------------------------------------------------------------------------------------
// Bulk

/**
 * POST /slots/bulk — every row in one request, "nothing charged for a row that was not created":
 *
 *  1. Every row is validated first; blank rows are skipped, bad rows are reported with their row
 *     number and never written. If the account has no room or the balance cannot pay for all
 *     accepted rows, nothing is written: a 409 or 402 with the usual message whose `details` still
 *     name each bad row (`succeeded: 0, failed, skipped, errors`).
 *  2. Their slot numbers are handed out in one counter update (a failed bulk leaves a gap).
 *  3. The accepted rows are written as slots with ids `{bulkId}{attempt}{index}` (bulkId derived
 *     from the user and the Idempotency-Key, attempt random per request) carrying `bulkId` and
 *     `bulkAttempt`. Such a slot exists for readers only once its bulk record does AND names its
 *     attempt (records.ts `visibleSlots`): until then nobody sees or counts it, and rows of a twin
 *     request with the same key (other rows, lost the race) never exist at all.
 *  4. ONE transaction takes the charge for all of them (cash `purchase`), moves the counters (with
 *     the maxSlotsPerUser guard) and puts the bulk record. This is the commit point: the slots exist
 *     exactly when the money moved. A failure or a crash before it leaves rows nobody can see and
 *     nobody paid for (a retry with the same key overwrites them); after it there is nothing to finish.
 *  5. A retry with the same key finds the bulk record and replays the first answer (the ledger would
 *     replay the charge too): no second charge, no duplicate slots. Other rows under a used key: 409.
 *  6. The nightly slot-status job deletes rows of attempts that never committed (status-job.ts).
 *
 * So the rows never have to fit one 100-item transaction, and the charge is taken once, atomically.
 */
export async function bulkCreateSlots(input: BulkCreateSlotsInput, ctx: ChangeContext): Promise<BulkCreateResult> {
  const { settings, configs, owner, price, today } = await registrationContext(ctx);

  const errors: BulkRowError[] = [];
  const accepted: Array<{ row: number; values: SlotFieldValues }> = [];
  let skipped = 0;
  input.rows.forEach((r, i) => {
    const raw = collectFieldInput({ customFields: r.customFields });
    if (isBlankRow(raw)) {
      skipped += 1;
      return;
    }
    const checked = validateSlotFields(raw, configs, 'complete');
    if (checked.ok) accepted.push({ row: i + 1, values: checked.values });
    else errors.push({ row: i + 1, message: checked.errors[0].message, field: checked.errors[0].field });
  });
  if (!accepted.length && !errors.length) throw new ValidationError(slotMessages.noRows);

  const summary = (succeeded: number, charged: number): Omit<BulkCreateResult, 'slotIds' | 'balanceAfter'> => ({
    succeeded,
    failed: errors.length,
    skipped,
    errors,
    charged,
    message:
      succeeded === 0
        ? slotMessages.bulkAllFailed
        : errors.length
          ? slotMessages.bulkPartial(succeeded, errors.length)
          : slotMessages.bulkSucceeded(succeeded),
  });
  if (!accepted.length) return { ...summary(0, 0), slotIds: [], balanceAfter: null };

  const n = accepted.length;
  const total = n * price;
  const clientKey = ctx.idempotencyKey ?? ulid();
  const bulkId = bulkIdFor(owner.id, clientKey);
  const rowsHash = digest(accepted);
  const attempt = newBulkAttempt();
  const ids = accepted.map((_, i) => bulkSlotId(bulkId, attempt, i));

  const earlier = await slotBulksStore.get(bulkId);
  if (earlier) return replayBulk(earlier, rowsHash);

  // Refuse early what the transaction would refuse anyway, before writing anything.
  const rows: BulkRefusalRows = { succeeded: 0, failed: errors.length, skipped, errors };
  assertRoom((await slotCountersStore.ofUser(owner.id)).held, n, settings.maxSlotsPerUser, rows);
  if (total > 0) {
    const { amount } = await Ledger.getBalance(owner.id);
    if (amount < total)
      throw new InsufficientBalanceError(slotMessages.insufficientBalance(total, amount), total, amount, rows);
  }

  const now = new Date().toISOString();
  const state = initialState(settings, today, now, price);
  const seqStart = await slotCountersStore.reserveNumbers(owner.id, n);
  const slots = accepted.map((a, i) => ({
    ...newSlotRecord({
      id: ids[i],
      owner,
      slotNumber: seqStart + i,
      fields: a.values,
      price,
      ...state,
      now,
      bulk: { bulkId, attempt, index: i },
    }),
    ...state.approval,
  }));
  const result = summary(n, total);
  await slotsStore.putBulkSlots(slots);
  // If this fails, the rows stay invisible and unpaid; a retry with the same key writes them again.
  const money = await chargeAndReserve({
    owner,
    n,
    price,
    status: state.status,
    maxSlots: settings.maxSlotsPerUser,
    idempotencyKey: `slot-bulk#${clientKey}`,
    description: slotLogTexts.bulkRegistered(n),
    referenceId: bulkId,
    reserved: seqStart,
    linked: () => [
      slotBulksStore.put({ bulkId, attempt, userId: owner.id, count: n, seqStart, rowsHash, result, createdAt: now }),
    ],
    rows,
  });
  if (money.replayed) {
    // A twin request with the same key committed first: answer as it did (its rows, not ours:
    // ours stay invisible and the nightly job deletes them).
    const twin = await slotBulksStore.get(bulkId);
    if (!twin) throw new ConflictError(cashMessages.idempotencyMismatch);
    return replayBulk(twin, rowsHash);
  }
  recordMetric('SlotsRegistered', n, {});
  return { ...result, slotIds: ids, balanceAfter: price > 0 ? money.balanceAfter : null };
}

async function replayBulk(record: BulkRecord, rowsHash: string): Promise<BulkCreateResult> {
  if (record.rowsHash !== rowsHash) throw new ConflictError(cashMessages.idempotencyMismatch);
  const ids = Array.from({ length: record.count }, (_, i) => bulkSlotId(record.bulkId, record.attempt, i));
  const result = record.result as Omit<BulkCreateResult, 'slotIds' | 'balanceAfter'>;
  const balance = result.charged > 0 ? (await Ledger.getBalance(record.userId)).amount : null;
  return { ...result, slotIds: ids, balanceAfter: balance };
}

// ---------------------------------------------------------------------------------------------
// Pre-allocation

/** Slots per transaction when issuing: the counters take 2 of the 100 items. */
const ISSUE_CHUNK = 90;

/**
 * Issues `count` empty slots to a user with their work period (pre-allocation mode). The user fills
 * them with PUT /slots/{id}/fill. The operator route (POST /slots/allocate/{userId}, with its history
 * and payment flag) comes with the operator console; this is the part the fill flow stands on.
 */
export async function issueEmptySlots(input: {
  userId: string;
  count: number;
  startDate: string;
  endDate: string;
}): Promise<string[]> {
  const owner = await usersStore.get(input.userId);
  if (!owner) throw new NotFoundError(commonMessages.userNotFound);
  const ids: string[] = [];
  for (let done = 0; done < input.count; done += ISSUE_CHUNK) {
    const n = Math.min(ISSUE_CHUNK, input.count - done);
    await retrying(async () => {
      const counters = await slotCountersStore.ofUser(owner.id);
      const now = new Date().toISOString();
      const slots = Array.from({ length: n }, (_, i) => ({
        ...newSlotRecord({
          id: ulid(),
          owner,
          status: 'empty',
          slotNumber: counters.seq + 1 + i,
          fields: { customFields: {}, keyword: '', url: '', mid: '', productId: '', itemId: '', vendorItemId: '' },
          price: 0,
          now,
        }),
        pre_allocation_start_date: input.startDate,
        pre_allocation_end_date: input.endDate,
        startDate: input.startDate,
        endDate: input.endDate,
      }));
      const deltas = statusMove(undefined, 'empty', n);
      await transact([
        slotCountersStore.userUpdate(owner.id, deltas, { seq: { expected: counters.seq, next: counters.seq + n } }),
        slotCountersStore.globalUpdate(deltas),
        ...slots.map((s) => slotsStore.putNew(s)),
      ]);
      ids.push(...slots.map((s) => s.id));
    });
  }
  return ids;
}
