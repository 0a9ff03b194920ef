/**
 * The few table attributes that say whether a signed-in caller still may act, and the partitions
 * they live in. The storage module reads exactly these (functions/storage/caller-status.ts, which
 * checks the prefixes against its keys), and the internet-facing WebSocket function's IAM policy
 * allows exactly these (infra/stacks/realtime-stack.ts), never a password hash.
 */
export const CALLER_STATUS_ATTRIBUTES = [
  'PK',
  'role',
  'isActive',
  'deletedAt',
  'userId',
  'actorId',
  'revoked',
  'expiresAt',
  'enrolmentOnly',
] as const;

/** The partition-key prefixes of the account (user item) and the session (refresh-family item). */
export const CALLER_STATUS_KEY_PREFIXES = ['USER#', 'RFAMILY#'] as const;
