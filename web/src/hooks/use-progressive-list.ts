import { startTransition, useEffect, useState } from 'react';

/** About a screenful of rows on a desktop table, and more than a phone shows of cards. */
const FIRST_ROWS = 12;

/**
 * A long list's rows, the first screenful at once and the rest right after in a transition: React
 * renders a transition in slices between which the browser may paint and answer input, where 100
 * rows at once held a phone's main thread for about a second. The count only grows (a list that
 * refreshes under someone scrolled to row 80 never shrinks under them); a new page of 100 renders
 * whole, like any other change the person asked for.
 */
export function useProgressiveList<T>(items: readonly T[], first = FIRST_ROWS): readonly T[] {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown < items.length) startTransition(() => setShown(items.length));
  }, [items.length, shown]);
  return shown >= items.length ? items : items.slice(0, shown);
}
