/** Recognises DynamoDB failures by name so storage modules can turn them into plain outcomes. */
const named = (err: unknown): string => (err && typeof err === 'object' && 'name' in err ? String(err.name) : '');

/** A ConditionalCheckFailed, or a transaction cancelled only by condition checks. */
export function isConditionFailure(err: unknown): boolean {
  const name = named(err);
  if (name === 'ConditionalCheckFailedException') return true;
  if (name === 'TransactionCanceledException') {
    const reasons = (err as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
    return (
      reasons.some((r) => r.Code === 'ConditionalCheckFailed') &&
      reasons.every((r) => !r.Code || r.Code === 'None' || r.Code === 'ConditionalCheckFailed')
    );
  }
  return false;
}

/** Index of the first transaction item whose condition failed, or -1. */
export function failedConditionIndex(err: unknown): number {
  const reasons = (err as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
}

/**
 * The store itself is refusing (throttling, a timeout, an internal error), as opposed to losing a
 * race to another writer: the retry policy gives this only a short budget.
 */
export function isStoreBusy(err: unknown): boolean {
  const name = named(err);
  if (
    [
      'ProvisionedThroughputExceededException',
      'ThrottlingException',
      'RequestLimitExceeded',
      'TimeoutError',
      'InternalServerError',
    ].includes(name)
  )
    return true;
  if (name === 'TransactionCanceledException') {
    const reasons = (err as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
    return reasons.some((r) => r.Code === 'ThrottlingError' || r.Code === 'ProvisionedThroughputExceeded');
  }
  return false;
}

/** Throttling, a transaction conflict or a timeout: the caller may retry; the user sees "busy". */
export function isTransientFailure(err: unknown): boolean {
  const name = named(err);
  if (
    [
      'ProvisionedThroughputExceededException',
      'ThrottlingException',
      'RequestLimitExceeded',
      'TransactionConflictException',
      'TimeoutError',
      'InternalServerError',
    ].includes(name)
  )
    return true;
  if (name === 'TransactionCanceledException') {
    const reasons = (err as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
    return reasons.some(
      (r) =>
        r.Code === 'TransactionConflict' || r.Code === 'ThrottlingError' || r.Code === 'ProvisionedThroughputExceeded',
    );
  }
  return false;
}

/** Per-item cancellation codes of a TransactionCanceledException, or null for any other error. */
export function cancellationCodes(err: unknown): string[] | null {
  if (!err || typeof err !== 'object' || (err as { name?: string }).name !== 'TransactionCanceledException')
    return null;
  const reasons = (err as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.map((r) => r.Code ?? 'None');
}
