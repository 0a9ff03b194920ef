import { describe, expect, it } from 'vitest';
import { addKstDays, addKstMonths, isKstDay, kstDayOf, kstDaysBetween, kstDayStartIso, kstToday } from './kst';

describe('KST days', () => {
  it("takes today's day in Seoul whatever the machine's zone", () => {
    expect(kstToday(new Date('2026-11-23T14:59:59.999Z'))).toBe('2026-11-23');
    expect(kstToday(new Date('2026-11-23T15:00:00.000Z'))).toBe('2026-11-24');
    expect(kstDayOf('2026-12-31T15:00:00Z')).toBe('2027-01-01');
    expect(kstDayStartIso('2026-11-24')).toBe('2026-11-23T15:00:00.000Z');
  });

  it('accepts real calendar days only', () => {
    expect(isKstDay('2024-02-29')).toBe(true);
    for (const bad of [
      '2025-02-29',
      '2025-02-30',
      '2025-13-01',
      '2025-00-10',
      '0000-01-01',
      '2025-1-01',
      '20250101',
      '',
      42,
    ])
      expect(isKstDay(bad), String(bad)).toBe(false);
    expect(isKstDay('0099-03-01')).toBe(true);
  });

  it('adds days across months, leap days and years, and counts them', () => {
    expect(addKstDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addKstDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addKstDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addKstDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addKstDays('2026-01-01', 365)).toBe('2027-01-01');
    expect(kstDaysBetween('2026-11-23', '2026-11-23')).toBe(0);
    expect(kstDaysBetween('2026-11-23', '2026-12-23')).toBe(30);
    expect(kstDaysBetween('2026-12-23', '2026-11-23')).toBe(-30);
    expect(() => addKstDays('2025-02-30', 1)).toThrow(RangeError);
  });

  it('moves by months, keeping the day or clamping it to the shorter month', () => {
    expect(addKstMonths('2026-11-24', -3)).toBe('2026-08-24');
    expect(addKstMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addKstMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addKstMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addKstMonths('2026-08-31', -6)).toBe('2026-02-28');
    expect(addKstMonths('2026-10-31', 1)).toBe('2026-11-30');
    expect(addKstMonths('2026-12-31', 2)).toBe('2027-02-28');
    expect(() => addKstMonths('2025-02-30', 1)).toThrow(RangeError);
  });
});
