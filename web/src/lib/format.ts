import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Business dates are Asia/Seoul calendar days (design §3), whatever the browser's zone. */
export const KST = 'Asia/Seoul';

const numberFormat = new Intl.NumberFormat('ko-KR');

export const formatNumber = (value: number) => numberFormat.format(value);

/** 12345 → '12,345원' */
export const formatWon = (amount: number) => `${numberFormat.format(amount)}원`;

type DateInput = string | number | Date;

/** The instant as a Seoul wall-clock date, for date-fns arithmetic in KST. */
export const toKst = (value: DateInput) => new TZDate(new Date(value).getTime(), KST);

const formatKst = (value: DateInput | null | undefined, pattern: string, empty: string) => {
  if (value === null || value === undefined || value === '') return empty;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? empty : format(toKst(date), pattern);
};

/** '2025-03-01' in KST; '-' when absent. */
export const formatDate = (value: DateInput | null | undefined, empty = '-') => formatKst(value, 'yyyy-MM-dd', empty);

/** '2025-03-01 14:05' in KST; '-' when absent. */
export const formatDateTime = (value: DateInput | null | undefined, empty = '-') =>
  formatKst(value, 'yyyy-MM-dd HH:mm', empty);

/** Today's KST calendar date as 'yyyy-MM-dd'. */
export const kstToday = (now: Date = new Date()) => format(toKst(now), 'yyyy-MM-dd');
