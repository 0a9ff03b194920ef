import { useState } from 'react';
import { adminPageSizes } from '#shared/page-sizes';
import { HISTORY_PAGE_MAX } from '#shared/notification-constants';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { ListPager } from '@/components/ui/pagination';
import { PeriodChooser } from '@/components/ui/period-chooser';
import { errorMessage } from '@/lib/api-client';
import { kstToday } from '@/lib/format';
import { historyRangeOf, type HistoryPeriod } from '@/lib/history-period';
import { useRoute } from '@/lib/route-data';
import { notificationTypeLabels } from '../utils/admin-notification-labels';
import { historyTypeFilters, type HistoryTypeFilter } from '../utils/notification-history-filters';
import { NotificationHistoryStats } from './notification-history-stats';
import { NotificationHistoryTable } from './notification-history-table';
import { SendNotificationDialog } from './send-notification-dialog';
import styles from './admin-notifications.module.css';
import { usePaging } from '@/hooks/use-paging';

/** The server pages this history by at most 100, so 200 is not offered. */
const historyPageSizes = adminPageSizes.filter((size) => size <= HISTORY_PAGE_MAX);

/** /admin/notification-history: stat cards, date and type filters, one row per send, the send dialog. */
export function NotificationHistoryPage() {
  const [period, setPeriod] = useState<HistoryPeriod>('all');
  const [type, setType] = useState<HistoryTypeFilter>('all');
  const { page, limit, setPage, pagerProps, andFirstPage } = usePaging(historyPageSizes);
  const [sending, setSending] = useState(false);
  const query = {
    page,
    limit,
    ...historyRangeOf(period, kstToday()),
    type: type === 'all' ? undefined : type,
  };
  const { data, error, isLoading } = useRoute('GET /api/notifications/all', { query }, { keepPreviousData: true });
  const rows = data?.items ?? [];
  const filtered = period !== 'all' || type !== 'all';

  return (
    <>
      <PageHeader
        title="알림 내역"
        description="발송한 알림과 읽음 현황"
        actions={<Button onClick={() => setSending(true)}>알림 발송</Button>}
      />
      <div className={styles.stack}>
        <NotificationHistoryStats stats={data?.stats} />
        <Card>
          <div className={styles.toolbar}>
            <PeriodChooser value={period} onChange={andFirstPage(setPeriod)} />
            <label className={styles.inline}>
              <span className={styles.label}>종류</span>
              <select
                className={styles.select}
                value={type}
                onChange={(e) => andFirstPage(setType)(e.target.value as HistoryTypeFilter)}
              >
                {historyTypeFilters.map((t) => (
                  <option key={t} value={t}>
                    {t === 'all' ? '전체' : notificationTypeLabels[t]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <ErrorBox message={error ? errorMessage(error, '알림 내역을 불러오는데 실패했습니다.') : null} />
          {isLoading && !data ? (
            <p className={styles.note}>불러오는 중...</p>
          ) : error && !data ? null : rows.length === 0 ? (
            <EmptyState
              icon="bell"
              title={filtered ? '조건에 맞는 발송 내역이 없습니다.' : '발송한 알림이 없습니다.'}
              action={filtered ? undefined : <Button onClick={() => setSending(true)}>알림 발송</Button>}
            />
          ) : (
            <NotificationHistoryTable rows={rows} />
          )}
          <div className={styles.footer}>
            <span className={styles.note}>전체 {data?.pagination.total ?? 0}건</span>
            <ListPager {...pagerProps(data?.pagination.totalPages ?? 0)} />
          </div>
        </Card>
      </div>
      <SendNotificationDialog open={sending} onClose={() => setSending(false)} onSent={() => setPage(1)} />
    </>
  );
}
