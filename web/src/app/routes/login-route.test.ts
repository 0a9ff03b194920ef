import { describe, expect, it } from 'vitest';
import { targetAfterLogin } from './login-route';

describe('targetAfterLogin', () => {
  it('lands each role on its home without a page to return to', () => {
    expect(targetAfterLogin(undefined, 'user')).toBe('/slots');
    expect(targetAfterLogin('/', 'operator')).toBe('/admin');
    expect(targetAfterLogin('/login', 'developer')).toBe('/admin');
  });

  it('returns to the page that sent the visitor to /login when it is theirs', () => {
    expect(targetAfterLogin('/cash-history?tab=usage', 'user')).toBe('/cash-history?tab=usage');
    expect(targetAfterLogin('/admin/cash', 'operator')).toBe('/admin/cash');
    expect(targetAfterLogin('/profile', 'developer')).toBe('/profile');
  });

  it('sends staff to /admin instead of advertisers\u2019 slot pages, and users away from the console', () => {
    expect(targetAfterLogin('/slots', 'developer')).toBe('/admin');
    expect(targetAfterLogin('/slots/bulk', 'operator')).toBe('/admin');
    expect(targetAfterLogin('/admin/users', 'user')).toBe('/slots');
    expect(targetAfterLogin('/slotsmith', 'operator')).toBe('/slotsmith');
  });
});
