import { describe, expect, it } from 'vitest';
import { actionTarget, badgeText, typeIcon, unreadButtonName } from './notification-display';

describe('notification display helpers', () => {
  it('caps the badge at 99+', () => {
    expect([1, 99, 100, 5000].map(badgeText)).toEqual(['1', '99', '99+', '99+']);
  });

  it('names a badged button with the badge’s own text as its last word (label in name)', () => {
    expect([0, 3, 120].map((n) => unreadButtonName('알림', n))).toEqual([
      '알림',
      '알림, 읽지 않은 알림 3',
      '알림, 읽지 않은 알림 99+',
    ]);
  });

  it('gives success, warning and error their icons and every other type the default', () => {
    expect(['success', 'warning', 'error', 'info', 'custom', 'promotion'].map((t) => typeIcon(t as never))).toEqual([
      'check-circle',
      'alert-triangle',
      'alert-circle',
      'info',
      'info',
      'info',
    ]);
  });

  it('follows in-app paths inside the app, other sites in a new tab, and never a script URL', () => {
    const origin = 'https://slot.example';
    expect(actionTarget('/slots?status=active', origin)).toEqual({ kind: 'route', path: '/slots?status=active' });
    expect(actionTarget('https://slot.example/cash#top', origin)).toEqual({ kind: 'route', path: '/cash#top' });
    expect(actionTarget('https://other.example/x', origin)).toEqual({
      kind: 'external',
      url: 'https://other.example/x',
    });
    expect(actionTarget('//evil.example/x', origin)).toEqual({ kind: 'none' });
    expect(actionTarget('javascript:alert(1)', origin)).toEqual({ kind: 'none' });
    expect(actionTarget('data:text/html,hi', origin)).toEqual({ kind: 'none' });
  });
});
