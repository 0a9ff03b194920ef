import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '#infra/local/http-server';
import { CONTENT_SECURITY_POLICY, securityHeaderValues } from '#infra/security-headers';

/** Local mode sends the same headers as CloudFront (the CloudFront side is in stacks.test.ts). */
describe('security headers in local mode', () => {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'site-'));
  let server: Awaited<ReturnType<typeof startLocalServer>>;

  beforeAll(async () => {
    mkdirSync(path.join(siteDir, 'assets'));
    writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(path.join(siteDir, 'assets', 'app.js'), 'export {}');
    server = await startLocalServer({ port: 0, host: '127.0.0.1', webDist: siteDir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('puts every header on the SPA shell, its assets, client routes and API answers', async () => {
    for (const url of ['/', '/slots', '/assets/app.js', '/api/no-such-route']) {
      const response = await fetch(`${server.url}${url}`);
      const headers = Object.fromEntries(
        Object.keys(securityHeaderValues()).map((name) => [name, response.headers.get(name)]),
      );
      expect(headers, url).toEqual(securityHeaderValues());
    }
  });

  it('has a CSP without inline scripts or styles, with the WebSocket allowed and framing refused', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self' wss:");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(securityHeaderValues()).toMatchObject({
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
    });
  });
});
