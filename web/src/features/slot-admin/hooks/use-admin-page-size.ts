import { useCallback, useState } from 'react';
import { adminPageSizes, DEFAULT_PAGE_SIZE, isPageSize, type AdminPageSize } from '#shared/page-sizes';

/** Local storage key of the operator slot list's page size (spec §9: persisted locally). */
export const ADMIN_PAGE_SIZE_STORAGE_KEY = 'simple-slot.admin-slots.pageSize';

function readStored(): AdminPageSize {
  try {
    const n = Number(localStorage.getItem(ADMIN_PAGE_SIZE_STORAGE_KEY));
    return isPageSize(adminPageSizes, n) ? n : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

/** 10/30/50/100/200, default 10, remembered across visits. */
export function useAdminPageSize(): [AdminPageSize, (size: number) => void] {
  const [size, setSize] = useState<AdminPageSize>(readStored);
  const change = useCallback((next: number) => {
    if (!isPageSize(adminPageSizes, next)) return;
    setSize(next);
    try {
      localStorage.setItem(ADMIN_PAGE_SIZE_STORAGE_KEY, String(next));
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
  }, []);
  return [size, change];
}
