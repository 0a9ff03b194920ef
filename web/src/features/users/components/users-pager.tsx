import { Button } from '@/components/ui/button';
import styles from './users.module.css';

/** Previous / next with 'page / total'. */
export function UsersPager({
  page,
  totalPages,
  onPageChange,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  const total = Math.max(1, totalPages);
  return (
    <nav className={styles.pager} aria-label="사용자 목록 페이지">
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        이전
      </Button>
      <span aria-live="polite">
        {page} / {total}
      </span>
      <Button size="sm" variant="secondary" disabled={page >= total} onClick={() => onPageChange(page + 1)}>
        다음
      </Button>
    </nav>
  );
}
