import { describe, expect, it } from 'vitest';
import { ThrottledError } from './errors';
import { withDeadline } from './deadline';
import { LostRaceError, retrying, retryPolicy } from './retry';

const throttled = () => Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
const conditionFailed = () =>
  Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

describe('the one retry policy', () => {
  it('runs a lost race again until it goes through, re-reading each time', async () => {
    let reads = 0;
    const result = await retrying(async () => {
      reads += 1;
      if (reads < 5) throw reads % 2 ? new LostRaceError() : conditionFailed();
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(reads).toBe(5);
  });

  it('answers a business refusal at once, without retrying', async () => {
    let attempts = 0;
    const refusal = new Error('잔액이 부족합니다.');
    await expect(
      retrying(async () => {
        attempts += 1;
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(attempts).toBe(1);
  });

  it('gives a store that keeps refusing a few seconds, then answers busy (429) with a time to come back', async () => {
    const started = Date.now();
    const err = await retrying(async () => {
      throw throttled();
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ThrottledError);
    expect(err.details).toEqual({ retryAfterSeconds: 1 });
    const took = Date.now() - started;
    expect(took).toBeLessThanOrEqual(retryPolicy.busyBudgetMs + 500);
    expect(took).toBeGreaterThan(retryPolicy.busyBudgetMs / 2);
  });

  it('never outlasts the invocation: with 2 s left (after the answer margin) it stops within them', async () => {
    const started = Date.now();
    const err = await withDeadline(Date.now() + 3_500, () =>
      retrying(async () => {
        throw new LostRaceError();
      }),
    ).catch((e) => e);
    expect(err).toBeInstanceOf(ThrottledError);
    expect(Date.now() - started).toBeLessThan(2_300);
  });
});
