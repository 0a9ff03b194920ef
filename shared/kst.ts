import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, isValid, parse } from 'date-fns';

/**
 * Business days are Asia/Seoul calendar days (design §3). Slot dates are plain `yyyy-MM-dd` KST
 * days (end dates inclusive); these helpers do calendar arithmetic on them, never on instants.
 */
export const KST = 'Asia/Seoul';
export type KstDay = string; // 'yyyy-MM-dd'

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today's KST calendar day, whatever the machine's zone. */
export const kstToday = (now: Date = new Date()): KstDay => format(new TZDate(now.getTime(), KST), 'yyyy-MM-dd');

/** The KST day of an instant (ISO timestamp or Date). */
export const kstDayOf = (instant: string | number | Date): KstDay => format(new TZDate(new Date(instant).getTime(), KST), 'yyyy-MM-dd');

const asDate = (day: KstDay) => parse(day, 'yyyy-MM-dd', new Date(2000, 0, 1));

export const isKstDay = (value: unknown): value is KstDay => typeof value === 'string' && DAY.test(value) && isValid(asDate(value));

export const addKstDays = (day: KstDay, days: number): KstDay => format(addDays(asDate(day), days), 'yyyy-MM-dd');

/** Calendar days from `from` to `to` (to − from); 0 on the same day. */
export const kstDaysBetween = (from: KstDay, to: KstDay): number => differenceInCalendarDays(asDate(to), asDate(from));

/** The first instant (UTC ISO) of a KST day: registration-period filters compare createdAt with it. */
export const kstDayStartIso = (day: KstDay): string => new Date(`${day}T00:00:00+09:00`).toISOString();
