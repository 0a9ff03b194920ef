import { useState, useSyncExternalStore } from 'react';

const VIEW_STORAGE_KEY = 'simple-slot.slots.view';
export type ListView = 'table' | 'cards';

/** Where the sidebar folds away (classic-layout.module.css): below it the table needs sideways scrolling. */
export const CARDS_BY_DEFAULT_QUERY = '(max-width: 960px)';

const narrowQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(CARDS_BY_DEFAULT_QUERY) : null);

function subscribe(onChange: () => void) {
  const query = narrowQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isNarrow = () => narrowQuery()?.matches ?? false;

function storedView(): ListView | null {
  const stored = localStorage.getItem(VIEW_STORAGE_KEY);
  return stored === 'cards' || stored === 'table' ? stored : null;
}

/**
 * Table or cards. The user's choice is remembered across visits; without one, narrow screens get
 * the cards (they fit a phone) and wider ones the table, following the window as it turns.
 */
export function useListView(): [ListView, (view: ListView) => void] {
  const [chosen, setChosen] = useState<ListView | null>(storedView);
  const narrow = useSyncExternalStore(subscribe, isNarrow, () => false);
  const change = (next: ListView) => {
    setChosen(next);
    localStorage.setItem(VIEW_STORAGE_KEY, next);
  };
  return [chosen ?? (narrow ? 'cards' : 'table'), change];
}
