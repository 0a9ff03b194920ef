import { Pagination } from '@/components/ui/pagination';
import styles from './cash.module.css';

/** Page sizes (design §8: user lists 10/30/50/100, admin lists add 200). */
function PageSizeSelect({ value, onChange, sizes }: { value: number; onChange: (size: number) => void; sizes: readonly number[] }) {
  return (
    <label className={styles.muted}>
      표시 개수{' '}
      <select className={styles.select} value={value} onChange={(e) => onChange(Number(e.target.value))} aria-label="페이지당 표시 개수">
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s}개
          </option>
        ))}
      </select>
    </label>
  );
}

/** The footer of every cash list: page size and page buttons; a new size starts again at page 1. */
export function ListPager(props: {
  page: number;
  totalPages: number;
  limit: number;
  sizes: readonly number[];
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
}) {
  return (
    <div className={styles.toolbar}>
      <PageSizeSelect
        value={props.limit}
        sizes={props.sizes}
        onChange={(size) => {
          props.onLimitChange(size);
          props.onPageChange(1);
        }}
      />
      <Pagination page={props.page} totalPages={props.totalPages} onPageChange={props.onPageChange} />
    </div>
  );
}
