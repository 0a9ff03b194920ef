import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;

describe('formatRelativeTime', () => {
  it.each([
    [0, '방금 전'],
    [59_999, '방금 전'],
    [-5_000, '방금 전'],
    [MIN, '1분 전'],
    [59 * MIN + 59_000, '59분 전'],
    [60 * MIN, '1시간 전'],
    [23 * 60 * MIN + 59 * MIN, '23시간 전'],
    [24 * 60 * MIN, '1일 전'],
    [6 * 24 * 60 * MIN + 23 * 60 * MIN, '6일 전'],
  ])('%d ms ago reads %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it('switches to the KST date after 7 days (a UTC evening is the next day in Seoul)', () => {
    expect(formatRelativeTime('2026-11-17T20:00:00Z', now)).toBe('2026-11-18');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
