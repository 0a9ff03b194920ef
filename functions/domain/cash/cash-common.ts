import type { Paginated } from '#shared/api';
import { cashMessages } from '#shared/messages';
import { isTransientFailure } from '../../storage/errors';
import { ConflictError } from '../errors';
import { getSettings } from '../settings/settings-service';

/** The cash API is switched by useCashSystem; while off its routes answer 409 with a Korean text. */
export async function assertCashEnabled(): Promise<void> {
  if (!(await getSettings()).useCashSystem) throw new ConflictError(cashMessages.disabled);
}

export function paginate<T>(items: T[], page: number, limit: number, total: number): Paginated<T> {
  return { items, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Retries a write that lost a transaction conflict (another transaction touched the same counter);
 * after a few tries the transient error goes up and the API answers THROTTLED.
 */
export async function withConflictRetry<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= attempts || !isTransientFailure(err)) throw err;
      await sleep(Math.random() * 20 * 2 ** attempt);
    }
  }
}
