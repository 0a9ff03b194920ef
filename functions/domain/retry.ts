import { isTransientFailure } from '../storage/errors';

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
