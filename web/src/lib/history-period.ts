import { addKstDays } from '#shared/kst';

/** A history list's period buttons: all, today, week, month = the last 7 / 30 KST days. */
export const historyPeriods = [
  { value: 'all', label: '전체' },
  { value: 'today', label: '오늘' },
  { value: 'week', label: '최근 7일' },
  { value: 'month', label: '최근 30일' },
] as const;
export type HistoryPeriod = (typeof historyPeriods)[number]['value'];

/** The period's first and last KST days (inclusive); none for 'all'. */
export function historyRangeOf(period: HistoryPeriod, today: string): { fromDate?: string; toDate?: string } {
  if (period === 'today') return { fromDate: today, toDate: today };
  if (period === 'week') return { fromDate: addKstDays(today, -6), toDate: today };
  if (period === 'month') return { fromDate: addKstDays(today, -29), toDate: today };
  return {};
}
