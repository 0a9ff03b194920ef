import { userPageSizes } from '#shared/page-sizes';
import { displayStatusLabels } from '#shared/slot-status';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageSizeSelect } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import type { ListView } from '@/features/slots/hooks/use-list-view';
import filterStyles from '@/components/ui/filter-control.module.css';
import styles from './slots-page.module.css';

/** The status filter's options for users (refunded and deleted are never listed to them). */
/** The two ways to show the list, as toggle buttons. */
const viewChoices = [
  { view: 'table', label: '표로 보기', icon: 'table' },
  { view: 'cards', label: '카드로 보기', icon: 'grid' },
] as const;

const filterStatuses = ['empty', 'pending', 'waiting', 'active', 'paused', 'completed', 'rejected', 'expired'] as const;

interface SlotListToolbarProps {
  total: number;
  status: string;
  onStatusChange: (status: string) => void;
  /** Pre-allocation mode has no pending filter. */
  preAllocation: boolean;
  validating: boolean;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  view: ListView;
  onViewChange: (view: ListView) => void;
  onRefresh: () => void;
  onDownload: () => void;
  exporting: boolean;
  canDownload: boolean;
}

/** Above the slot list: result count, status filter, page size, view, refresh and CSV download. */
export function SlotListToolbar(props: SlotListToolbarProps) {
  const { view, onViewChange } = props;
  return (
    <div className={styles.toolbar}>
      <div className={styles.toolbarLeft}>
        <span className={styles.resultCount}>
          검색 결과 <strong>{formatNumber(props.total)}</strong>개
        </span>
        <select
          className={`${filterStyles.control} ${styles.select}`}
          value={props.status}
          onChange={(e) => props.onStatusChange(e.target.value)}
          aria-label="상태 필터"
        >
          <option value="all">전체 상태</option>
          {filterStatuses
            .filter((s) => !(props.preAllocation && s === 'pending'))
            .map((s) => (
              <option key={s} value={s}>
                {displayStatusLabels[s]}
              </option>
            ))}
        </select>
        {props.validating && <Spinner size="sm" label="새로고침 중" />}
      </div>
      <div className={styles.toolbarRight}>
        <PageSizeSelect value={props.pageSize} sizes={userPageSizes} onChange={props.onPageSizeChange} />
        <div className={styles.viewToggle} role="group" aria-label="보기 방식">
          {viewChoices.map((choice) => (
            <button
              key={choice.view}
              type="button"
              aria-pressed={view === choice.view}
              onClick={() => onViewChange(choice.view)}
              title={choice.label}
              aria-label={choice.label}
            >
              <Icon name={choice.icon} size={16} />
            </button>
          ))}
        </div>
        <Button variant="secondary" size="sm" onClick={props.onRefresh} aria-label="새로고침" title="새로고침">
          <Icon name="refresh" size={16} />
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={props.onDownload}
          loading={props.exporting}
          loadingText="준비 중..."
          disabled={!props.canDownload}
        >
          <Icon name="download" size={16} />
          엑셀 다운로드
        </Button>
      </div>
    </div>
  );
}
