import { addKstDays, addKstMonths, kstToday, type KstDay } from '#shared/kst';

/** Registration-period quick picks of the slot search; default: the last 3 months. */
export const periodPresets = [
  { id: 'today', label: '오늘' },
  { id: '1w', label: '1주일' },
  { id: '1m', label: '1개월' },
  { id: '3m', label: '3개월' },
  { id: '6m', label: '6개월' },
] as const;
export type PeriodPreset = (typeof periodPresets)[number]['id'];
export const DEFAULT_PERIOD: PeriodPreset = '3m';

/** [from, to] as KST days, both inclusive, ending today. */
export function periodRange(preset: PeriodPreset, today: KstDay = kstToday()): { from: KstDay; to: KstDay } {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '1w':
      return { from: addKstDays(today, -7), to: today };
    case '1m':
      return { from: addKstMonths(today, -1), to: today };
    case '3m':
      return { from: addKstMonths(today, -3), to: today };
    case '6m':
      return { from: addKstMonths(today, -6), to: today };
  }
}

/** Which preset a range is, if any (to highlight the active quick pick). */
export function matchingPreset(from: string, to: string, today: KstDay = kstToday()): PeriodPreset | null {
  return (
    periodPresets.find((p) => {
      const r = periodRange(p.id, today);
      return r.from === from && r.to === to;
    })?.id ?? null
  );
}
