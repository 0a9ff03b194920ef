import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SlotListQueryInput } from '#shared/schemas/slots';
import { adminPageSizes } from '#shared/page-sizes';
import type { DisplayStatus } from '#shared/slot-status';
import { tabQuery, type AdminSlotTab } from '../utils/admin-slot-tabs';
import { PAGE_SIZE_STORAGE_KEYS, usePageSize } from '@/hooks/use-page-size';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 500;

/**
 * The advanced search panel's fields, all applied at once. Every field may be
 * left blank: the server searches every slot (an index of every slot's searchable fields), so no
 * period has to be filled in.
 */
export interface AdvancedSearch {
  keyword: string;
  url: string;
  productName: string;
  user: string;
  slotNumber: string;
  dateFrom: string;
  dateTo: string;
  status: DisplayStatus | '';
}
export const emptyAdvanced = (): AdvancedSearch => ({
  keyword: '',
  url: '',
  productName: '',
  user: '',
  slotNumber: '',
  dateFrom: '',
  dateTo: '',
  status: '',
});

/**
 * The query fields of an advanced search as sent: blanks left out, the slot number as typed (a leading
 * '#' dropped) so the list query's schema judges it exactly as the server will.
 */
export function advancedQuery(advanced: AdvancedSearch): Partial<SlotListQueryInput> {
  const text = (v: string) => v.trim() || undefined;
  return {
    ...(advanced.status ? { status: advanced.status, userStatus: undefined } : {}),
    keyword: text(advanced.keyword),
    url: text(advanced.url),
    productName: text(advanced.productName),
    user: text(advanced.user),
    slotNumber: text(advanced.slotNumber.trim().replace(/^#/, '')),
    dateFrom: advanced.dateFrom || undefined,
    dateTo: advanced.dateTo || undefined,
  };
}

export type AdminSortField = 'createdAt' | 'slot_number' | 'startDate' | 'endDate' | 'rank' | 'status';

/** The URL query naming the one user the console is filtered to (`/admin/slots?userId=`). */
const USER_FILTER_PARAM = 'userId';

/**
 * Filters of /admin/slots: one user (from the URL, so a link opens it and a reload keeps it), status
 * tab, the debounced simple search OR the applied advanced search (one disables the other), page,
 * page size (persisted) and sort. Any filter change goes back to page 1.
 */
export function useAdminSlotFilters() {
  const [params, setParams] = useSearchParams();
  const userId = params.get(USER_FILTER_PARAM)?.trim() || undefined;
  const [lastUserId, setLastUserId] = useState(userId);
  const [tab, setTabState] = useState<AdminSlotTab>('all');
  const [text, setTextState] = useState('');
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [advanced, setAdvanced] = useState<AdvancedSearch | null>(null);
  const [page, setPage] = useState(1);
  const [limit, setLimitState] = usePageSize(PAGE_SIZE_STORAGE_KEYS.adminSlots, adminPageSizes);
  const [sortBy, setSortBy] = useState<AdminSortField>('createdAt');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('desc');
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [lastDebounced, setLastDebounced] = useState(debounced);
  if (lastDebounced !== debounced) {
    // A new search starts at page 1 (adjusting state during render, not in an effect).
    setLastDebounced(debounced);
    setPage(1);
  }
  if (lastUserId !== userId) {
    setLastUserId(userId);
    setPage(1);
  }

  const query = useMemo<SlotListQueryInput>(() => {
    // The user's own slots: the server reads that user's index partition, never every slot.
    const base: SlotListQueryInput = { page, limit, sortBy, sortOrder, ...tabQuery(tab), userId };
    if (advanced) return { ...base, ...advancedQuery(advanced) };
    return { ...base, searchType: 'all', search: debounced || undefined };
  }, [page, limit, sortBy, sortOrder, tab, advanced, debounced, userId]);

  return {
    query,
    userId,
    clearUser: () =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.delete(USER_FILTER_PARAM);
        return next;
      }),
    tab,
    setTab: (next: AdminSlotTab) => {
      setTabState(next);
      setPage(1);
    },
    text,
    setText: setTextState,
    advancedOpen,
    toggleAdvanced: () => {
      // Opening the panel clears the simple search; closing it drops the advanced one.
      if (advancedOpen) setAdvanced(null);
      else setTextState('');
      setAdvancedOpen(!advancedOpen);
      setPage(1);
    },
    advanced,
    applyAdvanced: (next: AdvancedSearch | null) => {
      setAdvanced(next);
      setPage(1);
    },
    page,
    setPage,
    limit,
    setLimit: (size: number) => {
      setLimitState(size);
      setPage(1);
    },
    sortBy,
    sortOrder,
    sort: (field: AdminSortField) => {
      if (field === sortBy) setSortOrder(sortOrder === 'asc' ? 'desc' : 'asc');
      else {
        setSortBy(field);
        setSortOrder('desc');
      }
      setPage(1);
    },
  };
}

export type AdminSlotFilters = ReturnType<typeof useAdminSlotFilters>;
