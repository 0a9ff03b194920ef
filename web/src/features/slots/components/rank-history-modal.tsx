import { useMemo, useState } from 'react';
import { addKstDays, kstToday } from '#shared/kst';
import { rankHistoryTexts, slotMessages } from '#shared/messages/slots';
import type { SlotDto } from '#shared/schemas/slots';
import { rankFreshnessTexts } from '#shared/messages/rank-freshness';
import { ErrorBox } from '@/components/ui/alert';
import { RankValue } from '@/components/slots/slot-cells';
import { classifyFailure } from '@/lib/failure-text';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { fieldValue } from '@/lib/slots/slot-display';
import { useRoute } from '@/lib/route-data';
import { fillDays, MAX_RANK_HISTORY_DAYS, rangeMetrics, rankHistoryRows } from '../utils/rank-history';
import { RankChart } from './rank-chart';
import { RankHistoryTable } from './rank-history-table';
import styles from './rank-history.module.css';

const ranges = [7, 30, 90] as const;

/**
 * 순위 히스토리: the daily rank trend and the 7-column daily grid of KST days, in a dialog
 * over My slots. '새 창으로 보기' opens the same view in a 700×800 popup window without the app's
 * layout (/slots/{id}/rank-history, RankHistoryWindow); '순위 알림' swaps to the slot's rank alert.
 */
export function RankHistoryModal({
  slot,
  onClose,
  onRankAlert,
}: {
  slot: SlotDto;
  onClose: () => void;
  onRankAlert?: () => void;
}) {
  const keyword = fieldValue(slot, 'keywords');
  return (
    <Modal
      open
      onClose={onClose}
      title={`순위 히스토리 · 슬롯 #${slot.slot_number}`}
      description={keyword ? `키워드: ${keyword}` : undefined}
      size="lg"
    >
      <RankHistoryView
        slot={slot}
        onRankAlert={onRankAlert}
        onOpenWindow={() =>
          window.open(
            `/slots/${encodeURIComponent(slot.id)}/rank-history`,
            `rank-history-${slot.id}`,
            'width=700,height=800',
          )
        }
      />
    </Modal>
  );
}

/** The period picker, the trend chart and the grid: shared by the dialog and the popup window. */
export function RankHistoryView({
  slot,
  onOpenWindow,
  onRankAlert,
}: {
  slot: Pick<SlotDto, 'id' | 'rank' | 'yesterday_rank' | 'rank_measured_at'>;
  onOpenWindow?: () => void;
  onRankAlert?: () => void;
}) {
  const today = kstToday();
  const [range, setRange] = useState({ from: addKstDays(today, -29), to: today });
  const [draft, setDraft] = useState(range);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const { data, error, isLoading } = useRoute(
    'GET /api/slots/{id}/rank-history',
    { path: { id: slot.id }, query: { startDate: range.from, endDate: range.to } },
    { revalidateOnFocus: false },
  );
  const days = useMemo(() => fillDays(data?.items ?? [], range.from, range.to), [data, range]);
  const rows = useMemo(() => rankHistoryRows(days), [days]);
  const totals = useMemo(() => rangeMetrics(days), [days]);

  const preset = (n: number) => {
    const next = { from: addKstDays(today, -(n - 1)), to: today };
    setRange(next);
    setDraft(next);
    setRangeError(null);
  };
  const applyDraft = () => {
    if (!draft.from || !draft.to) return setRangeError('조회 기간을 입력해주세요.');
    if (draft.from > draft.to) return setRangeError(slotMessages.dateOrder);
    if (addKstDays(draft.from, MAX_RANK_HISTORY_DAYS - 1) < draft.to)
      return setRangeError(slotMessages.rankHistoryRange);
    setRangeError(null);
    setRange(draft);
  };

  return (
    <>
      <div className={styles.current} data-testid="current-rank">
        <span className={styles.currentLabel}>{rankFreshnessTexts.currentRank}</span>
        <RankValue rank={slot.rank} yesterdayRank={slot.yesterday_rank} measuredAt={slot.rank_measured_at} />
      </div>
      <div className={styles.toolbar} role="group" aria-label="조회 기간">
        {ranges.map((n) => (
          <button
            key={n}
            type="button"
            className={styles.rangeButton}
            aria-pressed={range.to === today && range.from === addKstDays(today, -(n - 1))}
            onClick={() => preset(n)}
          >
            최근 {n}일
          </button>
        ))}
        <span className={styles.grow} />
        {onRankAlert && (
          <button type="button" className={styles.popupButton} onClick={onRankAlert}>
            순위 알림
          </button>
        )}
        {onOpenWindow && (
          <button type="button" className={styles.popupButton} onClick={onOpenWindow}>
            새 창으로 보기
          </button>
        )}
      </div>
      <form
        className={styles.toolbar}
        onSubmit={(e) => {
          e.preventDefault();
          applyDraft();
        }}
      >
        <label className={styles.dateLabel}>
          시작일
          <input
            type="date"
            className={styles.dateInput}
            value={draft.from}
            max={today}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <span aria-hidden="true">~</span>
        <label className={styles.dateLabel}>
          종료일
          <input
            type="date"
            className={styles.dateInput}
            value={draft.to}
            max={today}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <button type="submit" className={styles.rangeButton}>
          조회
        </button>
        <span className={styles.rangeText}>
          {range.from} ~ {range.to} (KST)
        </span>
      </form>
      <ErrorBox message={rangeError} />
      {isLoading && <LoadingBlock />}
      <ErrorBox
        message={
          error
            ? classifyFailure(error).kind === 'refused'
              ? rankHistoryTexts.loadFailed
              : rankHistoryTexts.loadError
            : null
        }
      />
      {!isLoading && !error && (
        <>
          <RankChart entries={days} />
          <p className={styles.rangeMetrics} data-testid="range-metrics">
            {totals}
          </p>
          <RankHistoryTable rows={rows} today={today} />
        </>
      )}
    </>
  );
}
