import type { RankHistoryRow } from '../utils/rank-history';
import styles from './rank-history.module.css';

/**
 * The 7-column daily grid of the rank history: 날짜, 순위, 전일, 변동, 최고, 평균, 최저 (KST days, newest first).
 * A day's impressions, clicks and CTR go under its date, so the grid keeps its seven columns.
 */
export function RankHistoryTable({ rows, today }: { rows: RankHistoryRow[]; today: string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-label="일별 순위">
        <thead>
          <tr>
            <th scope="col">날짜 (KST)</th>
            <th scope="col">순위</th>
            <th scope="col">전일</th>
            <th scope="col">변동</th>
            <th scope="col">최고</th>
            <th scope="col">평균</th>
            <th scope="col">최저</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.date} className={r.date === today ? styles.todayRow : undefined} data-date={r.date}>
              <td>
                {r.dateLabel}
                {r.metrics && (
                  <span className={styles.dayMetrics} data-testid="day-metrics">
                    {r.metrics}
                  </span>
                )}
              </td>
              <td className={r.rankKind === 'rank' ? styles.dayRank : styles.dayNone} title={r.rankTooltip}>
                {r.rank}
              </td>
              <td>{r.previous}</td>
              <td
                className={
                  r.change.direction === 'up' ? styles.up : r.change.direction === 'down' ? styles.down : undefined
                }
              >
                {r.change.text}
              </td>
              <td>{r.best}</td>
              <td>{r.average}</td>
              <td>{r.worst}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
