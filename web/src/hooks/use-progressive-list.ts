import { startTransition, useEffect, useState } from 'react';

/** About a screenful of table rows on a desktop. */
const SCREENFUL = 12;

/**
 * A long list's rows, the first screenful at once and the rest right after, `step` rows per
 * transition. React renders a transition in slices between which the browser may paint and answer
 * input, but adds its rows to the page in one go: 88 rows at once held a phone's main thread for a
 * quarter of a second, a few at a time never long enough to delay a tap. The count only grows (a
 * list that refreshes under someone scrolled to row 80 never shrinks under them); a new page of 100
 * renders whole, like any other change the person asked for.
 */
export function useProgressiveList<T>(items: readonly T[], first = SCREENFUL, step = first): readonly T[] {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown < items.length) startTransition(() => setShown(Math.min(items.length, shown + step)));
  }, [items.length, shown, step]);
  return shown >= items.length ? items : items.slice(0, shown);
}
