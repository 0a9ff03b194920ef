import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearedRefreshCookie, parseCookies, refreshCookie } from './cookies';

afterEach(() => vi.unstubAllEnvs());

describe('refresh cookie', () => {
  it('is Secure, HttpOnly, SameSite=Strict and scoped to /api/auth when deployed', () => {
    vi.stubEnv('TABLE_NAME', 'simple-slot');
    vi.stubEnv('SIMPLE_SLOT_LOCAL', '');
    const cookie = refreshCookie('abc');
    expect(cookie).toMatch(/^ss_refresh=abc; HttpOnly; Secure; SameSite=Strict; Path=\/api\/auth; Max-Age=\d+$/);
    expect(clearedRefreshCookie()).toContain('Secure');
  });

  it('drops Secure in local mode, so plain http on a LAN address keeps the session', () => {
    vi.stubEnv('TABLE_NAME', 'simple-slot');
    vi.stubEnv('SIMPLE_SLOT_LOCAL', '1');
    expect(refreshCookie('abc')).not.toContain('Secure');
    expect(refreshCookie('abc')).toContain('HttpOnly; SameSite=Strict; Path=/api/auth');
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
