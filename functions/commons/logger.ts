import { Logger } from '@aws-lambda-powertools/logger';
import type { LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';
import { scopedCorrelationId } from './correlation';

/**
 * Every line also names the correlation id of the work that logs it: the invocation's (set by the
 * API adapter with `setCorrelationId`) or, inside a queue consumer, the message's (kept per async
 * context, since one invocation works on several messages at once).
 */
class CorrelatedLogger extends Logger {
  private withScope(extra: LogItemExtraInput): LogItemExtraInput {
    const id = scopedCorrelationId();
    return id ? ([...extra, { correlation_id: id }] as LogItemExtraInput) : extra;
  }
  override debug(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.debug(input, ...this.withScope(extra));
  }
  override info(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.info(input, ...this.withScope(extra));
  }
  override warn(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.warn(input, ...this.withScope(extra));
  }
  override error(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.error(input, ...this.withScope(extra));
  }
  override critical(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.critical(input, ...this.withScope(extra));
  }
}

/** One structured logger per process (Powertools): JSON lines with the request id appended per call. */
export const logger: Logger = new CorrelatedLogger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'simple-slot',
});

/** The correlation id of the work running now: the queue message's, else the API request's. */
export const currentCorrelationId = (): string | undefined =>
  scopedCorrelationId() ?? (logger.getCorrelationId() as string | undefined);
