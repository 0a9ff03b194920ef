import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ENV } from '#shared/origin-lock';

export { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_SECRET_ENV };

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

let client: SecretsManagerClient | undefined;
let cache: { secretId: string; values: string[]; readAt: number } | undefined;

async function readVersion(secretId: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS'): Promise<string | undefined> {
  client ??= new SecretsManagerClient({});
  try {
    const out = await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }));
    return out.SecretString || undefined;
  } catch (err) {
    // A secret that was never rotated has no AWSPREVIOUS version.
    if (stage === 'AWSPREVIOUS' && (err as Error).name === 'ResourceNotFoundException') return undefined;
    throw err;
  }
}

async function acceptedValues(secretId: string, now: number, missed: boolean): Promise<string[]> {
  const fresh = cache?.secretId === secretId && now - cache.readAt < (missed ? REFRESH_ON_MISS_MS : CACHE_MS);
  if (!fresh) {
    const values = await Promise.all([readVersion(secretId, 'AWSCURRENT'), readVersion(secretId, 'AWSPREVIOUS')]);
    cache = { secretId, values: values.filter((v): v is string => !!v), readAt: now };
  }
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

/** For tests: forget the cached values and client. */
export function resetOriginLock(): void {
  cache = undefined;
  client = undefined;
}
