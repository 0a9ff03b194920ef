import { chargeApprovedText, chargeRejectedText, notificationActionLabels } from '#shared/messages/notification-events';
import { notifyQuietly } from '../notifications/notify-users';
import { ulid } from 'ulid';
import { cashMessages } from '#shared/messages/cash';
import { isStaff } from '#shared/roles';
import {
  chargeRequestSchemaFor,
  chargeStatuses,
  type ChargeRequestBody,
  type ChargeRequestDto,
  type ChargeStatus,
} from '#shared/schemas/cash';
import type { Paginated } from '#shared/api';
import { chargeRequestsStore, type ChargeRequestRecord } from '../../storage/charge-requests';
import { usersStore } from '../../storage/users';
import { logger } from '#commons/logger';
import { recordMetrics } from '#commons/metrics';
import type { Caller } from '../auth/tokens';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { getSettings } from '../settings/settings-service';
import { retrying } from '#commons/retry';
import { assertCashEnabled } from './cash-common';
import { paginate } from '#commons/pagination';
import { assertStaff } from '#commons/role-guards';
import { LinkedWriteRejected, post, ReplayMismatch } from './ledger';
import { userMessages } from '#shared/messages/users';
import { enforceRateLimits } from '../rate-limits';

/**
 * Charge requests: an advertiser asks for a
 * charge by bank deposit; an operator approves it (amount and bonus credited as two ledger entries,
 * exactly once) or rejects it; the owner may cancel while it is pending. With cashAutoApproval a new
 * request is approved at once by the system.
 */
const toChargeRequestDto = (r: ChargeRequestRecord): ChargeRequestDto => ({
  id: r.id,
  userId: r.userId,
  userEmail: r.userEmail,
  userName: r.userName,
  amount: r.amount,
  bonusPercentage: r.bonusPercentage,
  bonusAmount: r.bonusAmount,
  depositAt: r.depositAt,
  accountHolder: r.accountHolder,
  status: r.status,
  requestedAt: r.createdAt,
  createdAt: r.createdAt,
  processedAt: r.processedAt,
  processorId: r.processorId,
  processorActorId: r.processorActorId ?? null,
  rejectionReason: r.rejectionReason,
});

/** Who approves automatically (cashAutoApproval). */
const SYSTEM_PROCESSOR = 'system';

export async function createChargeRequest(
  caller: Caller,
  body: ChargeRequestBody,
  idempotencyKey?: string,
  ip?: string,
): Promise<ChargeRequestDto> {
  await assertCashEnabled();
  const settings = await getSettings();
  const parsed = chargeRequestSchemaFor(settings).safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(issue.message, [
      { field: issue.path.join('.'), label: cashMessages.chargeAmountLabel, message: issue.message },
    ]);
  }
  if (idempotencyKey) {
    const earlier = await chargeRequestsStore.createdWithKey(caller.userId, idempotencyKey);
    if (earlier) return replayCreate(earlier, parsed.data);
  }
  // A new request (a replay above is free): per user and per address, so a script cannot flood the
  // operators' approval queue.
  await enforceRateLimits([
    { name: 'chargeRequestsPerUser', subject: caller.userId },
    ...(ip ? [{ name: 'chargeRequestsPerAddress' as const, subject: ip }] : []),
  ]);
  const user = await usersStore.get(caller.userId);
  if (!user) throw new NotFoundError(userMessages.userNotFound);

  const record: ChargeRequestRecord = {
    id: ulid(),
    userId: user.id,
    userEmail: user.loginId,
    userName: user.fullName,
    amount: parsed.data.amount,
    bonusPercentage: 0,
    bonusAmount: 0,
    depositAt: parsed.data.depositAt,
    accountHolder: parsed.data.accountHolder,
    status: 'pending',
    createdAt: new Date().toISOString(),
    processedAt: null,
    processorId: null,
    processorActorId: null,
    rejectionReason: null,
    requestKey: idempotencyKey ?? null,
    processKey: null,
  };
  const created = await retrying(() => chargeRequestsStore.create(record));
  if (!created && idempotencyKey) {
    // A twin call with the same key won the race.
    const earlier = await chargeRequestsStore.createdWithKey(caller.userId, idempotencyKey);
    if (earlier) return replayCreate(earlier, parsed.data);
  }
  if (settings.cashAutoApproval) {
    try {
      return await approveRecord(record, {
        processorId: SYSTEM_PROCESSOR,
        processorActorId: null,
        bonusPercentage: 0,
        processKey: null,
      });
    } catch (err) {
      // The request exists; an operator can still approve it. Answering an error here would make
      // the advertiser ask again and create a second request.
      logger.warn('charge auto-approval failed; left pending', { chargeId: record.id, error: err as Error });
    }
  }
  return toChargeRequestDto(record);
}

