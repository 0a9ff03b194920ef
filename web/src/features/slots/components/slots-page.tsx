import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { kstToday } from '#shared/kst';
import { commonMessages } from '#shared/messages/common';
import type { SlotDto } from '#shared/schemas/slots';
import { userPageSizes } from '#shared/page-sizes';
import { slotListFields } from '#shared/slot-fields';
import { ErrorBox } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAppSettings } from '@/lib/app-settings';
import { useFieldConfigs } from '@/lib/slots/get-field-configs';
import { slotActionTexts } from '#shared/messages/slots';
import { useToast } from '@/components/ui/toast';
import { deleteSlots, useTogglePause } from '@/features/slots/api/update-slot-status';
import { useListView } from '@/features/slots/hooks/use-list-view';
import { PAGE_SIZE_STORAGE_KEYS, usePageSize } from '@/hooks/use-page-size';
import { useSlotExport } from '@/features/slots/hooks/use-slot-export';
import { useSlotFilters } from '@/features/slots/hooks/use-slot-filters';
import { useSlotList } from '@/features/slots/hooks/use-slot-list';
import { useSlotSelection } from '@/features/slots/hooks/use-slot-selection';
import { selectionParts } from '@/features/slots/utils/selection';
import { useRoute } from '@/lib/route-data';
import { SlotDialogs, type BulkInputDialog, type SlotDialog } from './slot-dialogs';
import { SlotListToolbar } from './slot-list-toolbar';
import { SlotCards, SlotTable } from './slot-list-views';
import { SlotSearch } from './slot-search';
import { SlotsPageHeader } from './slots-page-header';
import { SlotSelectionBar } from './slot-selection-bar';
import { SlotAllocationSummary, SlotStatusCards } from './slot-status-cards';
import styles from './slots-page.module.css';

export interface SlotsPageProps {
  /** The '다중 슬롯 입력' dialog (the bulk feature's grid; the app route passes it, loaded on first open). */
  bulkInput: BulkInputDialog;
}

