import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { mutate as globalMutate } from 'swr';
import { kstToday } from '#shared/kst';
import { commonMessages } from '#shared/messages';
import { MAX_BULK_EDIT, slotMessages, userPageSizes, type SlotDto, type SlotList, type SlotListQueryInput } from '#shared/schemas/slots';
import { slotListFields } from '#shared/slot-fields';
import {
  calendarStatus,
  deriveDisplayStatus,
  displayStatusLabels,
  isPausable,
  isSelectableForBulk,
  statusCardLabels,
  statusCards,
  type StatusCard,
} from '#shared/slot-status';
import { ErrorBox } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { LoadingBlock, Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAppSettings } from '@/lib/app-settings';
import { formatNumber, formatWon } from '@/lib/format';
import { getAllSlots } from '../api/export-slots';
import { useFieldConfigs } from '../api/get-field-configs';
import { slotCountKey, useSlotCount } from '../api/get-slot-count';
import { useSlots } from '../api/get-slots';
import { updateSlotStatus } from '../api/update-slot-status';
import { usePageSize } from '../hooks/use-page-size';
import { useSlotFilters } from '../hooks/use-slot-filters';
import { exportFileName, slotsToCsv } from '../utils/export-slots';
import { reconcileSelection } from '../utils/selection';
import { downloadTextFile } from '../utils/spreadsheet-safe';
import { BulkEditModal } from './bulk-edit-modal';
import { BulkInputModal } from './bulk-input-modal';
import { EditSlotModal } from './edit-slot-modal';
import { RankHistoryModal } from './rank-history-modal';
import { RegisterSlotModal } from './register-slot-modal';
import { Icon } from '@/components/ui/icon';
import { SlotCards, SlotTable } from './slot-list-views';
import { SlotSearch } from './slot-search';
import styles from './slots-page.module.css';

const VIEW_STORAGE_KEY = 'simple-slot.slots.view';
type View = 'table' | 'cards';

/** The status filter's options for users (refunded and deleted are never listed to them). */
const filterStatuses = ['empty', 'pending', 'waiting', 'active', 'paused', 'completed', 'rejected', 'expired'] as const;

type Dialog =
  | { kind: 'register' }
  | { kind: 'edit'; slot: SlotDto }
  | { kind: 'history'; slot: SlotDto }
  | { kind: 'bulk-edit' }
  | { kind: 'bulk-input' }
  | { kind: 'pause'; slot: SlotDto }
  | null;

