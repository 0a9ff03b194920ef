import { addKstDays } from '#shared/kst';
import type { NotificationType } from '#shared/schemas/notifications';

/** The history page's date tabs: all, today, week, month = the last 7 / 30 KST days. */
export const historyPeriods = [
  { value: 'all', label: '전체' },
  { value: 'today', label: '오늘' },
  { value: 'week', label: '최근 7일' },
  { value: 'month', label: '최근 30일' },
] as const;
export type HistoryPeriod = (typeof historyPeriods)[number]['value'];

/** fromDate/toDate (KST days, inclusive) for GET /api/notifications/all; none for 'all'. */
export function historyRangeOf(period: HistoryPeriod, today: string): { fromDate?: string; toDate?: string } {
  if (period === 'today') return { fromDate: today, toDate: today };
  if (period === 'week') return { fromDate: addKstDays(today, -6), toDate: today };
  if (period === 'month') return { fromDate: addKstDays(today, -29), toDate: today };
  return {};
}

/** The type filter: 'all' or one of the five notification types (custom sends still show under 'all'). */
export const historyTypeFilters: Array<'all' | NotificationType> = [
  'all',
  'info',
  'success',
  'warning',
  'error',
  'promotion',
];
export type HistoryTypeFilter = (typeof historyTypeFilters)[number];

/** Message preview in the table: the first 60 characters, the rest on hover. */
export const PREVIEW_MAX = 60;
export const previewOf = (text: string, max = PREVIEW_MAX) => (text.length > max ? `${text.slice(0, max)}…` : text);
