import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * When the current invocation must have answered (epoch ms), set by the HTTP adapter from the
 * Lambda context's remaining time. Retries and waits read it so they never outlast the function:
 * a request that runs out of time answers "busy" instead of being killed mid-way.
 */
const current = new AsyncLocalStorage<number>();

/** Time kept back to write the answer (and its log line) after the last attempt. */
const ANSWER_MARGIN_MS = 1_500;

export const withDeadline = <T>(deadline: number, run: () => Promise<T>): Promise<T> => current.run(deadline, run);

/** Milliseconds left to work before the answer is due; Infinity outside an invocation with a deadline. */
export function workTimeLeftMs(now = Date.now()): number {
  const deadline = current.getStore();
  return deadline === undefined ? Number.POSITIVE_INFINITY : deadline - ANSWER_MARGIN_MS - now;
}
