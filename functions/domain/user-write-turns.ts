import { budgetNowMs } from '#commons/retry';
import { userWriteTurnsStore } from '../storage/user-write-turns';

/**
 * One user's money and slot writes take turns (a ticket line in the table, FIFO). Without it, N
 * requests of one user in flight at once (several tabs, a script) all read the same balance and
 * counters, one commits, the rest lose the race and read again: the store does N² work and the
 * last ones run out of time. In turn, each request reads fresh state once and commits once.
 *
 * The line only makes contention cheap; correctness never depends on it. Every write keeps its own
 * optimistic conditions (balance sequence, counter sequence, versions), so a writer that does not
 * queue (an operator's approval), a turn that was skipped or a request that stopped waiting is
 * still exact; it may just have to retry.
 *
 * - A waiter sleeps about half as long as the turns ahead of it should take, so a long line polls
 *   little and the front of the line notices its turn quickly.
 * - A turn held longer than HOLD_LIMIT_MS (its holder crashed or timed out) is skipped.
 * - Waiting takes at most 75 % of the retry budget left (the deadline's share); after that the
 *   request runs without its turn, its conditions still guarding it.
 */
const HOLD_LIMIT_MS = 3_000;
/** About what one turn takes locally (a registration's reads and its transaction); AWS is faster. */
const TURN_ESTIMATE_MS = 50;
const MAX_NAP_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wakes well before the turns ahead should be done: an idle line costs more than one extra read. */
const napMs = (ahead: number) =>
  Math.min(MAX_NAP_MS, Math.max(2, ahead * TURN_ESTIMATE_MS * (0.4 + Math.random() * 0.4)));

export async function inTurn<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const ticket = await userWriteTurnsStore.take(userId);
  const waitUntil = Date.now() + budgetNowMs() * 0.75;
  for (;;) {
    const now = Date.now();
    const { serving, servingSince } = await userWriteTurnsStore.read(userId);
    if (serving >= ticket || now >= waitUntil) break;
    if (servingSince && now - servingSince > HOLD_LIMIT_MS) {
      await userWriteTurnsStore.pass(userId, serving, now);
      continue;
    }
    await sleep(Math.min(napMs(ticket - serving), Math.max(1, waitUntil - now)));
  }
  try {
    return await work();
  } finally {
    await userWriteTurnsStore.pass(userId, ticket).catch(() => false);
  }
}
