/**
 * The per-user list of notification ids already shown as toasts (in local storage), so a
 * reload or a second tab never shows the same toast again. Capped: the oldest ids drop off.
 */
const MAX_IDS = 200;
const shownIdsKey = (userId: string) => `notificationShownIds:${userId}`;

export function readShownIds(userId: string): Set<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(shownIdsKey(userId)) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberShownId(userId: string, id: string) {
  // Read again each time: another tab may have added ids meanwhile.
  const ids = [...readShownIds(userId)].filter((known) => known !== id);
  ids.push(id);
  try {
    localStorage.setItem(shownIdsKey(userId), JSON.stringify(ids.slice(-MAX_IDS)));
  } catch {
    /* storage full or blocked: the toast may show again, nothing worse */
  }
}
