import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '#shared/page-sizes';

/**
 * A paged list's page and page size (10 at first), and the props its `ListPager` takes, so each list does not
 * wire the same six props again.
 */
export function usePaging(sizes: readonly number[]) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const pagerProps = (totalPages: number) => ({
    page,
    totalPages,
    limit,
    sizes,
    onPageChange: setPage,
    onLimitChange: setLimit,
  });
  return { page, limit, setPage, pagerProps };
}
