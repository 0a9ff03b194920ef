import { Icon } from './icon';
import styles from './pagination.module.css';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page buttons to show: every page while they fit `buttons`; past that, always `buttons` numbers:
 * the first page, the last page and the current page's neighbours between them, with an ellipsis for
 * each run of pages left out. A person sees where the list starts and ends from any page.
 */
export function pageItems(page: number, totalPages: number, buttons: number): PageItem[] {
  if (totalPages <= 0) return [];
  if (totalPages <= buttons) return Array.from({ length: totalPages }, (_, i) => i + 1);
  // The first and last pages take two of the buttons; the rest follow the current page.
  const middle = Math.max(1, buttons - 2);
  const current = Math.min(Math.max(page, 1), totalPages);
  let start = Math.max(2, current - Math.floor((middle - 1) / 2));
  const end = Math.min(totalPages - 1, start + middle - 1);
  start = Math.max(2, end - middle + 1);
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < totalPages - 1) items.push('ellipsis-end');
  items.push(totalPages);
  return items;
}

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** How many numbered buttons, first and last page included (5; the user's slot list shows 10). */
  buttons?: number;
}

export function Pagination({ page, totalPages, onPageChange, buttons = 5 }: PaginationProps) {
  if (totalPages <= 1) return null;
  const go = (target: number) => {
    const next = Math.min(Math.max(1, target), totalPages);
    if (next !== page) onPageChange(next);
  };
  return (
    <nav className={styles.pagination} aria-label="페이지 이동">
      <button type="button" className={styles.page} onClick={() => go(1)} disabled={page <= 1} aria-label="첫 페이지">
        <Icon name="chevrons-left" size={16} />
      </button>
      <button
        type="button"
        className={styles.page}
        onClick={() => go(page - 1)}
        disabled={page <= 1}
        aria-label="이전 페이지"
      >
        <Icon name="chevron-left" size={16} />
      </button>
      {pageItems(page, totalPages, buttons).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            className={styles.page}
            onClick={() => go(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`${item} 페이지`}
          >
            {item}
          </button>
        ) : (
          <span key={item} className={styles.ellipsis} aria-hidden="true">
            …
          </span>
        ),
      )}
      <button
        type="button"
        className={styles.page}
        onClick={() => go(page + 1)}
        disabled={page >= totalPages}
        aria-label="다음 페이지"
      >
        <Icon name="chevron-right" size={16} />
      </button>
      <button
        type="button"
        className={styles.page}
        onClick={() => go(totalPages)}
        disabled={page >= totalPages}
        aria-label="마지막 페이지"
      >
        <Icon name="chevrons-right" size={16} />
      </button>
    </nav>
  );
}

interface PageSizeSelectProps {
  value: number;
  /** `adminPageSizes` or `userPageSizes` from shared/page-sizes.ts. */
  sizes: readonly number[];
  onChange: (size: number) => void;
}

/** How many rows a list shows per page. */
export function PageSizeSelect({ value, sizes, onChange }: PageSizeSelectProps) {
  return (
    <select
      className={styles.sizeSelect}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      aria-label="페이지당 개수"
    >
      {sizes.map((size) => (
        <option key={size} value={size}>
          {size}개씩 보기
        </option>
      ))}
    </select>
  );
}

/** A list's footer: page size and page buttons. A new size starts again at page 1 (page 7 of 10 rows is not page 7 of 100). */
export function ListPager({
  page,
  totalPages,
  limit,
  sizes,
  onPageChange,
  onLimitChange,
}: {
  page: number;
  totalPages: number;
  limit: number;
  sizes: readonly number[];
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
}) {
  return (
    <div className={styles.listPager}>
      <PageSizeSelect
        value={limit}
        sizes={sizes}
        onChange={(size) => {
          onLimitChange(size);
          onPageChange(1);
        }}
      />
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </div>
  );
}
