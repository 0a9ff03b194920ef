import { rankDisplay } from '#shared/slot-status';
import type { RankHistoryEntry } from '#shared/schemas/slots';
import styles from './rank-history.module.css';

const W = 640;
const H = 200;
const PAD = { top: 16, right: 16, bottom: 28, left: 40 };

/**
 * The daily rank trend as a small SVG line (rank 1 at the top). Days without a real rank (none,
 * not found, measuring) leave a gap. Plain SVG: a chart library would outweigh this page.
 */
export function RankChart({ entries }: { entries: RankHistoryEntry[] }) {
  const points = entries.map((e, i) => ({
    i,
    date: e.date,
    rank: rankDisplay(e.rank).kind === 'rank' ? (e.rank as number) : null,
  }));
  const ranks = points.map((p) => p.rank).filter((r): r is number => r !== null);
  if (ranks.length === 0) return <p className={styles.chartEmpty}>표시할 순위 데이터가 없습니다.</p>;

  const min = Math.max(1, Math.min(...ranks) - 2);
  const max = Math.max(...ranks) + 2;
  const x = (i: number) =>
    PAD.left +
    (entries.length <= 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (entries.length - 1));
  const y = (rank: number) => PAD.top + ((rank - min) * (H - PAD.top - PAD.bottom)) / Math.max(1, max - min);

  // Consecutive days with a rank form one line segment.
  const segments: { i: number; rank: number }[][] = [];
  let current: { i: number; rank: number }[] = [];
  for (const p of points) {
    if (p.rank === null) {
      if (current.length) segments.push(current);
      current = [];
    } else current.push({ i: p.i, rank: p.rank });
  }
  if (current.length) segments.push(current);

  const ticks = [min, Math.round((min + max) / 2), max];
  const labelEvery = Math.max(1, Math.ceil(entries.length / 8));

  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`일별 순위 추이, 최고 ${Math.min(...ranks)}위, 최저 ${Math.max(...ranks)}위`}
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className={styles.gridLine} />
          <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" className={styles.axisText}>
            {t}위
          </text>
        </g>
      ))}
      {entries.map((e, i) =>
        i % labelEvery === 0 || i === entries.length - 1 ? (
          <text key={e.date} x={x(i)} y={H - 8} textAnchor="middle" className={styles.axisText}>
            {e.date.slice(5).replace('-', '.')}
          </text>
        ) : null,
      )}
      {segments.map((seg, k) => (
        <polyline key={k} points={seg.map((p) => `${x(p.i)},${y(p.rank)}`).join(' ')} className={styles.line} />
      ))}
      {points.map((p) =>
        p.rank === null ? null : (
          <circle key={p.date} cx={x(p.i)} cy={y(p.rank)} r={3.5} className={styles.dot}>
            <title>{`${p.date} ${p.rank}위`}</title>
          </circle>
        ),
      )}
    </svg>
  );
}
