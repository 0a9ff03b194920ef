import { commonMessages } from '#shared/messages/common';
import { ThrottledError } from '#commons/errors';
import { rateLimitsStore } from '../storage/rate-limits';

/**
 * Request rate limits for writes anyone can repeat cheaply (without them, 40 parallel sign-ups all went
 * through). Fixed windows counted in the table, so every Lambda instance sees the same count.
 * Limits are generous for people and tight for scripts.
 */
export const rateLimits = {
  /** Sign-ups from one address (an office may register a few colleagues at once). */
  registrationPerAddress: { limit: 10, windowSeconds: 3600 },
  /** Charge requests of one user, and from one address. */
  chargeRequestsPerUser: { limit: 20, windowSeconds: 3600 },
  chargeRequestsPerAddress: { limit: 100, windowSeconds: 3600 },
  /** Chat messages of one account (a person types far fewer than one every 2 s for a minute), and from one address (an office). */
  chatMessagesPerUser: { limit: 30, windowSeconds: 60 },
  chatMessagesPerAddress: { limit: 120, windowSeconds: 60 },
} as const;

export type RateLimitName = keyof typeof rateLimits;

/** Counts one request against each named limit; past any of them a 429 with the time to wait (and the feature's own text, if given). */
export async function enforceRateLimits(
  checks: Array<{ name: RateLimitName; subject: string }>,
  message: string = commonMessages.tooManyRequests,
): Promise<void> {
  for (const { name, subject } of checks) {
    const { limit, windowSeconds } = rateLimits[name];
    const { allowed, windowEndsAt } = await rateLimitsStore.take(name, subject, limit, windowSeconds);
    if (!allowed) {
      const seconds = Math.max(1, Math.ceil((windowEndsAt - Date.now()) / 1000));
      throw new ThrottledError(message, seconds);
    }
  }
}
