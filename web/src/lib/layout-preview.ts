import { useSyncExternalStore } from 'react';
import type { Settings } from '#shared/settings';

/**
 * The layout options a developer is trying on the settings page before saving.
 * The theme tab writes its draft here and the signed-in frame reads it over the saved settings, so
 * the preview is the real shell at its real size; it lives in this tab only and ends when the draft
 * is saved, reset or the page is left.
 */
export type LayoutOptionSettings = Pick<Settings, 'layoutSidebarWidth' | 'layoutContentWidth' | 'layoutPadding'>;

let preview: LayoutOptionSettings | null = null;
const listeners = new Set<() => void>();

export function setLayoutPreview(next: LayoutOptionSettings | null) {
  if (
    next === preview ||
    (next &&
      preview &&
      next.layoutSidebarWidth === preview.layoutSidebarWidth &&
      next.layoutContentWidth === preview.layoutContentWidth &&
      next.layoutPadding === preview.layoutPadding)
  )
    return;
  preview = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLayoutPreview = (): LayoutOptionSettings | null =>
  useSyncExternalStore(
    subscribe,
    () => preview,
    () => null,
  );
