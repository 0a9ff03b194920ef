import type { FieldConfig } from '#shared/field-configs';
import type { SlotOperationMode } from '#shared/slot-refund';
import type { AdminSortField } from '../hooks/use-admin-slot-filters';
import type { AdminSlot } from '../utils/admin-slot-actions';
import { AdminSlotRow } from './admin-slot-row';
import type { AdminSlotModal } from './admin-slot-row-actions';
import tableStyles from '@/components/ui/data-table.module.css';
import { useProgressiveList } from '@/hooks/use-progressive-list';
import styles from './admin-slots.module.css';

interface Props {
  slots: AdminSlot[];
  listFields: FieldConfig[];
  mode: SlotOperationMode;
  today: string;
  sortBy: AdminSortField;
  sortOrder: 'asc' | 'desc';
  onSort: (field: AdminSortField) => void;
  onOpen: (slot: AdminSlot, modal: AdminSlotModal) => void;
}

function SortHeader({
  field,
  label,
  sortBy,
  sortOrder,
  onSort,
}: { field: AdminSortField; label: string } & Pick<Props, 'sortBy' | 'sortOrder' | 'onSort'>) {
  const active = sortBy === field;
  return (
    <th aria-sort={active ? (sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(field)}>
        {label}
        {active ? (sortOrder === 'asc' ? ' ▲' : ' ▼') : ''}
      </button>
    </th>
  );
}

/** The operator slot table and its columns. */
export function AdminSlotsTable({ slots, listFields, mode, today, sortBy, sortOrder, onSort, onOpen }: Props) {
  const sort = { sortBy, sortOrder, onSort };
  const rows = useProgressiveList(slots);
  return (
    <div className={tableStyles.tableWrap}>
      <table className={`${tableStyles.table} ${styles.table}`}>
        <thead>
          <tr>
            <SortHeader field="createdAt" label="요청시간" {...sort} />
            <th>광고주</th>
            <th>썸네일</th>
            {listFields.map((f) => (
              <th key={f.field_key}>{f.label}</th>
            ))}
            <SortHeader field="rank" label="순위" {...sort} />
            <th>상품 ID</th>
            <SortHeader field="startDate" label="시작일" {...sort} />
            <SortHeader field="endDate" label="종료일" {...sort} />
            <SortHeader field="status" label="상태" {...sort} />
            <th className={tableStyles.actionsCol}>관리</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((slot) => (
            <AdminSlotRow key={slot.id} slot={slot} listFields={listFields} mode={mode} today={today} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
