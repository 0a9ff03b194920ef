import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatWon, kstToday } from './format';

describe('format', () => {
  it('formats won with thousands separators', () => {
    expect(formatWon(12345)).toBe('12,345원');
    expect(formatWon(0)).toBe('0원');
  });

  it('shows dates on the Seoul calendar whatever the browser zone', () => {
    // 15:30 UTC is 00:30 the next day in Seoul.
    expect(formatDate('2025-03-01T15:30:00Z')).toBe('2025-03-02');
    expect(formatDateTime('2025-03-01T15:30:00Z')).toBe('2025-03-02 00:30');
    expect(kstToday(new Date('2025-12-31T16:00:00Z'))).toBe('2026-01-01');
  });

  it('writes numbers and Seoul times exactly as Intl does', () => {
    const intlNumber = new Intl.NumberFormat('ko-KR');
    for (const n of [0, 7, 999, 1000, -1000, 12_345, -987_654_321, 50_000, Number.MAX_SAFE_INTEGER, 1234.5678])
      expect(formatWon(n)).toBe(`${intlNumber.format(n)}원`);
    const seoulClock = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Seoul',
      dateStyle: 'short',
      timeStyle: 'short',
    });
    for (let ms = Date.UTC(1990, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 7_777_777_777)
      expect(formatDateTime(ms)).toBe(seoulClock.format(ms));
  });

  it('shows a dash for missing or broken dates', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
});
