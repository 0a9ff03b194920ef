import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, isPageSize } from '#shared/page-sizes';

/** Local storage keys of the remembered page sizes: kept in this browser, one per list. */
export const PAGE_SIZE_STORAGE_KEYS = {
  slots: 'simple-slot.slots.pageSize',
  adminSlots: 'simple-slot.admin-slots.pageSize',
} as const;

function readStored<T extends number>(storageKey: string, sizes: readonly T[], fallback: T): T {
  try {
    const n = Number(localStorage.getItem(storageKey));
    return isPageSize(sizes, n) ? n : fallback;
  } catch {
    return fallback;
  }
}

/** One of `sizes` (default 10), remembered across visits under `storageKey`; other values are ignored. */
export function usePageSize<T extends number>(storageKey: string, sizes: readonly T[]): [T, (size: number) => void] {
  const fallback = isPageSize(sizes, DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : sizes[0];
  const [size, setSize] = useState<T>(() => readStored(storageKey, sizes, fallback));
  const change = useCallback(
    (next: number) => {
      if (!isPageSize(sizes, next)) return;
      setSize(next);
      try {
        localStorage.setItem(storageKey, String(next));
      } catch {
        // Private mode: the choice lasts for this visit only.
      }
    },
    [storageKey, sizes],
  );
  return [size, change];
}
