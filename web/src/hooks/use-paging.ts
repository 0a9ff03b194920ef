import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '#shared/page-sizes';

/**
 * A paged list's page and page size, and the props its `ListPager` takes, so each list does not wire the same
 * six props again. `andFirstPage(set)` wraps a filter's setter: a changed filter starts again at page 1 (page 7
 * of the old results is not page 7 of the new ones).
 */
export function usePaging(sizes: readonly number[], initialLimit: number = DEFAULT_PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(initialLimit);
  const pagerProps = (totalPages: number) => ({
    page,
    totalPages,
    limit,
    sizes,
    onPageChange: setPage,
    onLimitChange: setLimit,
  });
  const andFirstPage =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return { page, limit, setPage, setLimit, pagerProps, andFirstPage };
}
