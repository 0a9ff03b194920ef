import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearedRefreshCookies, parseCookies, refreshCookies } from './cookies';

afterEach(() => vi.unstubAllEnvs());

describe('refresh cookie', () => {
  it('is Secure, HttpOnly, SameSite=Strict and scoped to /api/auth when deployed, with a readable hint beside it', () => {
    vi.stubEnv('TABLE_NAME', 'simple-slot');
    vi.stubEnv('SIMPLE_SLOT_LOCAL', '');
    const [cookie, hint] = refreshCookies('abc');
    expect(cookie).toMatch(/^ss_refresh=abc; HttpOnly; Secure; SameSite=Strict; Path=\/api\/auth; Max-Age=\d+$/);
    // The page's script reads the hint (no HttpOnly) on every path; it carries nothing secret.
    expect(hint).toMatch(/^ss_session=1; Secure; SameSite=Strict; Path=\/; Max-Age=\d+$/);
    expect(hint.split('Max-Age=')[1]).toBe(cookie.split('Max-Age=')[1]);
    const cleared = clearedRefreshCookies();
    expect(cleared).toEqual([
      expect.stringMatching(/^ss_refresh=;.*Secure.*Max-Age=0$/),
      expect.stringMatching(/^ss_session=;.*Max-Age=0$/),
    ]);
  });

  it('drops Secure in local mode, so plain http on a LAN address keeps the session', () => {
    vi.stubEnv('TABLE_NAME', 'simple-slot');
    vi.stubEnv('SIMPLE_SLOT_LOCAL', '1');
    for (const cookie of refreshCookies('abc')) expect(cookie).not.toContain('Secure');
    expect(refreshCookies('abc')[0]).toContain('HttpOnly; SameSite=Strict; Path=/api/auth');
  });
});

describe('parseCookies', () => {
  it('decodes values, and keeps a malformed escape as sent instead of throwing', () => {
    expect(parseCookies(['ss_refresh=a%20b'], 'theme=dark; bad=%E0%A4%A')).toEqual({
      ss_refresh: 'a b',
      theme: 'dark',
      bad: '%E0%A4%A',
    });
  });
});
