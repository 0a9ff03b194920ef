import { kstDateTimeOf } from './kst';
import { rankFreshnessTexts as t } from './messages/rank-freshness';

/**
 * How current a slot's rank is, from the time of its newest healthy check (found or not found; a
 * failed check never refreshes it) and the `rankDelayHours` setting. Shared so My slots, the rank
 * history, the ranking page and the console all say the same thing about the same slot.
 */
export type RankFreshness =
  | { kind: 'never'; text: string; title: string }
  | { kind: 'fresh' | 'delayed'; text: string; title: string; measuredAt: string; kstTime: string };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** '방금 측정', '25분 전 측정', '40시간 전 측정' (hours up to two days, so a delay is readable), '4일 전 측정'. */
function measuredAgoText(measuredAt: string, now: number): string {
  const age = now - Date.parse(measuredAt);
  if (age < MINUTE_MS) return t.justNow;
  if (age < HOUR_MS) return t.measuredAgo(t.minutesAgo(Math.floor(age / MINUTE_MS)));
  if (age < 48 * HOUR_MS) return t.measuredAgo(t.hoursAgo(Math.floor(age / HOUR_MS)));
  return t.measuredAgo(t.daysAgo(Math.floor(age / (24 * HOUR_MS))));
}

export function rankFreshness(
  measuredAt: string | null | undefined,
  delayHours: number,
  now: number = Date.now(),
): RankFreshness {
  if (!measuredAt || Number.isNaN(Date.parse(measuredAt))) return { kind: 'never', text: t.never, title: t.neverTitle };
  const kstTime = kstDateTimeOf(measuredAt);
  const delayed = now - Date.parse(measuredAt) > delayHours * HOUR_MS;
  return {
    kind: delayed ? 'delayed' : 'fresh',
    text: measuredAgoText(measuredAt, now),
    title: delayed ? t.delayedTitle(kstTime, delayHours) : t.measuredAt(kstTime),
    measuredAt,
    kstTime,
  };
}
