import type { ErrorCode, FieldIssue } from '#shared/api';

/**
 * Typed domain errors. Domain code throws these; the HTTP adapter maps `code` to a status and puts
 * `message` (Korean, from shared/messages) in the envelope. Anything else becomes a 500 with a
 * generic message, never the internals.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, issues?: FieldIssue[]) {
    super('VALIDATION', message, issues);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super('UNAUTHORIZED', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, details?: unknown) {
    super('CONFLICT', message, details);
  }
}

/** An Idempotency-Key already bound to another request: nothing is done (422). */
export class IdempotencyMismatchError extends DomainError {
  constructor(message: string) {
    super('IDEMPOTENCY_MISMATCH', message);
  }
}

export class InsufficientBalanceError extends DomainError {
  constructor(
    message: string,
    readonly required: number,
    readonly balance: number,
    /** More for `details` (a refused bulk registration names its bad rows). */
    extra?: Record<string, unknown>,
  ) {
    super('INSUFFICIENT_BALANCE', message, { required, balance, ...extra });
  }
}

export class ThrottledError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super('THROTTLED', message, retryAfterSeconds ? { retryAfterSeconds } : undefined);
  }
}
