import { useCallback, useSyncExternalStore } from 'react';

/** Where the sidebar folds away (the classic layout): below it wide tables get their phone form. */
export const NARROW_SCREEN_QUERY = '(max-width: 960px)';

/** Whether the window matches `query` now, following it as the window turns or resizes (false without matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false);
  return useSyncExternalStore(subscribe, matches, () => false);
}