/** /slots — 내 광고 슬롯 (advertiser §2 "My slots"). */
export function SlotsPage() {
  const { useCashSystem, defaultSlotPrice, slotOperationMode } = useAppSettings();
  const preAllocation = slotOperationMode === 'pre-allocation';
  const today = kstToday();
  const toast = useToast();
  const { filters, page, setPage, apply, reset } = useSlotFilters();
  const [pageSize, setPageSize] = usePageSize();
  const [view, setView] = useState<View>(() => (localStorage.getItem(VIEW_STORAGE_KEY) === 'cards' ? 'cards' : 'table'));
  const [selected, setSelected] = useState<ReadonlyMap<string, SlotDto>>(new Map());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyIds, setBusyIds] = useState<Set<string>>(new Set());
  const [exporting, setExporting] = useState(false);

  const configs = useFieldConfigs();
  const listFields = useMemo(() => (configs.data ? slotListFields(configs.data) : []), [configs.data]);
  const counts = useSlotCount();

  const query: SlotListQueryInput = {
    page,
    limit: pageSize,
    status: filters.status === 'all' ? undefined : (filters.status as SlotListQueryInput['status']),
    searchType: filters.searchType,
    search: filters.search || undefined,
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
    workFrom: filters.workFrom || undefined,
    workTo: filters.workTo || undefined,
    hideExpired: filters.hideExpired,
    sortBy: 'createdAt',
    sortOrder: 'desc',
  };
  const list = useSlots(query);
  const slots = list.data?.items ?? [];
  const pagination = list.data?.pagination;

  // A page past the end (the list shrank: slots deleted, a filter on another tab) shows the last one.
  const totalPages = pagination?.totalPages;
  useEffect(() => {
    if (totalPages === undefined || list.isLoading) return;
    const last = Math.max(1, totalPages);
    if (page > last) setPage(last);
  }, [totalPages, page, list.isLoading, setPage]);

  // Selected rows follow the list: fresh copies for the bulk modals, unselectable ones dropped.
  const listData = list.data;
  useEffect(() => {
    if (listData) setSelected((current) => reconcileSelection(current, listData.items, today));
  }, [listData, today]);

  // In pre-allocation mode the pending filter does not exist.
  useEffect(() => {
    if (preAllocation && filters.status === 'pending') apply({ status: 'all' });
  }, [preAllocation, filters.status, apply]);

  const changeView = (next: View) => {
    setView(next);
    localStorage.setItem(VIEW_STORAGE_KEY, next);
  };

  const changePageSize = (size: number) => {
    setPageSize(size);
    setPage(1); // page 7 of 10 rows is not page 7 of 100 rows
  };

  const refresh = () => {
    void list.mutate();
    void counts.mutate();
  };

  const toggleSelect = useCallback((slot: SlotDto) => {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(slot.id)) next.delete(slot.id);
      else next.set(slot.id, slot);
      return next;
    });
  }, []);

  const toggleAll = (checked: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      for (const slot of slots) {
        if (checked) {
          if (!isSelectableForBulk(slot, today)) continue;
          next.set(slot.id, slot);
        } else next.delete(slot.id);
      }
      return next;
    });
  };

  /**
   * Pause (a waiting or running slot) or resume (a paused one): applied at once in the list, rolled
   * back if the server refuses (failures only logged).
   */
  const changePause = async (slot: SlotDto) => {
    const nextStatus = isPausable(slot.status) ? 'paused' : 'active';
    setDialog(null);
    setBusyIds((s) => new Set(s).add(slot.id));
    const optimistic = (current?: SlotList): SlotList =>
      (current && {
        ...current,
        items: current.items.map((s) => {
          if (s.id !== slot.id) return s;
          // A resumed slot is stored by its dates (waiting before the start), as the server does.
          const status = calendarStatus({ ...s, status: nextStatus }, today);
          const displayStatus = deriveDisplayStatus({ ...s, status }, today);
          return { ...s, status, displayStatus, displayStatusLabel: displayStatusLabels[displayStatus] };
        }),
      }) as SlotList;
    try {
      await list.mutate(
        async (current) => {
          await updateSlotStatus(slot.id, { status: nextStatus });
          return optimistic(current);
        },
        { optimisticData: optimistic, rollbackOnError: true, populateCache: true, revalidate: true },
      );
      void globalMutate(slotCountKey);
    } catch (error) {
      console.error(nextStatus === 'paused' ? '슬롯 일시정지 실패' : '슬롯 재개 실패', error);
    } finally {
      setBusyIds((s) => {
        const next = new Set(s);
        next.delete(slot.id);
        return next;
      });
    }
  };

  const download = async () => {
    setExporting(true);
    try {
      const all = await getAllSlots({ ...query, page: 1 });
      downloadTextFile(exportFileName(today), slotsToCsv(all, listFields));
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, '엑셀 다운로드 중 오류가 발생했습니다.') });
    } finally {
      setExporting(false);
    }
  };

  const cards = counts.data?.cards;
  const total = cards?.total ?? pagination?.total ?? 0;
  const pausing = dialog?.kind === 'pause' && isPausable(dialog.slot.status);
  const selectedSlots = [...selected.values()];
  const offset = ((pagination?.page ?? page) - 1) * pageSize;

  const description = (
    <span className={styles.headerMeta}>
      <span>
        보유 슬롯 <strong>{formatNumber(total)}</strong>개
      </span>
      {useCashSystem && (
        <span>
          슬롯 가격 <strong>{formatWon(defaultSlotPrice)}</strong>
        </span>
      )}
    </span>
  );

  return (
    <>
      <PageHeader
        title="내 광고 슬롯"
        description={description}
        actions={
          !preAllocation && (
            <>
              <Button onClick={() => setDialog({ kind: 'register' })} disabled={!configs.data}>
                <Icon name="plus" size={16} />
                개별 등록
              </Button>
              <Link to="/slots/bulk" className={buttonClassName({ variant: 'secondary' })}>
                <Icon name="layers" size={16} />
                대량 등록
              </Link>
            </>
          )
        }
      />

      {preAllocation && (
        <div className={styles.allocation} aria-label="슬롯 할당 현황">
          <div>
            <span>할당된 슬롯</span>
            <strong>{formatNumber(counts.data?.allocated ?? 0)}개</strong>
          </div>
          <div>
            <span>사용 중</span>
            <strong>{formatNumber(counts.data?.used ?? 0)}개</strong>
          </div>
          <div>
            <span>사용 가능</span>
            <strong className={styles.available}>{formatNumber(counts.data?.available ?? 0)}개</strong>
          </div>
        </div>
      )}

      <div className={styles.statusCards} role="group" aria-label="상태별 슬롯 수">
        {statusCards.map((card: StatusCard) => {
          const value = card === 'total' ? 'all' : card;
          const activeCard = filters.status === value;
          return (
            <button
              key={card}
              type="button"
              className={`${styles.statusCard} ${styles[`card_${card}`]} ${activeCard ? styles.statusCardActive : ''}`}
              aria-pressed={activeCard}
              onClick={() => apply({ status: value })}
            >
              <span className={styles.statusLabel}>{statusCardLabels[card]}</span>
              <strong className={styles.statusValue} data-testid={`count-${card}`}>
                {cards ? formatNumber(cards[card]) : '-'}
              </strong>
            </button>
          );
        })}
      </div>

      <Card>
        <SlotSearch filters={filters} onApply={apply} onReset={reset} />
      </Card>

      <section className={styles.listCard} aria-label="슬롯 목록">
        <div className={styles.toolbar}>
          <div className={styles.toolbarLeft}>
            <span className={styles.resultCount}>
              검색 결과 <strong>{formatNumber(pagination?.total ?? 0)}</strong>개
            </span>
            <select
              className={styles.select}
              value={filters.status}
              onChange={(e) => apply({ status: e.target.value })}
              aria-label="상태 필터"
            >
              <option value="all">전체 상태</option>
              {filterStatuses
                .filter((s) => !(preAllocation && s === 'pending'))
                .map((s) => (
                  <option key={s} value={s}>
                    {displayStatusLabels[s]}
                  </option>
                ))}
            </select>
            {list.isValidating && <Spinner size="sm" label="새로고침 중" />}
          </div>
          <div className={styles.toolbarRight}>
            <select className={styles.select} value={pageSize} onChange={(e) => changePageSize(Number(e.target.value))} aria-label="페이지당 개수">
              {userPageSizes.map((n) => (
                <option key={n} value={n}>
                  {n}개씩 보기
                </option>
              ))}
            </select>
            <div className={styles.viewToggle} role="group" aria-label="보기 방식">
              <button type="button" aria-pressed={view === 'table'} onClick={() => changeView('table')} title="표로 보기" aria-label="표로 보기">
                <Icon name="table" size={16} />
              </button>
              <button type="button" aria-pressed={view === 'cards'} onClick={() => changeView('cards')} title="카드로 보기" aria-label="카드로 보기">
                <Icon name="grid" size={16} />
              </button>
            </div>
            <Button variant="secondary" size="sm" onClick={refresh} aria-label="새로고침" title="새로고침">
              <Icon name="refresh" size={16} />
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void download()} loading={exporting} loadingText="준비 중..." disabled={!list.data}>
              <Icon name="download" size={16} />
              엑셀 다운로드
            </Button>
          </div>
        </div>

        {list.error && !list.data ? (
          <div className={styles.padded}>
            <ErrorBox message={errorMessage(list.error, commonMessages.network)} />
          </div>
        ) : !list.data ? (
          <LoadingBlock />
        ) : slots.length === 0 ? (
          <EmptyState
            icon="inbox"
            title="검색결과가 없습니다."
            description={preAllocation ? '할당된 슬롯이 없거나 조건에 맞는 슬롯이 없습니다.' : '조건을 바꾸거나 새 슬롯을 등록해보세요.'}
          />
        ) : (
          (() => {
            const props = {
              slots,
              listFields,
              today,
              offset,
              selected,
              onToggleSelect: toggleSelect,
              onToggleAll: toggleAll,
              onTogglePause: (slot: SlotDto) => setDialog({ kind: 'pause', slot }),
              onEdit: (slot: SlotDto) => setDialog({ kind: 'edit', slot }),
              onRankHistory: (slot: SlotDto) => setDialog({ kind: 'history', slot }),
              busyIds,
            };
            return view === 'table' ? <SlotTable {...props} /> : <SlotCards {...props} />;
          })()
        )}

        {pagination && pagination.totalPages > 1 && (
          <div className={styles.pagination}>
            <Pagination page={pagination.page} totalPages={pagination.totalPages} onPageChange={setPage} window={10} />
          </div>
        )}
      </section>

      {selected.size > 0 && <div className={styles.barSpacer} aria-hidden="true" />}
      {selected.size > 0 && (
        <div className={styles.selectionBar} role="region" aria-label="선택한 슬롯 작업">
          <span className={styles.selectionCount}>
            <strong>{selected.size}</strong>개 선택됨
          </span>
          {selected.size > MAX_BULK_EDIT && <span className={styles.selectionWarn}>{slotMessages.tooManySelected(MAX_BULK_EDIT)}</span>}
          <Button size="sm" onClick={() => setDialog({ kind: 'bulk-input' })} disabled={selected.size > MAX_BULK_EDIT || !configs.data}>
            다중 슬롯 입력
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'bulk-edit' })} disabled={selected.size > MAX_BULK_EDIT}>
            일괄 정보 변경
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())} className={styles.selectionClear}>
            선택 해제
          </Button>
        </div>
      )}

      {configs.data && (
        <RegisterSlotModal open={dialog?.kind === 'register'} onClose={() => setDialog(null)} configs={configs.data} />
      )}
      {dialog?.kind === 'edit' && configs.data && <EditSlotModal slot={dialog.slot} configs={configs.data} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'history' && <RankHistoryModal slot={dialog.slot} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'bulk-edit' && (
        <BulkEditModal
          slots={selectedSlots}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            setSelected(new Map());
          }}
        />
      )}
      {dialog?.kind === 'bulk-input' && configs.data && (
        <BulkInputModal
          slots={selectedSlots}
          configs={configs.data}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            setSelected(new Map());
          }}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'pause'}
        title={pausing ? '슬롯 일시정지' : '슬롯 재개'}
        message={pausing ? '이 슬롯을 일시정지하시겠습니까? 일시정지해도 만료일은 변경되지 않습니다.' : '일시정지된 슬롯을 다시 진행하시겠습니까?'}
        confirmLabel={pausing ? '일시정지' : '재개'}
        onConfirm={() => dialog?.kind === 'pause' && void changePause(dialog.slot)}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}
