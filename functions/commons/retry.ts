import { isConditionFailure, isStoreBusy, isTransientFailure } from './store-errors';
import { workTimeLeftMs } from './deadline';
import { DomainError, ThrottledError } from './errors';
import { commonMessages } from '#shared/messages/common';

/**
 * The one retry policy for every write that can lose a race: read → decide → write, again, while
 * another writer got there first (a failed version, sequence or counter condition, a lost
 * transaction) or the store is busy (throttling, a transaction conflict, a timeout).
 *
 * - One loop per call path: an attempt never calls something that retries on its own, so waits
 *   never multiply (storage and domain helpers make ONE attempt; the operation wraps them once).
 * - Capped exponential backoff with full jitter (AWS Architecture Blog, "Exponential Backoff And
 *   Jitter"): many writers on one item spread out instead of colliding again.
 * - A total time budget, not a count: every lost round means another writer committed, so waiting
 *   is bounded by real progress. The budget is capped by the invocation's own deadline
 *   (commons/deadline.ts, from the Lambda context), so it always ends before the function's
 *   timeout and the caller gets an answer. Spent on a race or a busy store, the caller gets
 *   THROTTLED (429 '요청이 많아 …', retry later), never a CONFLICT: a 409 means a business refusal.
 */
export const retryPolicy = {
  /** The most any operation retries, even in a function with a longer timeout (jobs). */
  budgetMs: 20_000,
  /**
   * A store that keeps refusing (throttling, timeouts) is not helped by waiting long: after this
   * much time of nothing but busy answers the caller hears "busy" at once. Lost races, where
   * somebody else is making progress, use the whole budget.
   */
  busyBudgetMs: 3_000,
  firstDelayMs: 4,
  maxDelayMs: 200,
} as const;

let busyBudgetMs: number = retryPolicy.busyBudgetMs;

/**
 * Shortens (or restores) the time a refusing store is given before the caller hears "busy"; returns the
 * undo. Only tests call it: a suite that makes the store refuse on purpose proves the answer and what
 * is left behind, and would otherwise sit through the full wait in every case.
 */
export function setBusyBudgetMs(ms: number): () => void {
  const previous = busyBudgetMs;
  busyBudgetMs = ms;
  return () => {
    busyBudgetMs = previous;
  };
}

/**
 * An attempt read state that changed before its write: the policy runs the attempt again, which
 * re-reads. Domain errors of this kind (a linked ledger write refused) extend it.
 */
export class LostRaceError extends DomainError {
  constructor(details?: unknown) {
    super('CONFLICT', commonMessages.conflict, details);
  }
}

/** Lost a race (re-read and decide again) or the store was busy (try again): both are retried. */
const isRetryable = (err: unknown): boolean =>
  err instanceof LostRaceError || isConditionFailure(err) || isTransientFailure(err);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Full jitter over a capped exponential: uniformly 0 … min(cap, first × 2^attempt). */
export const backoffMs = (attempt: number): number =>
  Math.random() * Math.min(retryPolicy.maxDelayMs, retryPolicy.firstDelayMs * 2 ** Math.min(attempt, 16));

export interface RetryOptions {
  /** Total time across attempts; defaults to the policy's budget. */
  budgetMs?: number;
}

/** The time an operation starting now may spend: the policy's budget within the invocation's deadline. */
export const budgetNowMs = (budgetMs: number = retryPolicy.budgetMs) =>
  Math.max(0, Math.min(budgetMs, workTimeLeftMs()));

/**
 * Runs `attempt` until it returns, throws something not retryable, or the budget is spent. The
 * attempt must re-read everything it decides on: a retry is a fresh decision, not a replay.
 */
export async function retrying<T>(attempt: (n: number) => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const deadline = Date.now() + budgetNowMs(opts.budgetMs);
  let busySince: number | undefined;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!isRetryable(err)) throw err;
      const now = Date.now();
      // A transaction conflict is a lost race (someone else is committing); only a refusing store is "busy".
      const busy = isStoreBusy(err);
      busySince = busy ? (busySince ?? now) : undefined;
      const wait = backoffMs(n);
      const busyTooLong = busySince !== undefined && now + wait - busySince > busyBudgetMs;
      if (now + wait > deadline || busyTooLong) throw new ThrottledError(commonMessages.busy, 1);
      await sleep(wait);
    }
  }
}
