import { useState } from 'react';

let next = 0;

/**
 * A DOM id unique for the page's lifetime, for label/aria wiring. The SPA runs on Preact's compat
 * layer, whose `useId` derives ids from the tree position and repeats them across portals and
 * remounted dialogs (a reopened modal's label then pointed at another element). No server rendering
 * here, so a counter is enough.
 */
export function useUniqueId(prefix = 'id'): string {
  const [id] = useState(() => `${prefix}-${++next}`);
  return id;
}
