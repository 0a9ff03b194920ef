import { failureReasons, type DayCoverageDto } from '#shared/rank-operations';
import { failureReasonLabels } from '#shared/messages/rank-operations';
import { Card } from '@/components/ui/card';
import tableStyles from '@/components/ui/data-table.module.css';
import { formatNumber } from '@/lib/format';
import { CoverageChart } from './coverage-chart';
import styles from './rank-operations.module.css';

const percent = (part: number, whole: number | null) => (whole ? `${Math.floor((part * 100) / whole)}%` : '-');

/** Today's coverage: due pairs, how many are checked, the checks by outcome and failure reason. */
export function TodayCoverage({
  day,
  lastHour,
}: {
  day: DayCoverageDto;
  lastHour: { checks: number; failed: number };
}) {
  const figures = [
    { label: '오늘 측정 대상', value: day.due === null ? '집계 전' : `${formatNumber(day.due)}개` },
    { label: '측정 완료', value: `${formatNumber(day.pairsChecked)}개 (${percent(day.pairsChecked, day.due)})` },
    { label: '검사 횟수', value: `${formatNumber(day.checks)}건` },
    { label: '순위 확인', value: `${formatNumber(day.found)}건` },
    { label: '미노출', value: `${formatNumber(day.notFound)}건` },
    { label: '실패', value: `${formatNumber(day.failed)}건` },
    { label: '최근 1시간 실패', value: `${formatNumber(lastHour.failed)} / ${formatNumber(lastHour.checks)}건` },
  ];
  return (
    <Card
      title="오늘 측정 현황"
      description="측정 대상은 오늘 순위를 추적하는 키워드·상품 조합이고, 측정 완료는 그중 순위 확인 또는 미노출 결과가 있는 조합입니다."
    >
      <dl className={styles.figures} aria-label="오늘 측정 현황">
        {figures.map((f) => (
          <div key={f.label} className={styles.figure}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <div className={tableStyles.tableWrap}>
        <table className={tableStyles.table} aria-label="오늘 실패 사유">
          <thead>
            <tr>
              <th>실패 사유</th>
              <th className={styles.number}>건수</th>
            </tr>
          </thead>
          <tbody>
            {failureReasons.map((r) => (
              <tr key={r}>
                <td>{failureReasonLabels[r]}</td>
                <td className={styles.number}>{formatNumber(day.failedBy[r])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** The last 14 days as a chart and as a table with the exact figures. */
export function CoverageHistory({ days }: { days: DayCoverageDto[] }) {
  return (
    <Card title="최근 14일 측정 현황">
      <p className={styles.legend}>
        <span>
          <span className={styles.swatch} style={{ background: '#2f9e44' }} />
          순위 확인
        </span>
        <span>
          <span className={styles.swatch} style={{ background: '#adb5bd' }} />
          미노출
        </span>
        <span>
          <span className={styles.swatch} style={{ background: '#e03131' }} />
          실패
        </span>
        <span>
          <span className={styles.swatch} style={{ background: '#1c7ed6' }} />
          측정 대상 수
        </span>
      </p>
      <CoverageChart days={days} />
      <div className={tableStyles.tableWrap}>
        <table className={tableStyles.table} aria-label="일별 측정 현황">
          <thead>
            <tr>
              <th>날짜</th>
              <th className={styles.number}>측정 대상</th>
              <th className={styles.number}>측정 완료</th>
              <th className={styles.number}>검사</th>
              <th className={styles.number}>순위 확인</th>
              <th className={styles.number}>미노출</th>
              <th className={styles.number}>실패</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td className={styles.number}>{d.due === null ? '-' : formatNumber(d.due)}</td>
                <td className={styles.number}>
                  {formatNumber(d.pairsChecked)} ({percent(d.pairsChecked, d.due)})
                </td>
                <td className={styles.number}>{formatNumber(d.checks)}</td>
                <td className={styles.number}>{formatNumber(d.found)}</td>
                <td className={styles.number}>{formatNumber(d.notFound)}</td>
                <td className={styles.number}>{formatNumber(d.failed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
