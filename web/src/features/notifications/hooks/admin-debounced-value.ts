import { useEffect, useState } from 'react';

/** The search box's 500 ms debounce (operator console §9). */
export const RECIPIENT_SEARCH_DEBOUNCE_MS = 500;

/** The value once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
