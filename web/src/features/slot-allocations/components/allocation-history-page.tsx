import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { allocationMessages } from '#shared/messages/slot-allocations';
import {
  allocationHistoryPageSizes,
  DEFAULT_ALLOCATION_PAGE_SIZE,
  type AllocationHistoryRow,
} from '#shared/schemas/slot-allocations';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSizeSelect, Pagination } from '@/components/ui/pagination';
import { PeriodChooser } from '@/components/ui/period-chooser';
import { ErrorBox } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { kstToday } from '@/lib/format';
import { historyRangeOf, type HistoryPeriod } from '@/lib/history-period';
import { useAppSettings } from '@/lib/app-settings';
import { useRoute } from '@/lib/route-data';
import { AllocationHistoryTable, type SortState } from './allocation-history-table';
import { AllocationSlotsModal } from './allocation-slots-modal';
import { ExtendAllModal } from './extend-all-modal';
import { PreAllocationAction } from './pre-allocation-action';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import filterStyles from '@/components/ui/filter-control.module.css';
import styles from './slot-allocations.module.css';
import { usePaging } from '@/hooks/use-paging';

const SEARCH_DEBOUNCE_MS = 400;

/** /admin/slot-allocation-history[?userId=]: the slots operators issued to users. */
export function AllocationHistoryPage() {
  // `?userId=` (e.g. linked from user management) shows one advertiser's issuances.
  const [params] = useSearchParams();
  // Searched by user and by operator (id or login id), on the server; typing waits a moment.
  const [userText, setUserText] = useState(params.get('userId') ?? '');
  const [operatorText, setOperatorText] = useState('');
  const userId = useDebouncedValue(userText.trim(), SEARCH_DEBOUNCE_MS) || undefined;
  const operatorId = useDebouncedValue(operatorText.trim(), SEARCH_DEBOUNCE_MS) || undefined;
  // Issuing is a pre-allocation mode action (the server refuses it in normal mode).
  const { slotOperationMode } = useAppSettings();
  const [period, setPeriod] = useState<HistoryPeriod>('all');
  const { page, limit, setPage, setLimit, andFirstPage } = usePaging(
    allocationHistoryPageSizes,
    DEFAULT_ALLOCATION_PAGE_SIZE,
  );
  const [sort, setSort] = useState<SortState>({ sortBy: 'created_at', sortOrder: 'desc' });
  const [viewing, setViewing] = useState<AllocationHistoryRow | null>(null);
  const [extending, setExtending] = useState<AllocationHistoryRow | null>(null);
  const query = {
    page,
    limit,
    ...sort,
    dateFrom: historyRangeOf(period, kstToday()).fromDate,
    userId,
    operatorId,
  };
  const { data, error, isLoading } = useRoute(
    'GET /api/slots/allocation-history',
    { query },
    { keepPreviousData: true },
  );
  const rows = data?.allocations ?? [];
  const total = data?.pagination.total ?? 0;
  const first = total === 0 ? 0 : (page - 1) * limit + 1;

  return (
    <>
      {/* Issuing from here too: the new issuance shows up in this list (the hook refreshes it). */}
      <PageHeader
        title="슬롯 발행 내역"
        description="운영자가 사용자에게 발행한 슬롯 (연장 내역 포함)"
        actions={
          slotOperationMode === 'pre-allocation' ? <PreAllocationAction onIssued={() => setPage(1)} /> : undefined
        }
      />
      <Card>
        <div className={styles.toolbar}>
          <PeriodChooser value={period} onChange={andFirstPage(setPeriod)} />
          <input
            className={filterStyles.control}
            type="search"
            aria-label="사용자 검색"
            placeholder="사용자 아이디"
            value={userText}
            onChange={(e) => andFirstPage(setUserText)(e.target.value)}
          />
          <input
            className={filterStyles.control}
            type="search"
            aria-label="운영자 검색"
            placeholder="운영자 아이디"
            value={operatorText}
            onChange={(e) => andFirstPage(setOperatorText)(e.target.value)}
          />
          <PageSizeSelect value={limit} sizes={allocationHistoryPageSizes} onChange={andFirstPage(setLimit)} />
        </div>
        <ErrorBox message={error ? errorMessage(error, allocationMessages.historyFailed) : null} />
        {isLoading && !data ? (
          <p className={styles.note}>불러오는 중...</p>
        ) : rows.length === 0 ? (
          <EmptyState icon="history" title={allocationMessages.historyEmpty} />
        ) : (
          <AllocationHistoryTable
            rows={rows}
            sort={sort}
            onSort={andFirstPage(setSort)}
            onView={setViewing}
            onExtend={setExtending}
          />
        )}
        <div className={styles.footer}>
          <span className={styles.note}>
            전체 {total}건, {first}-{Math.min(page * limit, total)} 표시
          </span>
          <Pagination page={page} totalPages={data?.pagination.totalPages ?? 0} onPageChange={setPage} />
        </div>
      </Card>
      <AllocationSlotsModal allocation={viewing} onClose={() => setViewing(null)} />
      <ExtendAllModal allocation={extending} onClose={() => setExtending(null)} />
    </>
  );
}
