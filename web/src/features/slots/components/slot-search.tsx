import { useId, useState } from 'react';
import type { SlotSearchType } from '#shared/schemas/slots';
import { Button } from '@/components/ui/button';
import { defaultSlotFilters, type SlotFilters } from '../hooks/use-slot-filters';
import { matchingPreset, periodPresets, periodRange } from '../utils/period';
import { Icon } from '@/components/ui/icon';
import filterStyles from '@/components/ui/filter-control.module.css';
import styles from './slot-search.module.css';

const searchTypes: { value: SlotSearchType; label: string }[] = [
  { value: 'all', label: '전체' },
  { value: 'keyword', label: '키워드' },
  { value: 'url', label: 'URL' },
  { value: 'productName', label: '상품명' },
];

/** The search box and the advanced search (period quick picks, search type, work period, hide expired). */
export function SlotSearch({
  filters,
  onApply,
  onReset,
}: {
  filters: SlotFilters;
  onApply: (f: Partial<SlotFilters>) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState(filters);
  // Applied filters that change from outside (a reset, the address) replace the draft.
  const [applied, setApplied] = useState(filters);
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }
  const [open, setOpen] = useState(false);
  const id = useId();
  const set = <K extends keyof SlotFilters>(key: K, value: SlotFilters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const active = matchingPreset(draft.dateFrom, draft.dateTo);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, search: draft.search.trim() });
  };

  return (
    <form className={styles.search} onSubmit={submit} role="search" aria-label="슬롯 검색">
      <div className={styles.main}>
        <div className={styles.box}>
          <Icon name="search" size={18} className={styles.boxIcon} />
          <input
            className={styles.boxInput}
            type="search"
            value={draft.search}
            onChange={(e) => set('search', e.target.value)}
            placeholder="키워드 또는 URL로 검색"
            aria-label="검색어"
          />
        </div>
        <Button type="submit">검색</Button>
        <Button
          variant="secondary"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={`${id}-advanced`}
        >
          <Icon name="filter" size={16} />
          상세 검색
        </Button>
      </div>
      {open && (
        <div className={styles.advanced} id={`${id}-advanced`}>
          <div className={styles.row}>
            <span className={styles.rowLabel}>등록 기간</span>
            <div className={styles.presets} role="group" aria-label="기간 빠른 선택">
              {periodPresets.map((p) => (
                <button
                  key={p.id}
                  type="button"
                  className={styles.preset}
                  aria-pressed={active === p.id}
                  onClick={() => {
                    const r = periodRange(p.id);
                    setDraft((d) => ({ ...d, dateFrom: r.from, dateTo: r.to }));
                  }}
                >
                  {p.label}
                </button>
              ))}
            </div>
            <input
              className={`${filterStyles.control} ${styles.date}`}
              type="date"
              value={draft.dateFrom}
              onChange={(e) => set('dateFrom', e.target.value)}
              aria-label="등록 시작일"
            />
            <span className={styles.tilde}>~</span>
            <input
              className={`${filterStyles.control} ${styles.date}`}
              type="date"
              value={draft.dateTo}
              onChange={(e) => set('dateTo', e.target.value)}
              aria-label="등록 종료일"
            />
          </div>
          <div className={styles.row}>
            <label className={styles.rowLabel} htmlFor={`${id}-type`}>
              검색 조건
            </label>
            <select
              id={`${id}-type`}
              className={`${filterStyles.control} ${styles.select}`}
              value={draft.searchType}
              onChange={(e) => set('searchType', e.target.value as SlotSearchType)}
            >
              {searchTypes.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
            <input
              className={`${filterStyles.control} ${styles.text}`}
              value={draft.search}
              onChange={(e) => set('search', e.target.value)}
              placeholder="검색어"
              aria-label="상세 검색어"
            />
          </div>
          <div className={styles.row}>
            <span className={styles.rowLabel}>작업 기간</span>
            <input
              className={`${filterStyles.control} ${styles.date}`}
              type="date"
              value={draft.workFrom}
              onChange={(e) => set('workFrom', e.target.value)}
              aria-label="작업 시작일"
            />
            <span className={styles.tilde}>~</span>
            <input
              className={`${filterStyles.control} ${styles.date}`}
              type="date"
              value={draft.workTo}
              onChange={(e) => set('workTo', e.target.value)}
              aria-label="작업 종료일"
            />
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={draft.hideExpired}
                onChange={(e) => set('hideExpired', e.target.checked)}
              />
              만료된 슬롯 숨기기
            </label>
          </div>
          <div className={styles.actions}>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(defaultSlotFilters());
                onReset();
              }}
            >
              초기화
            </Button>
            <Button type="submit">검색</Button>
          </div>
        </div>
      )}
    </form>
  );
}
