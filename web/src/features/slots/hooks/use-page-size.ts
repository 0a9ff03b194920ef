import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, isPageSize as isOneOf, userPageSizes, type UserPageSize } from '#shared/page-sizes';

/** Local storage key of the slot list page size (spec §3: "slot page size" is kept locally). */
export const PAGE_SIZE_STORAGE_KEY = 'simple-slot.slots.pageSize';

export type PageSize = UserPageSize;

const isPageSize = (n: number): n is PageSize => isOneOf(userPageSizes, n);

function readStored(): PageSize {
  try {
    const n = Number(localStorage.getItem(PAGE_SIZE_STORAGE_KEY));
    return isPageSize(n) ? n : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

/** 10/30/50/100, default 10, remembered across visits. */
export function usePageSize(): [PageSize, (size: number) => void] {
  const [size, setSize] = useState<PageSize>(readStored);
  const change = useCallback((next: number) => {
    if (!isPageSize(next)) return;
    setSize(next);
    try {
      localStorage.setItem(PAGE_SIZE_STORAGE_KEY, String(next));
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
  }, []);
  return [size, change];
}
