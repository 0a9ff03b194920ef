import type { RecomputeRunDto, WorkerKeyOpsDto } from '#shared/rank-operations';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { CellText } from '@/components/ui/cell-text';
import { EmptyState } from '@/components/ui/empty-state';
import tableStyles from '@/components/ui/data-table.module.css';
import { formatDateTime, formatNumber } from '@/lib/format';
import styles from './rank-operations.module.css';

const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}초` : `${Math.floor(s / 60)}분 ${s % 60}초`;
};

/** Each worker key: its last call, today's checks and failure rate. */
export function WorkersTable({ workers }: { workers: WorkerKeyOpsDto[] }) {
  return (
    <Card title="순위 수집기" description="최근 호출은 작업 목록 요청과 결과 전송 모두를 셉니다 (1분 단위).">
      {workers.length === 0 ? (
        <EmptyState icon="lock" title="발급된 워커 키가 없습니다." description="시스템 설정에서 키를 발급하세요." />
      ) : (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table} aria-label="순위 수집기 현황">
            <thead>
              <tr>
                <th>이름</th>
                <th>키</th>
                <th>최근 호출</th>
                <th>최근 결과 전송</th>
                <th className={styles.number}>오늘 검사</th>
                <th className={styles.number}>오늘 실패</th>
                <th className={styles.number}>실패율</th>
                <th>상태</th>
              </tr>
            </thead>
            <tbody>
              {workers.map((w) => (
                <tr key={w.id}>
                  <td>
                    <CellText text={w.name} />
                  </td>
                  <td>{w.prefix}…</td>
                  <td>{formatDateTime(w.lastCallAt)}</td>
                  <td>{formatDateTime(w.lastCheckAt)}</td>
                  <td className={styles.number}>{formatNumber(w.checksToday)}</td>
                  <td className={styles.number}>{formatNumber(w.failedToday)}</td>
                  <td className={styles.number}>
                    {w.failureRate === null ? '-' : `${Math.round(w.failureRate * 100)}%`}
                  </td>
                  <td>{w.revoked ? <Badge tone="neutral">폐기됨</Badge> : <Badge tone="success">사용 중</Badge>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** The latest recompute runs: progress, duration, suspect units and the last error. */
export function RunsTable({ runs }: { runs: RecomputeRunDto[] }) {
  return (
    <Card title="순위 재계산 실행" description="매시 2분에 측정 결과를 슬롯 순위로 바꾸는 작업입니다.">
      {runs.length === 0 ? (
        <EmptyState icon="history" title="최근 실행이 없습니다." />
      ) : (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table} aria-label="순위 재계산 실행 목록">
            <thead>
              <tr>
                <th>시작</th>
                <th>대상일</th>
                <th>진행</th>
                <th className={styles.number}>소요 시간</th>
                <th className={styles.number}>의심 단위</th>
                <th>마지막 오류</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.runId}>
                  <td>{formatDateTime(r.startedAt)}</td>
                  <td>{r.day}</td>
                  <td>
                    {r.unitsDone}/{r.units} 단위{' '}
                    {r.completedAt ? <Badge tone="success">완료</Badge> : <Badge tone="warning">진행 중</Badge>}
                  </td>
                  <td className={styles.number}>{duration(r.durationMs)}</td>
                  <td className={styles.number}>{r.suspectUnits}</td>
                  <td>
                    {r.lastError ? <CellText text={`${formatDateTime(r.lastError.at)} ${r.lastError.error}`} /> : '-'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
