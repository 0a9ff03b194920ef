/**
 * Business days are Asia/Seoul calendar days: the advertisers' and operators' day. Slot dates are plain
 * `yyyy-MM-dd` KST days (end dates inclusive); these helpers do calendar arithmetic on them, never on instants.
 *
 * Why no date library here: Asia/Seoul has kept one offset, UTC+9, with no daylight saving since
 * 1988, so a KST day is the UTC day of the instant moved 9 hours, and day arithmetic is UTC
 * arithmetic on midnights. date-fns with @date-fns/tz did the same at 9 KB of every Lambda bundle
 * (and 10 KB gzip of every signed-in page; the web formats with the same fixed offset). `kst.test.ts` pins the edge cases.
 */
export type KstDay = string; // 'yyyy-MM-dd'

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The `yyyy-MM-dd` of a UTC instant; throws RangeError for an invalid one (as formatting did). */
const utcDayOf = (ms: number): KstDay => new Date(ms).toISOString().slice(0, 10);

/** UTC midnight of a real `yyyy-MM-dd` day (year 0001 and later), else NaN: 2025-02-30 is not a day. */
function midnightOf(day: KstDay): number {
  const m = DAY.exec(day);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y === 0) return Number.NaN;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d); // not Date.UTC, which reads years 0–99 as 1900–1999
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
    ? date.getTime()
    : Number.NaN;
}

/** Today's KST calendar day, whatever the machine's zone. */
export const kstToday = (now: Date = new Date()): KstDay => utcDayOf(now.getTime() + KST_OFFSET_MS);

/** The KST day of an instant (ISO timestamp or Date). */
export const kstDayOf = (instant: string | number | Date): KstDay =>
  utcDayOf(new Date(instant).getTime() + KST_OFFSET_MS);

export const isKstDay = (value: unknown): value is KstDay =>
  typeof value === 'string' && !Number.isNaN(midnightOf(value));

export const addKstDays = (day: KstDay, days: number): KstDay => utcDayOf(midnightOf(day) + days * DAY_MS);

/** The same day `months` later (or earlier when negative), clamped to that month's end: 03-31 − 1 → 02-28. */
export function addKstMonths(day: KstDay, months: number): KstDay {
  const start = new Date(midnightOf(day));
  const target = new Date(0);
  target.setUTCFullYear(start.getUTCFullYear(), start.getUTCMonth() + months, 1);
  const monthEnd = new Date(0);
  monthEnd.setUTCFullYear(target.getUTCFullYear(), target.getUTCMonth() + 1, 0);
  target.setUTCDate(Math.min(start.getUTCDate(), monthEnd.getUTCDate()));
  return utcDayOf(target.getTime());
}

/** Calendar days from `from` to `to` (to − from); 0 on the same day. */
export const kstDaysBetween = (from: KstDay, to: KstDay): number =>
  Math.round((midnightOf(to) - midnightOf(from)) / DAY_MS);

/** The first instant (UTC ISO) of a KST day: registration-period filters compare createdAt with it. */
export const kstDayStartIso = (day: KstDay): string => new Date(`${day}T00:00:00+09:00`).toISOString();

/** `yyyy-MM-dd HH:mm` of an instant on the Seoul clock (what a '측정' time shows in full). */
export const kstDateTimeOf = (instant: string | number | Date): string =>
  new Date(new Date(instant).getTime() + KST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
