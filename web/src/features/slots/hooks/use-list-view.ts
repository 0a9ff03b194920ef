import { useState } from 'react';

const VIEW_STORAGE_KEY = 'simple-slot.slots.view';
export type ListView = 'table' | 'cards';

/** Table or cards, remembered across visits. */
export function useListView(): [ListView, (view: ListView) => void] {
  const [view, setView] = useState<ListView>(() =>
    localStorage.getItem(VIEW_STORAGE_KEY) === 'cards' ? 'cards' : 'table',
  );
  const change = (next: ListView) => {
    setView(next);
    localStorage.setItem(VIEW_STORAGE_KEY, next);
  };
  return [view, change];
}
