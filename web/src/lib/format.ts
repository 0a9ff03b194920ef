/** Business dates are Asia/Seoul calendar days, whatever the browser's zone. */
export { kstToday } from '#shared/kst';

/*
 * No Intl on the way to the first paint: building a ko-KR number format and a Seoul-zone date
 * format when this module loaded cost a phone about 100 ms of main thread (locale and time-zone
 * data), on every signed-in page. Integers are grouped by hand; Seoul has kept UTC+9 without
 * daylight saving since 1988 (see #shared/kst), so its wall clock is the UTC clock moved 9 hours.
 */
let numberFormat: Intl.NumberFormat | undefined;

export const formatNumber = (value: number) =>
  Number.isSafeInteger(value)
    ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : (numberFormat ??= new Intl.NumberFormat('ko-KR')).format(value);

/** 12345 → '12,345원' */
export const formatWon = (amount: number) => `${formatNumber(amount)}원`;

type DateInput = string | number | Date;

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

const formatKst = (value: DateInput | null | undefined, withTime: boolean, empty: string) => {
  if (value === null || value === undefined || value === '') return empty;
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return empty;
  const seoul = new Date(ms + KST_OFFSET_MS).toISOString(); // yyyy-MM-ddTHH:mm:ss.sssZ on Seoul's clock
  return withTime ? `${seoul.slice(0, 10)} ${seoul.slice(11, 16)}` : seoul.slice(0, 10);
};

/** '2025-03-01' in KST; '-' when absent. */
export const formatDate = (value: DateInput | null | undefined, empty = '-') => formatKst(value, false, empty);

/** '2025-03-01 14:05' in KST; '-' when absent. */
export const formatDateTime = (value: DateInput | null | undefined, empty = '-') => formatKst(value, true, empty);
