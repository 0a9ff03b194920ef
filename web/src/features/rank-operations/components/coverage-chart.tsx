import type { DayCoverageDto } from '#shared/rank-operations';
import styles from './rank-operations.module.css';

const W = 640;
const H = 180;
const PAD = { top: 12, right: 12, bottom: 26, left: 40 };

/**
 * Each day's checks as a stacked bar (found, not found, failed), oldest on the left, with the day's
 * due pairs as a tick where known. Plain SVG: a chart library would outweigh the page. The table
 * under it carries the same figures for screen readers and exact values.
 */
export function CoverageChart({ days }: { days: DayCoverageDto[] }) {
  const ordered = [...days].reverse();
  const max = Math.max(1, ...ordered.map((d) => Math.max(d.checks, d.due ?? 0)));
  const slot = (W - PAD.left - PAD.right) / ordered.length;
  const barW = Math.max(4, slot * 0.6);
  const y = (n: number) => PAD.top + (H - PAD.top - PAD.bottom) * (1 - n / max);
  const height = (n: number) => ((H - PAD.top - PAD.bottom) * n) / max;
  const total = ordered.reduce((n, d) => n + d.checks, 0);
  const failed = ordered.reduce((n, d) => n + d.failed, 0);
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`최근 ${ordered.length}일 측정 ${total}건, 실패 ${failed}건`}
    >
      {[0, Math.round(max / 2), max].map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className={styles.gridLine} />
          <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className={styles.axisText}>
            {t}
          </text>
        </g>
      ))}
      {ordered.map((d, i) => {
        const x = PAD.left + i * slot + (slot - barW) / 2;
        const parts = [
          { n: d.found, className: styles.barFound },
          { n: d.notFound, className: styles.barNotFound },
          { n: d.failed, className: styles.barFailed },
        ];
        let base = 0;
        return (
          <g key={d.day}>
            <title>{`${d.day}: 순위 확인 ${d.found}, 미노출 ${d.notFound}, 실패 ${d.failed}`}</title>
            {parts.map((p, k) => {
              const top = base + p.n;
              const rect = p.n ? (
                <rect key={k} x={x} y={y(top)} width={barW} height={height(p.n)} className={p.className} />
              ) : null;
              base = top;
              return rect;
            })}
            {d.due !== null && (
              <line x1={x - 2} x2={x + barW + 2} y1={y(d.due)} y2={y(d.due)} className={styles.dueTick} />
            )}
            {(i % 2 === ordered.length % 2 || i === ordered.length - 1) && (
              <text x={x + barW / 2} y={H - 8} textAnchor="middle" className={styles.axisText}>
                {d.day.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