async function replayCreate(chargeId: string, body: ChargeRequestBody): Promise<ChargeRequestDto> {
  const earlier = await chargeRequestsStore.get(chargeId);
  if (!earlier) throw new NotFoundError(cashMessages.chargeRequestNotFound);
  const same =
    earlier.amount === body.amount &&
    earlier.accountHolder === body.accountHolder &&
    earlier.depositAt === body.depositAt;
  if (!same) throw new ConflictError(cashMessages.idempotencyMismatch);
  return toChargeRequestDto(earlier);
}

async function mustGet(id: string): Promise<ChargeRequestRecord> {
  const record = await chargeRequestsStore.get(id);
  if (!record) throw new NotFoundError(cashMessages.chargeRequestNotFound);
  return record;
}

/**
 * Staff hold balances too (the sidebar offers them 캐시충전), but nobody approves money for
 * themselves: neither in their own session nor as a developer switched into another operator's
 * account (the token's `actorId` is the real person behind it). A 409, not a 403: the SPA ends the
 * session on any 403.
 */
async function mustProcessable(caller: Caller, id: string): Promise<ChargeRequestRecord> {
  const record = await mustGet(id);
  if (record.userId === caller.userId || (caller.actorId && record.userId === caller.actorId))
    throw new ConflictError(cashMessages.ownRequest);
  return record;
}

/**
 * A request that is no longer pending: a retry of the very call that processed it (same
 * Idempotency-Key, same outcome) gets the first answer; anything else is refused.
 */
function processedAnswer(
  record: ChargeRequestRecord,
  outcome: ChargeStatus,
  processKey: string | null,
  message: string,
): ChargeRequestDto {
  if (processKey && record.processKey === processKey && record.status === outcome) return toChargeRequestDto(record);
  throw new ConflictError(message, { status: record.status });
}

export async function approveChargeRequest(
  caller: Caller,
  id: string,
  input: { bonusPercentage: number },
  idempotencyKey?: string,
): Promise<ChargeRequestDto> {
  assertStaff(caller);
  await assertCashEnabled();
  const record = await mustProcessable(caller, id);
  if (record.status !== 'pending') {
    const answer = processedAnswer(record, 'approved', idempotencyKey ?? null, cashMessages.onlyPending);
    await notifyChargeProcessed(record);
    return answer;
  }
  return approveRecord(record, {
    processorId: caller.userId,
    processorActorId: caller.actorId,
    bonusPercentage: input.bonusPercentage,
    processKey: idempotencyKey ?? null,
  });
}

/**
 * Credits amount and bonus as two ledger entries in the same transaction that moves the request
 * from pending to approved (and its counters). The natural idempotency key `approve#{id}` and the
 * pending condition make a second approval — concurrent or later — credit nothing.
 */
async function approveRecord(
  record: ChargeRequestRecord,
  opts: { processorId: string; processorActorId: string | null; bonusPercentage: number; processKey: string | null },
): Promise<ChargeRequestDto> {
  const bonusAmount = Math.floor((record.amount * opts.bonusPercentage) / 100);
  const processedAt = new Date().toISOString();
  const change = {
    status: 'approved' as const,
    processedAt,
    processorId: opts.processorId,
    processorActorId: opts.processorActorId,
    bonusPercentage: opts.bonusPercentage,
    bonusAmount,
    processKey: opts.processKey,
  };
  // One attempt per round: a lost race on the balance re-reads and posts again; a refused linked
  // write (the request is no longer pending) or another bonus under the natural key is an answer.
  const posted = await retrying(async () => {
    try {
      return await post({
        userId: record.userId,
        operation: 'approve',
        idempotencyKey: record.id,
        entries: [
          { type: 'charge', amount: record.amount, description: cashMessages.chargeEntry, referenceId: record.id },
          {
            type: 'bonus',
            amount: bonusAmount,
            description: cashMessages.bonusEntry(opts.bonusPercentage),
            referenceId: record.id,
          },
        ],
        with: chargeRequestsStore.processItems(record, change),
      });
    } catch (err) {
      // Lost to a concurrent approval, perhaps with another bonus (the ledger's natural key then holds another amount).
      if (err instanceof LinkedWriteRejected || err instanceof ReplayMismatch) return null;
      throw err;
    }
  });
  if (posted && !posted.replayed) {
    // Counted where the money moved, once: a replay or a lost race is not another approval.
    recordMetrics({}, { ChargesApproved: 1, ChargedWon: record.amount + bonusAmount });
    await notifyChargeProcessed({ ...record, ...change });
    return toChargeRequestDto({ ...record, ...change });
  }
  // Someone else processed it first (or this is a replay): answer from what is stored.
  const stored = await mustGet(record.id);
  const answer = processedAnswer(stored, 'approved', opts.processKey, cashMessages.onlyPending);
  // A replay after a crash between the commit and the notice still tells the user (once: dedupe key).
  await notifyChargeProcessed(stored);
  return answer;
}

