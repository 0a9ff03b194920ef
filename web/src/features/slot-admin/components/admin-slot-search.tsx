import { useState } from 'react';
import { slotListQuerySchema } from '#shared/schemas/slots';
import { displayStatusLabels, displayStatuses } from '#shared/slot-status';
import { Button } from '@/components/ui/button';
import {
  advancedQuery,
  emptyAdvanced,
  type AdminSlotFilters,
  type AdvancedSearch,
} from '../hooks/use-admin-slot-filters';
import filterStyles from '@/components/ui/filter-control.module.css';
import styles from './admin-slots.module.css';

const textFields: Array<{ key: 'keyword' | 'url' | 'productName' | 'user' | 'slotNumber'; label: string }> = [
  { key: 'keyword', label: '키워드' },
  { key: 'url', label: 'URL' },
  { key: 'productName', label: '상품명' },
  { key: 'user', label: '사용자 ID' },
  { key: 'slotNumber', label: '슬롯 번호' },
];

/** The advanced search panel: keyword, URL, product name, user, slot number, registration period and status, all at once. */
function AdvancedPanel({
  initial,
  onApply,
}: {
  initial: AdvancedSearch | null;
  onApply: (search: AdvancedSearch | null) => void;
}) {
  const [form, setForm] = useState<AdvancedSearch>(initial ?? emptyAdvanced());
  // The list query's own schema judges the fields before anything is sent (a slot number that is not a number never leaves).
  const [errors, setErrors] = useState<Partial<Record<keyof AdvancedSearch, string>>>({});
  const set = <K extends keyof AdvancedSearch>(key: K, value: AdvancedSearch[K]) => {
    setForm({ ...form, [key]: value });
    setErrors({ ...errors, [key]: undefined });
  };
  return (
    <form
      className={styles.panel}
      aria-label="상세 검색"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = slotListQuerySchema.safeParse(advancedQuery(form));
        if (!parsed.success) {
          setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
          return;
        }
        setErrors({});
        onApply(form);
      }}
    >
      {textFields.map(({ key, label }) => (
        <div key={key} className={styles.field}>
          <label className={styles.field}>
            {label}
            <input
              className={`${filterStyles.control} ${styles.search}`}
              inputMode={key === 'slotNumber' ? 'numeric' : undefined}
              value={form[key]}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={errors[key] ? `advanced-${key}-error` : undefined}
              onChange={(e) => set(key, e.target.value)}
            />
          </label>
          {errors[key] && (
            <span id={`advanced-${key}-error`} className={styles.fieldError} role="alert">
              {errors[key]}
            </span>
          )}
        </div>
      ))}
      <label className={styles.field}>
        등록일 시작
        <input
          className={filterStyles.control}
          type="date"
          value={form.dateFrom}
          onChange={(e) => set('dateFrom', e.target.value)}
        />
      </label>
      <label className={styles.field}>
        등록일 종료
        <input
          className={filterStyles.control}
          type="date"
          value={form.dateTo}
          onChange={(e) => set('dateTo', e.target.value)}
        />
      </label>
      <label className={styles.field}>
        상태
        <select
          className={filterStyles.control}
          value={form.status}
          onChange={(e) => set('status', e.target.value as AdvancedSearch['status'])}
        >
          <option value="">전체</option>
          {displayStatuses.map((s) => (
            <option key={s} value={s}>
              {displayStatusLabels[s]}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.panelActions}>
        <Button type="submit" size="sm">
          검색
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          onClick={() => {
            setForm(emptyAdvanced());
            setErrors({});
            onApply(null);
          }}
        >
          초기화
        </Button>
      </div>
    </form>
  );
}

/** Debounced simple search and the advanced panel; each disables the other, so the list answers one of them. */
export function AdminSlotSearch({ filters }: { filters: AdminSlotFilters }) {
  return (
    <>
      <input
        className={`${filterStyles.control} ${styles.search}`}
        type="search"
        placeholder="키워드, URL, 상품명 검색"
        aria-label="슬롯 검색"
        value={filters.text}
        onChange={(e) => filters.setText(e.target.value)}
        disabled={filters.advancedOpen}
      />
      <Button
        size="sm"
        variant={filters.advancedOpen ? 'primary' : 'secondary'}
        onClick={filters.toggleAdvanced}
        disabled={!filters.advancedOpen && filters.text.trim() !== ''}
        aria-expanded={filters.advancedOpen}
      >
        상세 검색
      </Button>
    </>
  );
}

export function AdminSlotAdvancedSearch({ filters }: { filters: AdminSlotFilters }) {
  if (!filters.advancedOpen) return null;
  return <AdvancedPanel initial={filters.advanced} onApply={filters.applyAdvanced} />;
}
