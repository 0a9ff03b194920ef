import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ENV } from '#shared/origin-lock';
import { commonMessages } from '#shared/messages/common';
import { DomainError, ForbiddenError } from '#commons/errors';
import { logger } from '#commons/logger';
import { originSecretValues } from '../../adapters/origin-secret';
import { lowerCaseHeaders, type ApiMiddleware } from './api-request';

/**
 * Origin lock: CloudFront adds a secret header to every request it sends to the HTTP API
 * (infra/stacks/web-stack.ts); the API handler refuses requests without it before anything else, so
 * nobody can call the execute-api endpoint directly, where the viewer-IP header would be the caller's
 * word. The header's names live in shared/origin-lock.ts, read by the CDK stacks too.
 *
 * A request must carry the secret header CloudFront adds. Both the AWSCURRENT and the AWSPREVIOUS
 * version of the secret are accepted, so a rotation (put a new value, then redeploy the web stack)
 * never refuses a request while CloudFront's edges move from the old value to the new one.
 *
 * Off when no secret is configured: local mode has no CloudFront in front (infra/local/http-server.ts)
 * and sets no ORIGIN_VERIFY_SECRET_ARN; the CDK sets it on every API function (test/infra).
 */
const CACHE_MS = 5 * 60_000;
/** A value we do not know makes us re-read the secret, at most this often (a rotation just happened). */
const REFRESH_ON_MISS_MS = 30_000;

let cache: { secretId: string; values: string[]; readAt: number } | undefined;

async function acceptedValues(secretId: string, now: number, missed: boolean): Promise<string[]> {
  const fresh = cache?.secretId === secretId && now - cache.readAt < (missed ? REFRESH_ON_MISS_MS : CACHE_MS);
  if (!fresh) cache = { secretId, values: await originSecretValues(secretId), readAt: now };
  return cache!.values;
}

const sameSecret = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** True when the request came through CloudFront (or no lock is configured). Headers are lower-cased. */
export async function originAllowed(headers: Record<string, string | undefined>, now = Date.now()): Promise<boolean> {
  const secretId = process.env[ORIGIN_VERIFY_SECRET_ENV];
  if (!secretId) return true;
  const presented = headers[ORIGIN_VERIFY_HEADER];
  if (!presented) return false;
  if ((await acceptedValues(secretId, now, false)).some((v) => sameSecret(v, presented))) return true;
  return (await acceptedValues(secretId, now, true)).some((v) => sameSecret(v, presented));
}

/** For tests: forget the values read so far. */
export function resetOriginLock(): void {
  cache = undefined;
}

/** Refuses requests that did not come through CloudFront, before anything else. */
export const originLock: ApiMiddleware = {
  before: async (request) => {
    const throughCloudFront = await originAllowed(lowerCaseHeaders(request.event.headers)).catch((error: unknown) => {
      logger.error('origin lock: secret unreadable', { error: error as Error });
      return null;
    });
    if (throughCloudFront === null) throw new DomainError('INTERNAL', commonMessages.internal);
    if (!throughCloudFront) {
      logger.warn('request refused: not through CloudFront');
      throw new ForbiddenError(commonMessages.originRefused);
    }
  },
};
