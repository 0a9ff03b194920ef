import { TZDate } from '@date-fns/tz';
// formatISO/parseISO, not format/parse: those two pull every token formatter and parser plus the
// en-US locale, ~36 KB of each Lambda bundle that touches slot days.
import { addDays, differenceInCalendarDays, formatISO, isValid, parseISO } from 'date-fns';

/**
 * Business days are Asia/Seoul calendar days (design §3). Slot dates are plain `yyyy-MM-dd` KST
 * days (end dates inclusive); these helpers do calendar arithmetic on them, never on instants.
 */
export const KST = 'Asia/Seoul';
export type KstDay = string; // 'yyyy-MM-dd'

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (date: Date): KstDay => formatISO(date, { representation: 'date' });

/** Today's KST calendar day, whatever the machine's zone. */
export const kstToday = (now: Date = new Date()): KstDay => dayOf(new TZDate(now.getTime(), KST));

/** The KST day of an instant (ISO timestamp or Date). */
export const kstDayOf = (instant: string | number | Date): KstDay => dayOf(new TZDate(new Date(instant).getTime(), KST));

/** Local midnight of a `yyyy-MM-dd` day; Invalid Date otherwise, and for year 0000 (as date-fns `parse` with `yyyy`). */
const asDate = (day: KstDay): Date => (DAY.test(day) && !day.startsWith('0000') ? parseISO(day) : new Date(Number.NaN));

export const isKstDay = (value: unknown): value is KstDay => typeof value === 'string' && DAY.test(value) && isValid(asDate(value));

export const addKstDays = (day: KstDay, days: number): KstDay => dayOf(addDays(asDate(day), days));

/** Calendar days from `from` to `to` (to − from); 0 on the same day. */
export const kstDaysBetween = (from: KstDay, to: KstDay): number => differenceInCalendarDays(asDate(to), asDate(from));

/** The first instant (UTC ISO) of a KST day: registration-period filters compare createdAt with it. */
export const kstDayStartIso = (day: KstDay): string => new Date(`${day}T00:00:00+09:00`).toISOString();
