import { commonMessages } from '#shared/messages';
import { isConditionFailure, isTransientFailure } from '../../storage/errors';
import { LinkedWriteRejected } from '../cash/ledger';
import { ConflictError } from '../errors';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs read → decide → write again when the write lost a race: a version or counter condition
 * failed (someone changed the slot or took the slot number we read) or the store reported a
 * transaction conflict. `once` must re-read everything it decides on. After the last attempt a
 * lost race reads as a 409 '다른 요청과 충돌했습니다.'.
 */
export async function withRetries<T>(once: (attempt: number) => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(attempt);
    } catch (err) {
      const lostRace = isConditionFailure(err) || err instanceof LinkedWriteRejected;
      if (!lostRace && !isTransientFailure(err)) throw err;
      if (attempt >= attempts) throw lostRace ? new ConflictError(commonMessages.conflict) : err;
      await sleep(Math.random() * Math.min(250, 10 * 2 ** attempt));
    }
  }
}
