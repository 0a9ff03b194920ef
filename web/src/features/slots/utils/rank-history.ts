import { addKstDays } from '#shared/kst';
import type { RankHistoryEntry } from '#shared/schemas/slots';
import { rankDelta, rankDisplay } from '#shared/slot-status';
import { slotMetricTexts } from '#shared/messages/slots';
import { countText, ctrText } from '#shared/slot-metrics';

const weekdays = ['일', '월', '화', '수', '목', '금', '토'];
/** '11.23 (월)': a KST day with its weekday (the day is a KST calendar date already). */
const kstDayLabel = (day: string) =>
  `${day.slice(5).replace('-', '.')} (${weekdays[new Date(`${day}T12:00:00+09:00`).getUTCDay()]})`;

/** Every day of the range (KST), with the server's entry where there is one (`measured` false otherwise). */
export function fillDays(
  entries: RankHistoryEntry[],
  from: string,
  to: string,
): Array<RankHistoryEntry & { measured: boolean }> {
  const byDate = new Map(entries.map((e) => [e.date, e]));
  const out: Array<RankHistoryEntry & { measured: boolean }> = [];
  for (let d = from; d <= to; d = addKstDays(d, 1)) {
    const e = byDate.get(d);
    out.push(
      e
        ? { ...e, measured: true }
        : {
            date: d,
            rank: null,
            min_rank: null,
            avg_rank: null,
            max_rank: null,
            prev_rank: null,
            measured: false,
          },
    );
  }
  return out;
}

const placeText = (value: number | null) =>
  value === null ? '-' : `${Number.isInteger(value) ? value : value.toFixed(1)}위`;

/** One line of the 7-column grid: 날짜, 순위, 전일, 변동, 최고, 평균, 최저, each read as the rank column reads. */
export interface RankHistoryRow {
  date: string;
  dateLabel: string;
  rank: string;
  /** 999: the not-found tooltip. */
  rankTooltip?: string;
  rankKind: 'rank' | 'none' | 'notFound' | 'measuring' | 'unmeasured';
  previous: string;
  change: { text: string; direction: 'up' | 'down' | 'same' | null };
  best: string;
  average: string;
  worst: string;
  /** '노출 1,234 · 클릭 12 · CTR 0.97%' when a worker reported the day's figures, else null. */
  metrics: string | null;
}

/** A day's row; `previousRank` is the day before's rank when the entry does not carry prev_rank. */
function rankHistoryRow(e: RankHistoryEntry & { measured: boolean }, previousRank: number | null): RankHistoryRow {
  const display = rankDisplay(e.rank);
  const prev = e.prev_rank ?? previousRank;
  const delta = e.measured ? rankDelta(e.rank, prev) : null;
  return {
    date: e.date,
    dateLabel: kstDayLabel(e.date),
    rank: e.measured ? display.text : '-',
    rankTooltip: display.kind === 'notFound' ? display.tooltip : undefined,
    rankKind: e.measured ? display.kind : 'unmeasured',
    previous: prev === null || prev === undefined ? '-' : rankDisplay(prev).text,
    change: !delta
      ? { text: '-', direction: null }
      : delta.direction === 'same'
        ? { text: '-', direction: 'same' }
        : { text: `${delta.direction === 'up' ? '▲' : '▼'}${Math.abs(delta.delta)}`, direction: delta.direction },
    // min_rank is the best (smallest) place of the day, max_rank the worst.
    best: placeText(e.min_rank),
    average: placeText(e.avg_rank),
    worst: placeText(e.max_rank),
    metrics: typeof e.impressions === 'number' ? metricsText(e.impressions, e.clicks ?? 0) : null,
  };
}

const metricsText = (impressions: number | null, clicks: number | null) =>
  `${slotMetricTexts.impressions} ${countText(impressions)} · ${slotMetricTexts.clicks} ${countText(clicks)} · ${slotMetricTexts.ctr} ${ctrText(impressions, clicks)}`;

/**
 * The range's totals ('기간 합계 노출 … · 클릭 … · CTR …'): the sum of the days a worker reported. A
 * range without any report reads '-' for each figure, never 0, because nobody counted anything.
 */
export function rangeMetrics(entries: Array<Pick<RankHistoryEntry, 'impressions' | 'clicks'>>): string {
  const reported = entries.filter((e) => typeof e.impressions === 'number');
  if (!reported.length) return `${slotMetricTexts.rangeTotal} ${metricsText(null, null)}`;
  const impressions = reported.reduce((n, e) => n + (e.impressions ?? 0), 0);
  const clicks = reported.reduce((n, e) => n + (e.clicks ?? 0), 0);
  return `${slotMetricTexts.rangeTotal} ${metricsText(impressions, clicks)}`;
}

/** The grid's rows, newest day first. */
export function rankHistoryRows(days: Array<RankHistoryEntry & { measured: boolean }>): RankHistoryRow[] {
  return days.map((d, i) => rankHistoryRow(d, i > 0 && days[i - 1].measured ? days[i - 1].rank : null)).reverse();
}

/** Longest range one request may ask (the API refuses more). */
export const MAX_RANK_HISTORY_DAYS = 366;
