import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';

/** Deterministic ids from an idempotency key, so a retry lands on the same items. */
const hashOf = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');
export const slotIdFor = (userId: string, idempotencyKey?: string) =>
  idempotencyKey ? `S${hashOf('slot', userId, idempotencyKey).slice(0, 25).toUpperCase()}` : ulid();
export const bulkIdFor = (userId: string, idempotencyKey: string) =>
  `B${hashOf('bulk', userId, idempotencyKey).slice(0, 21).toUpperCase()}`;
export const bulkSlotId = (bulkId: string, attempt: string, index: number) =>
  `${bulkId}${attempt}${String(index).padStart(4, '0')}`;
/** One per bulk request: twin requests with the same key never write to each other's rows. */
export const newBulkAttempt = () => randomBytes(4).toString('hex').toUpperCase();
/** A stable fingerprint of a value (a bulk's accepted rows). */
export const digest = (value: unknown) => hashOf(JSON.stringify(value));
/** A pre-allocation issuance: from the operator and the Idempotency-Key (a retry lands on the same issuance). */
export const allocationIdFor = (operatorId: string, idempotencyKey: string) =>
  `A${hashOf('allocation', operatorId, idempotencyKey).slice(0, 21).toUpperCase()}`;
/** The one extension a slot may have: its id derives from the parent's, so it can be created only once. */
export const extensionIdFor = (parentSlotId: string) =>
  `X${hashOf('extension', parentSlotId).slice(0, 25).toUpperCase()}`;
