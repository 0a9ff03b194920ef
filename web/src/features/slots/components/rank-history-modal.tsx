import { useMemo, useState } from 'react';
import { addKstDays, kstToday } from '#shared/kst';
import { rankDelta, rankDisplay } from '#shared/slot-status';
import type { RankHistoryEntry, SlotDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { useRankHistory } from '../api/get-rank-history';
import { fieldValue } from '../utils/slot-display';
import { RankChart } from './rank-chart';
import styles from './rank-history.module.css';

const ranges = [
  { days: 7, label: '7일' },
  { days: 30, label: '30일' },
  { days: 90, label: '90일' },
] as const;

const weekdays = ['일', '월', '화', '수', '목', '금', '토'];
const weekdayOf = (day: string) => weekdays[new Date(`${day}T12:00:00+09:00`).getUTCDay()];

/** Every day of the range (KST), with the server's entry where there is one. */
function fillDays(entries: RankHistoryEntry[], from: string, to: string): RankHistoryEntry[] {
  const byDate = new Map(entries.map((e) => [e.date, e]));
  const out: RankHistoryEntry[] = [];
  for (let d = from; d <= to; d = addKstDays(d, 1)) {
    out.push(byDate.get(d) ?? { date: d, rank: null, min_rank: null, avg_rank: null, max_rank: null, prev_rank: null });
  }
  return out;
}

/**
 * 순위 히스토리 (spec §2): the daily rank trend and a 7-column calendar of KST days, in a dialog over
 * My slots. '새 창으로 보기' opens the same view in a 700×800 popup window without the app's layout
 * (/slots/{id}/rank-history, RankHistoryWindow).
 */
export function RankHistoryModal({ slot, onClose }: { slot: SlotDto; onClose: () => void }) {
  const keyword = fieldValue(slot, 'keywords');
  return (
    <Modal open onClose={onClose} title={`순위 히스토리 · 슬롯 #${slot.slot_number}`} description={keyword ? `키워드: ${keyword}` : undefined} size="lg">
      <RankHistoryView
        slot={slot}
        onOpenWindow={() => window.open(`/slots/${encodeURIComponent(slot.id)}/rank-history`, `rank-history-${slot.id}`, 'width=700,height=800')}
      />
    </Modal>
  );
}

/** The period picker, the trend chart and the calendar: shared by the dialog and the popup window. */
export function RankHistoryView({ slot, onOpenWindow }: { slot: Pick<SlotDto, 'id'>; onOpenWindow?: () => void }) {
  const [days, setDays] = useState<number>(30);
  const today = kstToday();
  const from = addKstDays(today, -(days - 1));
  const { data, error, isLoading } = useRankHistory(slot.id, from, today);
  const entries = useMemo(() => fillDays(data?.items ?? [], from, today), [data, from, today]);

  return (
    <>
      <div className={styles.toolbar} role="group" aria-label="조회 기간">
        {ranges.map((r) => (
          <button key={r.days} type="button" className={styles.rangeButton} aria-pressed={days === r.days} onClick={() => setDays(r.days)}>
            최근 {r.label}
          </button>
        ))}
        <span className={styles.rangeText}>
          {from} ~ {today} (KST)
        </span>
        {onOpenWindow && (
          <button type="button" className={styles.popupButton} onClick={onOpenWindow}>
            새 창으로 보기
          </button>
        )}
      </div>
      {isLoading && <LoadingBlock />}
      <ErrorBox message={error ? '순위 히스토리 조회에 실패했습니다.' : null} />
      {!isLoading && !error && (
        <>
          <RankChart entries={entries} />
          <ol className={styles.calendar} aria-label="일별 순위">
            {weekdays.map((w) => (
              <li key={w} className={styles.weekday} aria-hidden="true">
                {w}
              </li>
            ))}
            {Array.from({ length: new Date(`${entries[0]?.date}T12:00:00+09:00`).getUTCDay() || 0 }, (_, i) => (
              <li key={`pad-${i}`} className={styles.pad} aria-hidden="true" />
            ))}
            {entries.map((e, i) => {
              const display = rankDisplay(e.rank);
              const delta = rankDelta(e.rank, e.prev_rank ?? entries[i - 1]?.rank ?? null);
              return (
                <li key={e.date} className={`${styles.day} ${e.date === today ? styles.today : ''}`}>
                  <span className={styles.dayDate}>
                    {e.date.slice(5).replace('-', '.')} ({weekdayOf(e.date)})
                  </span>
                  <span className={display.kind === 'rank' ? styles.dayRank : styles.dayNone} title={display.kind === 'notFound' ? display.tooltip : undefined}>
                    {e.rank === null && !data?.items.some((x) => x.date === e.date) ? '-' : display.text}
                  </span>
                  {delta && delta.direction !== 'same' && (
                    <span className={delta.direction === 'up' ? styles.up : styles.down}>
                      {delta.direction === 'up' ? '▲' : '▼'}
                      {Math.abs(delta.delta)}
                    </span>
                  )}
                  {e.min_rank !== null && e.max_rank !== null && display.kind === 'rank' && e.min_rank !== e.max_rank && (
                    <span className={styles.dayRange}>
                      {e.min_rank}~{e.max_rank}위
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </>
  );
}
