import { KST } from '#shared/kst';

/** Business dates are Asia/Seoul calendar days, whatever the browser's zone. */
export { kstToday } from '#shared/kst';

const numberFormat = new Intl.NumberFormat('ko-KR');

export const formatNumber = (value: number) => numberFormat.format(value);

/** 12345 → '12,345원' */
export const formatWon = (amount: number) => `${numberFormat.format(amount)}원`;

type DateInput = string | number | Date;

// Intl reads the Seoul wall clock; the parts are put together here, so no locale's order or
// separators leak into the yyyy-MM-dd HH:mm the screens show.
const seoulClock = new Intl.DateTimeFormat('en-US', {
  timeZone: KST,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const formatKst = (value: DateInput | null | undefined, withTime: boolean, empty: string) => {
  if (value === null || value === undefined || value === '') return empty;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return empty;
  const part = Object.fromEntries(seoulClock.formatToParts(date).map((p) => [p.type, p.value]));
  const day = `${part.year}-${part.month}-${part.day}`;
  return withTime ? `${day} ${part.hour}:${part.minute}` : day;
};

/** '2025-03-01' in KST; '-' when absent. */
export const formatDate = (value: DateInput | null | undefined, empty = '-') => formatKst(value, false, empty);

/** '2025-03-01 14:05' in KST; '-' when absent. */
export const formatDateTime = (value: DateInput | null | undefined, empty = '-') => formatKst(value, true, empty);
