/**
 * The one set of security headers: CloudFront's response-headers policy (every behaviour of the
 * distribution, infra/stacks/web-stack.ts) and the local server (infra/local/http-server.ts) are
 * both built from this, so the SPA is tested locally under exactly the policy it gets in the cloud
 * (test/browser/csp.test.ts).
 *
 * The built SPA (web/dist) has no inline script or style: index.html loads one module script and
 * stylesheets from /assets, text uses the device's own fonts (no web font), the icon is /favicon.svg,
 * and React sets `style` props through the CSSOM (not governed by style-src).
 */
const CONTENT_SECURITY_POLICY_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'font-src': ["'self'"],
  // data: for small images CSS or libraries inline; nothing is loaded from other hosts.
  'img-src': ["'self'", 'data:'],
  // The API (/api) is same-origin; the WebSocket is wss://<site>/ws ('self' covers ws: of the same host locally).
  'connect-src': ["'self'", 'wss:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * The policy, with `extraConnectSrc` added to connect-src: in the cloud the media bucket's own S3
 * host, where the operator's browser posts an announcement image with its presigned POST.
 * Locally the upload goes to the same origin, so nothing is added.
 */
export const contentSecurityPolicy = (extraConnectSrc: readonly string[] = []) =>
  Object.entries(CONTENT_SECURITY_POLICY_DIRECTIVES)
    .map(
      ([directive, sources]) =>
        `${directive} ${[...sources, ...(directive === 'connect-src' ? extraConnectSrc : [])].join(' ')}`,
    )
    .join('; ');

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Two years, subdomains included (no preload: that is a one-way decision for the domain owner). */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

export const securityHeaders = {
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  strictTransportSecurity: { maxAgeSeconds: HSTS_MAX_AGE_SECONDS, includeSubdomains: true },
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
  referrerPolicy: 'same-origin',
} as const;

/** The headers as they go on the wire (lower-case names), as CloudFront renders the policy. */
export function securityHeaderValues(): Record<string, string> {
  const hsts = securityHeaders.strictTransportSecurity;
  return {
    'content-security-policy': securityHeaders.contentSecurityPolicy,
    'strict-transport-security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': securityHeaders.contentTypeOptions,
    'x-frame-options': securityHeaders.frameOptions,
    'referrer-policy': securityHeaders.referrerPolicy,
  };
}
