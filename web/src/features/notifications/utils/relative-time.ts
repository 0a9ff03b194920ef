import { formatDate } from '@/lib/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * '방금 전' under a minute, then minutes, hours (under a day), days (under a week),
 * then the KST date. A time slightly in the future (clock skew) reads as '방금 전'.
 */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const elapsed = now - time;
  if (elapsed < MINUTE) return '방금 전';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}분 전`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}시간 전`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}일 전`;
  return formatDate(time);
}