/** /slots — 내 광고 슬롯 (My slots). */
export function SlotsPage({ bulkInput }: SlotsPageProps) {
  const { slotOperationMode } = useAppSettings();
  const preAllocation = slotOperationMode === 'pre-allocation';
  const today = kstToday();
  const { filters, page, setPage, apply, reset } = useSlotFilters();
  const [pageSize, setPageSize] = usePageSize(PAGE_SIZE_STORAGE_KEYS.slots, userPageSizes);
  const [view, setView] = useListView();
  const [dialog, setDialog] = useState<SlotDialog>(null);

  const configs = useFieldConfigs();
  const listFields = useMemo(() => (configs.data ? slotListFields(configs.data) : []), [configs.data]);
  const counts = useRoute('GET /api/slots/count');
  const { query, key, list } = useSlotList(filters, page, pageSize, setPage);
  const selection = useSlotSelection(list.data, today);
  const { togglePause, busyIds } = useTogglePause(key, today);
  const { download, exporting } = useSlotExport(query, listFields, today);
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const parts = selectionParts(selection.selected.values(), today);

  const confirmDelete = async (targets: SlotDto[], fromSelection: boolean) => {
    setDeleting(true);
    const { deleted, failed, error } = await deleteSlots(targets.map((s) => s.id));
    setDeleting(false);
    setDialog(null);
    selection.drop(targets.map((s) => s.id));
    if (failed === 0)
      toast({
        tone: 'success',
        message: fromSelection ? slotActionTexts.deletedMany(deleted) : slotActionTexts.deleted,
      });
    else if (deleted > 0) toast({ tone: 'warning', message: slotActionTexts.deletedPartly(deleted, failed) });
    else toast({ tone: 'error', message: errorMessage(error, slotActionTexts.deleteFailed) });
  };

  // In pre-allocation mode the pending filter does not exist.
  useEffect(() => {
    if (preAllocation && filters.status === 'pending') apply({ status: 'all' });
  }, [preAllocation, filters.status, apply]);

  // The list renders in a transition: the answer's arrival never holds the page for 100 rows at once.
  const listData = useDeferredValue(list.data);
  const slots = listData?.items ?? [];
  const pagination = listData?.pagination;
  const total = counts.data?.cards.total ?? pagination?.total ?? 0;
  const closeDialog = () => setDialog(null);

  const listViewProps = {
    slots,
    listFields,
    today,
    offset: ((pagination?.page ?? page) - 1) * pageSize,
    selected: selection.selected,
    onToggleSelect: selection.toggle,
    onToggleAll: selection.toggleAll,
    onTogglePause: (slot: SlotDto) => setDialog({ kind: 'pause', slot }),
    onEdit: (slot: SlotDto) => setDialog({ kind: 'edit', slot }),
    onDelete: (slot: SlotDto) => setDialog({ kind: 'delete', slots: [slot], fromSelection: false }),
    onRankHistory: (slot: SlotDto) => setDialog({ kind: 'history', slot }),
    onExtensionHistory: (slot: SlotDto) => setDialog({ kind: 'extensions', slot }),
    onRankAlert: (slot: SlotDto) => setDialog({ kind: 'rank-alert', slot }),
    busyIds,
  };

  return (
    <>
      <SlotsPageHeader total={total} canRegister={!!configs.data} onRegister={() => setDialog({ kind: 'register' })} />

      {preAllocation && <SlotAllocationSummary counts={counts.data} />}
      <SlotStatusCards cards={counts.data?.cards} status={filters.status} onSelect={(status) => apply({ status })} />

      <Card>
        <SlotSearch filters={filters} onApply={apply} onReset={reset} />
      </Card>

      <section className={styles.listCard} aria-label="슬롯 목록">
        <SlotListToolbar
          total={pagination?.total ?? 0}
          status={filters.status}
          onStatusChange={(status) => apply({ status })}
          preAllocation={preAllocation}
          validating={list.isValidating}
          pageSize={pageSize}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1); // page 7 of 10 rows is not page 7 of 100 rows
          }}
          view={view}
          onViewChange={setView}
          onRefresh={() => {
            void list.mutate();
            void counts.mutate();
          }}
          onDownload={() => void download()}
          exporting={exporting}
          canDownload={!!list.data}
        />

        {list.error && !listData ? (
          <div className={styles.padded}>
            <ErrorBox message={errorMessage(list.error, commonMessages.network)} />
          </div>
        ) : !listData ? (
          <LoadingBlock />
        ) : slots.length === 0 ? (
          <EmptyState
            icon="inbox"
            title="검색결과가 없습니다."
            description={
              preAllocation
                ? '할당된 슬롯이 없거나 조건에 맞는 슬롯이 없습니다.'
                : '조건을 바꾸거나 새 슬롯을 등록해보세요.'
            }
          />
        ) : view === 'table' ? (
          <SlotTable {...listViewProps} />
        ) : (
          <SlotCards {...listViewProps} />
        )}

        {pagination && pagination.totalPages > 1 && (
          <div className={styles.pagination}>
            <Pagination page={pagination.page} totalPages={pagination.totalPages} onPageChange={setPage} buttons={10} />
          </div>
        )}
      </section>

      <SlotSelectionBar
        count={selection.selected.size}
        editable={parts.editable.length}
        deletable={parts.deletable.length}
        canInput={!!configs.data}
        onBulkInput={() => setDialog({ kind: 'bulk-input' })}
        onBulkEdit={() => setDialog({ kind: 'bulk-edit' })}
        onDelete={() => setDialog({ kind: 'delete', slots: parts.deletable, fromSelection: true })}
        onClear={selection.clear}
      />

      <SlotDialogs
        dialog={dialog}
        bulkInput={bulkInput}
        configs={configs.data}
        selectedSlots={parts.editable}
        onClose={closeDialog}
        onBulkDone={() => {
          closeDialog();
          selection.clear();
        }}
        onRankAlert={(slot) => setDialog({ kind: 'rank-alert', slot })}
        onConfirmDelete={(targets, fromSelection) => void confirmDelete(targets, fromSelection)}
        deleting={deleting}
        onConfirmPause={(slot) => {
          closeDialog();
          void togglePause(slot);
        }}
      />
    </>
  );
}
