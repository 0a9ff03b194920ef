import { useCallback, useState } from 'react';
import type { SlotSearchType } from '#shared/schemas/slots';
import { DEFAULT_PERIOD, periodRange } from '../utils/period';

/** The search of My slots; the registration period defaults to the last 3 months. */
export interface SlotFilters {
  searchType: SlotSearchType;
  search: string;
  dateFrom: string;
  dateTo: string;
  workFrom: string;
  workTo: string;
  hideExpired: boolean;
  status: string;
}

export function defaultSlotFilters(): SlotFilters {
  const { from, to } = periodRange(DEFAULT_PERIOD);
  return {
    searchType: 'all',
    search: '',
    dateFrom: from,
    dateTo: to,
    workFrom: '',
    workTo: '',
    hideExpired: false,
    status: 'all',
  };
}

/** Applied filters and the page; any filter change goes back to page 1. */
export function useSlotFilters() {
  const [filters, setFilters] = useState<SlotFilters>(defaultSlotFilters);
  const [page, setPage] = useState(1);
  const apply = useCallback((next: Partial<SlotFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  }, []);
  const reset = useCallback(() => {
    setFilters(defaultSlotFilters());
    setPage(1);
  }, []);
  return { filters, page, setPage, apply, reset };
}
