import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The correlation id ties together every log line of one user action across functions: the API
 * request's id (or the caller's `x-correlation-id`) travels with the queue messages the request
 * sends and is set again around each message's work. Kept per asynchronous context, because one
 * queue invocation works on several messages at once, each with its own id.
 */
const scope = new AsyncLocalStorage<string>();

/** The message attribute (SQS) that carries the id from a producer to its consumer. */
export const CORRELATION_ATTRIBUTE = 'correlationId';
/** The request header a caller may set, and the answer header that reports the id in use. */
export const CORRELATION_HEADER = 'x-correlation-id';

/** A caller-given id is used only when it looks like one (no log injection, no megabyte keys). */
export const isCorrelationId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9._:=-]{8,100}$/.test(value);

/** Runs `work` with `id` as the correlation id of everything it logs and sends. */
export function withCorrelationId<T>(id: string, work: () => T): T {
  return scope.run(id, work);
}

/** The id of the work running now, if any. */
export const scopedCorrelationId = (): string | undefined => scope.getStore();
