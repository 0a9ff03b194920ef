import { useCallback, useState } from 'react';

/** Closing a banner item is remembered per session (sessionStorage) per announcement. */
export const CLOSED_BANNERS_KEY = 'simple-slot.closed-announcement-banners';

function readClosed(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(CLOSED_BANNERS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function useClosedBanners() {
  const [closed, setClosed] = useState<string[]>(readClosed);
  const close = useCallback((id: string) => {
    setClosed((prev) => {
      const next = prev.includes(id) ? prev : [...prev, id];
      try {
        sessionStorage.setItem(CLOSED_BANNERS_KEY, JSON.stringify(next));
      } catch {
        /* storage full or blocked: closed for this page view only */
      }
      return next;
    });
  }, []);
  return { closed, close };
}
