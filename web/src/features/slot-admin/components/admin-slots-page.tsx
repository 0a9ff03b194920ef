import { useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { adminPageSizes } from '#shared/page-sizes';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import { slotListFields } from '#shared/slot-fields';
import { ErrorBox } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSizeSelect, Pagination } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAppSettings } from '@/lib/app-settings';
import { kstToday } from '@/lib/format';
import { revalidateSlots } from '@/lib/slots/invalidate';
import { useRoute } from '@/lib/route-data';
import { adminSlotsInput } from '../api/get-admin-slots';
import { useFieldConfigs } from '@/lib/slots/get-field-configs';
import { useAdminSlotFilters } from '../hooks/use-admin-slot-filters';
import type { AdminSlot } from '../utils/admin-slot-actions';
import { userTabStats } from '../utils/admin-slot-tabs';
import { adminSlotsTitle } from '../utils/admin-slots-title';
import { AdminSlotModals, type OpenModal, type RankHistoryRenderer } from './admin-slot-modals';
import { AdminSlotAdvancedSearch, AdminSlotSearch } from './admin-slot-search';
import { AdminSlotTabs } from './admin-slot-tabs';
import { AdminSlotUserFilter } from './admin-slot-user-filter';
import type { AdminSlotModal } from './admin-slot-row-actions';
import { AdminSlotsTable } from './admin-slots-table';
import styles from './admin-slots.module.css';

export interface AdminSlotsPageProps {
  /** Extra toolbar buttons (the app passes the pre-allocation issue button); `refresh` re-reads the list and counts. */
  toolbarActions?: (refresh: () => void) => ReactNode;
  /** The '순위' row action's dialog (the advertiser feature owns the rank history; the app passes it). */
  rankHistory: RankHistoryRenderer;
}

/** /admin/slots: slot approval (normal mode) or slot management (pre-allocation). */
export function AdminSlotsPage({ toolbarActions, rankHistory }: AdminSlotsPageProps) {
  const { slotOperationMode: mode } = useAppSettings();
  const filters = useAdminSlotFilters();
  const slots = useRoute('GET /api/slots', adminSlotsInput(filters.query), { keepPreviousData: true });
  const stats = useRoute('GET /api/slots/system-stats');
  // Filtered to one user: that user's account (who it is) and counters (the tabs' counts).
  const { userId } = filters;
  const owner = useRoute('GET /api/users/{id}', userId ? { path: { id: userId } } : null);
  const userCount = useRoute('GET /api/slots/count', userId ? { query: { userId } } : null);
  const tabStats = filters.userId
    ? userCount.data && (owner.data || owner.error)
      ? userTabStats(userCount.data, owner.data?.isActive ?? true)
      : undefined
    : stats.data;
  const configs = useFieldConfigs();
  const listFields = useMemo(() => (configs.data ? slotListFields(configs.data) : []), [configs.data]);
  const [open, setOpen] = useState<OpenModal>(null);
  const today = kstToday();
  // One function for the page's life: the memoized rows do not render again when the page does.
  const openModal = useCallback((slot: AdminSlot, modal: AdminSlotModal) => setOpen({ slot, modal }), []);
  const refresh = useCallback(
    () => void Promise.all([revalidateSlots(), stats.mutate(), userCount.mutate()]),
    [stats, userCount],
  );

  // A refused or failed query shows why, never the rows of the query before it; rows of the query
  // before stay only while the new one loads, marked as such.
  // The rows render in a transition: the answer's arrival never holds the page for 100 rows at once.
  const data = useDeferredValue(slots.error ? undefined : slots.data);
  const stale = !!data && slots.isLoading;
  return (
    <>
      <PageHeader title={adminSlotsTitle(mode)} />
      <Card>
        <div className={styles.toolbar}>
          {filters.userId && (
            <AdminSlotUserFilter userId={filters.userId} owner={owner.data} onClear={filters.clearUser} />
          )}
          <AdminSlotTabs mode={mode} tab={filters.tab} stats={tabStats} onChange={filters.setTab} />
          <div className={styles.toolbarRow}>
            <AdminSlotSearch filters={filters} />
            <span className={styles.spacer} />
            {toolbarActions?.(refresh)}
          </div>
          <AdminSlotAdvancedSearch filters={filters} />
        </div>
        {slots.error ? (
          <ErrorBox message={errorMessage(slots.error, slotAdminMessages.listFailed)} />
        ) : !data ? (
          <LoadingBlock />
        ) : data.items.length === 0 ? (
          <EmptyState icon="check-square" title="슬롯이 없습니다." description="조건에 맞는 슬롯이 없습니다." />
        ) : (
          <div className={stale ? styles.stale : undefined} aria-busy={stale || undefined}>
            <AdminSlotsTable
              slots={data.items}
              listFields={listFields}
              mode={mode}
              today={today}
              sortBy={filters.sortBy}
              sortOrder={filters.sortOrder}
              onSort={filters.sort}
              onOpen={openModal}
            />
          </div>
        )}
        {/* Not under the loading block: from there the rows pushed it down the screen when they came. */}
        {(data || slots.error) && (
          <div className={styles.footer}>
            <span className={styles.muted}>총 {data?.pagination.total ?? 0}개</span>
            <PageSizeSelect value={filters.limit} sizes={adminPageSizes} onChange={filters.setLimit} />
            <Pagination
              page={filters.page}
              totalPages={data?.pagination.totalPages ?? 0}
              onPageChange={filters.setPage}
            />
          </div>
        )}
      </Card>
      <AdminSlotModals
        open={open}
        configs={configs.data ?? []}
        rankHistory={rankHistory}
        onClose={() => {
          setOpen(null);
          void stats.mutate();
          void userCount.mutate();
        }}
      />
    </>
  );
}