/** After the commit, best-effort: the user hears their charge was approved or rejected, once per request. */
async function notifyChargeProcessed(record: ChargeRequestRecord): Promise<void> {
  if (record.status !== 'approved' && record.status !== 'rejected') return;
  await notifyQuietly(record.userId, {
    type: record.status === 'approved' ? 'success' : 'error',
    event: record.status === 'approved' ? 'charge-approved' : 'charge-rejected',
    title: record.status === 'approved' ? chargeApprovedText.title : chargeRejectedText.title,
    message:
      record.status === 'approved'
        ? chargeApprovedText.message(record.amount, record.bonusAmount)
        : chargeRejectedText.message(record.amount, record.rejectionReason ?? ''),
    actions: [{ label: notificationActionLabels.cashHistory, style: 'primary', action: '/cash-history' }],
    metadata: {
      chargeRequestId: record.id,
      amount: record.amount,
      status: record.status,
    },
    dedupeKey: `charge-${record.status}#${record.id}`,
  });
}

export async function rejectChargeRequest(
  caller: Caller,
  id: string,
  input: { reason: string },
  idempotencyKey?: string,
): Promise<ChargeRequestDto> {
  assertStaff(caller);
  await assertCashEnabled();
  const record = await mustProcessable(caller, id);
  if (record.status !== 'pending') {
    const answer = processedAnswer(record, 'rejected', idempotencyKey ?? null, cashMessages.onlyPending);
    await notifyChargeProcessed(record);
    return answer;
  }
  const change = {
    status: 'rejected' as const,
    processedAt: new Date().toISOString(),
    processorId: caller.userId,
    processorActorId: caller.actorId,
    rejectionReason: input.reason,
    processKey: idempotencyKey ?? null,
  };
  if (await retrying(() => chargeRequestsStore.process(record, change))) {
    await notifyChargeProcessed({ ...record, ...change });
    return toChargeRequestDto({ ...record, ...change });
  }
  const stored = await mustGet(id);
  const answer = processedAnswer(stored, 'rejected', idempotencyKey ?? null, cashMessages.onlyPending);
  await notifyChargeProcessed(stored);
  return answer;
}

/** The owner withdraws a pending request; operators reject instead. Another user's id reads as unknown. */
export async function cancelChargeRequest(
  caller: Caller,
  id: string,
  idempotencyKey?: string,
): Promise<ChargeRequestDto> {
  await assertCashEnabled();
  const record = await chargeRequestsStore.get(id);
  if (!record || record.userId !== caller.userId) throw new NotFoundError(cashMessages.chargeRequestNotFound);
  if (record.status !== 'pending')
    return processedAnswer(record, 'cancelled', idempotencyKey ?? null, cashMessages.onlyPendingCancel);
  const change = {
    status: 'cancelled' as const,
    processedAt: new Date().toISOString(),
    processorId: caller.userId,
    processorActorId: caller.actorId,
    processKey: idempotencyKey ?? null,
  };
  if (await retrying(() => chargeRequestsStore.process(record, change)))
    return toChargeRequestDto({ ...record, ...change });
  return processedAnswer(await mustGet(id), 'cancelled', idempotencyKey ?? null, cashMessages.onlyPendingCancel);
}

/** Users see their own; operators see everyone's, filtered by status and user. */
export async function listChargeRequests(
  caller: Caller,
  query: { page: number; limit: number; status?: ChargeStatus; userId?: string },
): Promise<Paginated<ChargeRequestDto>> {
  await assertCashEnabled();
  const userId = isStaff(caller.role) ? query.userId : caller.userId;
  const offset = (query.page - 1) * query.limit;
  const sum = (counts: Record<ChargeStatus, number>) => chargeStatuses.reduce((s, k) => s + counts[k], 0);
  let items: ChargeRequestRecord[];
  let total: number;
  if (userId) {
    const counts = await chargeRequestsStore.countsOfUser(userId);
    total = query.status ? counts[query.status] : sum(counts);
    items = await chargeRequestsStore.listOfUser(userId, { status: query.status, offset, limit: query.limit });
  } else {
    const counts = await chargeRequestsStore.countsGlobal();
    total = query.status ? counts[query.status] : sum(counts);
    items = query.status
      ? await chargeRequestsStore.listByStatus(query.status, { offset, limit: query.limit })
      : await chargeRequestsStore.listAll({ offset, limit: query.limit });
  }
  return paginate(items.map(toChargeRequestDto), query.page, query.limit, total);
}
