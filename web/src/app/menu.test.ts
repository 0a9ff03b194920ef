import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '#shared/settings';
import { menuFor } from './menu';

const settings = (overrides: Partial<Settings> = {}): Settings => ({ ...defaultSettings(), ...overrides });
const ids = (role: string, s: Settings) => menuFor(role, s).flatMap((section) => section.items.map((item) => item.id));

describe('menuFor', () => {
  it('gives a user the user menu only, slots first', () => {
    expect(ids('user', settings())).toEqual(['slots', 'ranking', 'cash-history', 'profile', 'announcements']);
  });

  it('hides cash history unless both the cash system and featureCashHistory are on', () => {
    expect(ids('user', settings({ useCashSystem: false }))).not.toContain('cash-history');
    expect(ids('user', settings({ featureCashHistory: false }))).not.toContain('cash-history');
  });

  it('hides cash history from operators and developers, who hold no cash', () => {
    for (const role of ['operator', 'developer']) expect(ids(role, settings())).not.toContain('cash-history');
  });

  it('hides ranking when featureRanking is off', () => {
    expect(ids('user', settings({ featureRanking: false }))).not.toContain('ranking');
  });

  it('hides the slots entry from operators and developers but keeps the other user entries', () => {
    for (const role of ['operator', 'developer', 'admin']) {
      const items = ids(role, settings());
      expect(items).not.toContain('slots');
      expect(items).toEqual(expect.arrayContaining(['ranking', 'profile', 'announcements']));
    }
  });

  it('shows no admin menu to a user', () => {
    expect(ids('user', settings()).some((id) => id.startsWith('admin-'))).toBe(false);
  });

  it('gives an operator the console menu, without system settings', () => {
    const [admin] = menuFor('operator', settings({ chatEnabled: true }));
    expect(admin.items.map((i) => i.id)).toEqual([
      'admin-dashboard',
      'admin-slots',
      'admin-slot-allocation-history',
      'admin-cash',
      'admin-users',
      'admin-chat',
      'admin-rank-operations',
      'admin-notifications',
      'admin-notification-history',
      'admin-announcements',
    ]);
  });

  it('shows system settings to a developer only', () => {
    expect(ids('developer', settings())).toContain('admin-settings');
    expect(ids('operator', settings())).not.toContain('admin-settings');
  });

  it('applies the console feature flags', () => {
    const off = ids('developer', settings({ useCashSystem: false, chatEnabled: false, featureSlotManagement: false }));
    expect(off).not.toContain('admin-cash');
    expect(off).not.toContain('admin-chat');
    expect(off).not.toContain('admin-slots');
  });

  it('labels the slot screen by operation mode', () => {
    const label = (mode: Settings['slotOperationMode']) =>
      menuFor('operator', settings({ slotOperationMode: mode }))[0].items.find((i) => i.id === 'admin-slots')?.label;
    expect(label('normal')).toBe('슬롯 승인');
    expect(label('pre-allocation')).toBe('슬롯 관리');
  });

  it('only lights up the dashboard on /admin itself', () => {
    const [admin] = menuFor('operator', settings());
    expect(admin.items.find((i) => i.id === 'admin-dashboard')?.end).toBe(true);
    expect(admin.items.find((i) => i.id === 'admin-users')?.end).toBe(false);
  });
});
