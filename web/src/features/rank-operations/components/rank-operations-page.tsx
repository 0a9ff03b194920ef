import { alertRuleLabels } from '#shared/messages/rank-operations';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useRoute } from '@/lib/route-data';
import { CoverageHistory, TodayCoverage } from './coverage-section';
import { RunsTable, WorkersTable } from './workers-and-runs';
import styles from './rank-operations.module.css';

/**
 * /admin/rank-operations (operators and developers): whether rank measuring is happening. Today's
 * coverage and failure reasons, the last 14 days, each worker key and the recompute runs, with the
 * rank alerts that fire now on top.
 */
export function RankOperationsPage() {
  // Read again every minute while the screen is open: checks keep arriving.
  const { data, error, isLoading, isValidating, mutate } = useRoute('GET /api/rank/operations', undefined, {
    refreshInterval: 60_000,
    revalidateOnFocus: true,
  });
  const header = (
    <PageHeader
      title="순위 측정 현황"
      description="순위 수집기가 오늘의 키워드·상품을 제대로 측정하고 있는지 보여줍니다. 1분마다 새로 고칩니다."
      actions={
        <Button variant="secondary" loading={isValidating} onClick={() => void mutate()}>
          새로 고침
        </Button>
      }
    />
  );
  if (isLoading)
    return (
      <>
        {header}
        <LoadingBlock />
      </>
    );
  if (error || !data)
    return (
      <>
        {header}
        <LoadError title="순위 측정 현황을 불러오지 못했습니다." error={error} onRetry={() => void mutate()} />
      </>
    );
  const firing = data.alerts.filter((a) => a.firing);
  const { silenceMinutes, coverageHour, coveragePercent } = data.thresholds;
  return (
    <>
      {header}
      <div className={styles.stack}>
        <section className={styles.alerts} aria-label="현재 순위 경보">
          {firing.length === 0 ? (
            <Alert tone="success">
              지금 울리는 경보가 없습니다. (수집기 {silenceMinutes}분 무응답, 최근 1시간 실패 과반, {coverageHour}시까지{' '}
              {coveragePercent}% 미만 측정 시 알립니다.)
            </Alert>
          ) : (
            firing.map((a) => (
              <Alert key={a.rule} tone="error" title={alertRuleLabels[a.rule]}>
                {formatDateTime(a.since)}부터 경보 중입니다. 운영자와 개발자에게 알림을 보냈습니다.
              </Alert>
            ))
          )}
        </section>
        <TodayCoverage day={data.days[0]} lastHour={data.lastHour} />
        <CoverageHistory days={data.days} />
        <WorkersTable workers={data.workers} />
        <RunsTable runs={data.runs} />
      </div>
    </>
  );
}
