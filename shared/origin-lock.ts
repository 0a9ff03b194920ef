/**
 * Origin lock: CloudFront adds a secret header to every request it sends to the HTTP API
 * (infra/stacks/web-stack.ts) and the API functions refuse requests without it
 * (functions/http/middleware/origin-lock.ts). The two names both sides use:
 */
export const ORIGIN_VERIFY_HEADER = 'x-simple-slot-origin-verify';

/** Lambda environment: the Secrets Manager secret holding the header value. Unset → no check (local mode). */
export const ORIGIN_VERIFY_SECRET_ENV = 'ORIGIN_VERIFY_SECRET_ARN';
